/**
 * How the portfolio value is made up, to the paisa, so the figures on screen add up: value = cash +
 * holdings, and cash = available + held for open orders (blocked_funds: cash that open orders and
 * short positions hold). In live mode Upstox does not report what open orders hold: the cash shown
 * is what it calls available to trade, and the line says the held part is not reported.
 */
import { Box } from '@nivesh/ui/chakra';
import type { PortfolioOverview } from '@nivesh/api-contract';
import { formatRupees } from '@nivesh/ui';

const paise = (value: number) => formatRupees(value, { decimals: 2 });
/** A label and its figure kept on one line (a no-break space between them). */
const term = (before: string, after: string) => `${before}\u00a0${after}`;

/** Lines of a StatCard's help (inside its paragraph: spans, one per line). */
export function CashBreakdown({ overview }: { overview: PortfolioOverview }) {
  return (
    <>
      <Box as="span" display="block">
        {term('Cash', paise(overview.cash_balance))} + {term('Holdings', paise(overview.invested_value))}
      </Box>
      <Box as="span" display="block">
        {overview.blocked_funds === null
          ? 'Cash is what the broker reports as available; funds held for open orders are not reported'
          : `Cash = ${term(paise(overview.available_balance), 'available')} + ${term(paise(overview.blocked_funds), 'held')} for open orders`}
      </Box>
    </>
  );
}
