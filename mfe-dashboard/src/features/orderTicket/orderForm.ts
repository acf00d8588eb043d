/**
 * The order ticket's fields and the request they make. The fields are kept as the operator types
 * them; `toOrderRequest` checks them with the contract's own schema (the server checks the same),
 * so the ticket never previews or sends an order the server would refuse for its shape. Whether
 * the symbol exists is the server's to say (its 400 message is shown).
 */
import {
  PlaceOrderRequest,
  type OrderType,
  type PlaceOrderRequest as OrderRequest,
  type TradeProduct,
  type TradeSide,
} from '@nivesh/api-contract';

export interface OrderDraft {
  side: TradeSide;
  symbol: string;
  /** As typed: whole shares. */
  quantity: string;
  orderType: OrderType;
  /** As typed; used only for LIMIT and SL orders. */
  limitPrice: string;
  /** As typed; used only for stop-loss orders (SL, SL-M). */
  triggerPrice: string;
  product: TradeProduct;
}

/** The order types the ticket offers, with the names it shows (Upstox's SL and SL-M). */
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  SL: 'Stop-loss limit (SL)',
  'SL-M': 'Stop-loss market (SL-M)',
};

/** The order types that carry a limit price, and those that wait for a trigger price. */
export const usesLimitPrice = (type: OrderType) => type === 'LIMIT' || type === 'SL';
export const usesTriggerPrice = (type: OrderType) => type === 'SL' || type === 'SL-M';

/** What a caller may prefill (a holding's row: its symbol, side, quantity and product). */
export type OrderTicketPrefill = Partial<Pick<OrderDraft, 'side' | 'symbol' | 'product'>> & {
  quantity?: number;
};

export function initialDraft(prefill: OrderTicketPrefill = {}): OrderDraft {
  return {
    side: prefill.side ?? 'BUY',
    symbol: prefill.symbol ?? '',
    quantity: prefill.quantity === undefined ? '' : String(Math.abs(prefill.quantity)),
    orderType: 'MARKET',
    limitPrice: '',
    triggerPrice: '',
    product: prefill.product ?? 'CNC',
  };
}

export type DraftCheck = { ok: true; request: OrderRequest } | { ok: false; problem: string };

/**
 * The schema's message as a sentence: 'limit_price must be…' reads 'The limit price must be….',
 * and 'trigger_price' reads 'the trigger price' wherever it appears.
 */
function sentence(text: string): string {
  const words = text
    .replace(/\blimit_price\b/g, 'the limit price')
    .replace(/\btrigger_price\b/g, 'the trigger price');
  const once = words.replace(/\bits the (limit|trigger) price\b/g, 'its $1 price');
  return `${once.charAt(0).toUpperCase()}${once.slice(1)}.`;
}

/** The request the fields make, or the first thing to fix, in a sentence. */
export function toOrderRequest(draft: OrderDraft): DraftCheck {
  if (!draft.symbol.trim()) return { ok: false, problem: 'Enter a symbol.' };
  if (!draft.quantity.trim()) return { ok: false, problem: 'Enter a quantity.' };
  const limit = usesLimitPrice(draft.orderType);
  const trigger = usesTriggerPrice(draft.orderType);
  if (trigger && !draft.triggerPrice.trim()) return { ok: false, problem: 'Enter a trigger price.' };
  if (trigger && !Number.isFinite(Number(draft.triggerPrice)))
    return { ok: false, problem: 'Enter the trigger price in rupees.' };
  if (limit && !draft.limitPrice.trim()) return { ok: false, problem: 'Enter a limit price.' };

  if (limit && !Number.isFinite(Number(draft.limitPrice)))
    return { ok: false, problem: 'Enter the limit price in rupees.' };

  const quantity = Number(draft.quantity);
  const candidate: OrderRequest = {
    symbol: draft.symbol,
    side: draft.side,
    quantity,
    order_type: draft.orderType,
    product: draft.product,
    ...(limit ? { limit_price: Number(draft.limitPrice) } : {}),
    ...(trigger ? { trigger_price: Number(draft.triggerPrice) } : {}),
  };
  const parsed = PlaceOrderRequest.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: sentence(issue?.message ?? 'Check the order') };
  }
  return { ok: true, request: parsed.data };
}
