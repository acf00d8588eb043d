/**
 * What a row of the trade history is, in words, its shares included: the position's direction and
 * what closed it ("Long · sold 4 of 10 at ₹2,365.90"), what is still open of it ("Long · 6 of 10
 * open"), or an order that has not filled ("Buy order · 2 not filled yet"). The table, the
 * performance report and the export say the same.
 */
import type { Trade } from '@nivesh/api-contract';
import { formatNumber, formatRupees } from '@nivesh/ui';

export interface TradeText {
  /** Long, Short, or (not a trade) Buy order / Sell order; a live fill not matched: Buy / Sell. */
  direction: string;
  /** What closed it, what is open of it, or why it is not a trade. */
  detail: string;
}

const money = (value: number) => formatRupees(value, { decimals: 2 });

/** "4 of 10", or "all 10" when the part is the whole position. */
function part(quantity: number, opened: number | null): string {
  if (opened === null || opened === quantity) return `all ${formatNumber(quantity)}`;
  return `${formatNumber(quantity)} of ${formatNumber(opened)}`;
}

export function tradeText(t: Trade): TradeText {
  const long = t.side === 'BUY';
  const direction = long ? 'Long' : 'Short';
  const shares = formatNumber(t.quantity);
  switch (t.status) {
    case 'pending':
      return { direction: long ? 'Buy order' : 'Sell order', detail: `${shares} not filled yet` };
    case 'cancelled':
      return {
        direction: long ? 'Buy order' : 'Sell order',
        detail: `${shares} not filled: cancelled or rejected`,
      };
    case 'open':
      return {
        direction,
        detail:
          t.opened_quantity === null || t.opened_quantity === t.quantity
            ? `${formatNumber(t.quantity)} open`
            : `${formatNumber(t.quantity)} of ${formatNumber(t.opened_quantity)} open`,
      };
    case 'completed':
      // A live fill the broker reports without its round trip: what it did, not a closed position.
      if (t.exit_price === null) {
        return {
          direction: long ? 'Buy' : 'Sell',
          detail: `${long ? 'bought' : 'sold'} ${formatNumber(t.quantity)} at ${money(t.entry_price)}`,
        };
      }
      return {
        direction,
        detail: `${long ? 'sold' : 'bought back'} ${part(t.quantity, t.opened_quantity)} at ${money(t.exit_price)}`,
      };
  }
}

/** "Long · sold 4 of 10 at ₹2,365.90". */
export function tradeSentence(t: Trade): string {
  const { direction, detail } = tradeText(t);
  return `${direction} · ${detail}`;
}
