/**
 * Trading mode (live or paper), trade history and the paper account's limits, balance and reset
 * (specification part 2, sections 2-5, 7 and 9). Amounts are rupees; percentages are percent
 * (1.5 means 1.5%) unless a field says fraction.
 */
import { z } from 'zod';
import {
  ApiError,
  asEntered,
  MAX_COUNT,
  MAX_RUPEES,
  MAX_RUPEES_TEXT,
  Percent,
  RupeeAmount,
  Rupees,
  Timestamp,
  ruleNumber,
} from './common';
import { MIN_PHASE_CAPITAL } from './capitalPhases';
import type { NumberRule } from './fieldRules';
import { route } from './route';
import { istDay } from './time';

/**
 * Stored modes. `live` trades real money through the broker; `paper` simulates fills against the
 * market feed; `mock` is paper against the simulated market, chosen only from diagnostics.
 */
export const TradingMode = z.enum(['live', 'paper', 'mock']);
export type TradingMode = z.infer<typeof TradingMode>;

/** The specification calls live mode `real` in the sidebar; both names are accepted. */
export const TradingModeRequest = z.object({
  mode: z.enum(['live', 'real', 'paper', 'mock'], {
    error: "mode must be one of 'live', 'real', 'paper' or 'mock'",
  }),
});

export const TradingModeResponse = z.object({
  success: z.literal(true),
  mode: TradingMode,
  trading_mode: TradingMode,
  trading_mode_label: z.string(),
  current_mode: TradingMode,
  current_mode_label: z.string(),
  updated_at: Timestamp.nullable(),
  message: z.string(),
});
export type TradingModeResponse = z.infer<typeof TradingModeResponse>;

/**
 * Whether a switch to `mode` would be taken now, asked before the operator is asked to confirm
 * real money: the same checks as the switch (a usable token Upstox accepts), and nothing changed.
 */
export const TradingModeCheck = z.object({
  success: z.literal(true),
  mode: TradingMode,
  ready: z.boolean(),
  /** Why the switch would be refused, in the server's sentence; null when ready. */
  reason: z.string().nullable(),
  /** The refusal is the broker access token's: a new token fixes it (pasted, or by connecting). */
  needs_token: z.boolean(),
});
export type TradingModeCheck = z.infer<typeof TradingModeCheck>;

export const TRADING_MODE_LABELS: Record<TradingMode, string> = {
  live: 'Live Trading',
  paper: 'Paper Trading',
  mock: 'Mock Trading (simulated market)',
};

// ---------------------------------------------------------------------------------------------
// Trade history
// ---------------------------------------------------------------------------------------------

/** Which account a trade belongs to (the original's `trade_type`). */
export const TradeMode = z.enum(['live', 'paper']);
export type TradeMode = z.infer<typeof TradeMode>;

/** BUY opens a long position (closed by a sell); SELL opens a short one (intraday only). */
export const TradeSide = z.enum(['BUY', 'SELL']);
export type TradeSide = z.infer<typeof TradeSide>;

export const TradeStatus = z.enum(['completed', 'open', 'pending', 'cancelled']);
export type TradeStatus = z.infer<typeof TradeStatus>;

/** CNC: delivery; MIS: intraday (squared off the same day). */
export const TradeProduct = z.enum(['CNC', 'MIS']);
export type TradeProduct = z.infer<typeof TradeProduct>;

/** The strategy name of trades placed by hand in the paper account. */
export const DEFAULT_TRADE_STRATEGY = 'Paper Trading';

/**
 * One trade: an entry and, once completed, its exit. The original read several names for some
 * fields (id, action/type, price, time/timestamp, profit_loss, return_percent, engine,
 * trade_type); these are the one name each.
 *
 * A position (a lot: one opening fill) is one trade while nothing of it has been closed; each exit
 * from it is a completed trade of the shares it closed (a round trip), and the rest stays an open
 * trade: selling 4 of 10 is a completed trade of 4 (opened_quantity 10, closed at exit_price) and
 * an open one of 6. The history also lists orders that have not filled (pending, cancelled): they
 * are not trades (`tradeIsFilled`), and have no P&L.
 */
export const Trade = z.object({
  trade_id: z.string(),
  symbol: z.string(),
  mode: TradeMode,
  /**
   * The side of the fill that opened the position: BUY a long one (closed by selling), SELL a
   * short one (intraday, closed by buying back). An unfilled order's own side.
   */
  side: TradeSide,
  /** Shares of this trade: closed (completed), still open (open), or ordered (not filled). */
  quantity: z.number().int().positive(),
  /**
   * The shares the position this trade is part of was opened with: 10 for the exit that sold 4 of
   * 10 and for the 6 still open. Null for an order that has not filled.
   */
  opened_quantity: z.number().int().positive().nullable(),
  entry_price: Rupees,
  /** The price it was closed at; null until the trade is completed. */
  exit_price: Rupees.nullable(),
  /** Last traded price, for open trades (null when completed or no price is known). */
  current_price: Rupees.nullable(),
  /**
   * Gross P&L before charges: realised at exit_price, or unrealised at current_price when open.
   * Null without one: an order not filled, or an open trade with no price known.
   */
  pnl: Rupees.nullable(),
  /** net_pnl as a percent of the entry value (entry_price x quantity); null with net_pnl. */
  pnl_percent: Percent.nullable(),
  /** Total charges so far (brokerage, STT, exchange, SEBI, stamp duty, GST). */
  fees: Rupees,
  /** pnl - fees: the P&L after charges (docs/DOMAIN.md, "P&L"); null with pnl. */
  net_pnl: Rupees.nullable(),
  status: TradeStatus,
  /** The strategy or engine that placed it; the server sends 'Paper Trading' for manual paper trades. */
  strategy: z.string(),
  entry_time: Timestamp,
  exit_time: Timestamp.nullable(),
  product: TradeProduct,
});
export type Trade = z.infer<typeof Trade>;

/**
 * Whether a row of the history is a trade: a fill closed (completed) or open. A pending or
 * cancelled (or rejected) order is listed, but it is not a trade and has no P&L.
 */
export const tradeIsFilled = (trade: Pick<Trade, 'status'>) =>
  trade.status === 'completed' || trade.status === 'open';

/**
 * How far back the history goes, by IST calendar day of entry_time: today; week = the last 7 days
 * including today; month 30; quarter 90; year 365; all = no limit.
 */
export const TradeHistoryPeriod = z.enum(['today', 'week', 'month', 'quarter', 'year', 'all']);
export type TradeHistoryPeriod = z.infer<typeof TradeHistoryPeriod>;

/** The history's default period (specification part 2, section 9). */
export const DEFAULT_TRADE_HISTORY_PERIOD: TradeHistoryPeriod = 'today';

export const TradeStatusFilter = z.enum(['all', 'open', 'completed', 'pending', 'cancelled']);
export type TradeStatusFilter = z.infer<typeof TradeStatusFilter>;

export const TRADE_HISTORY_MAX_PAGE_SIZE = 200;

const IstDate = z.iso.date();
const QueryNumber = z.coerce.number<number>();
/** A signed amount of rupees in the query string, within the bound of every request amount. */
const QueryRupees = QueryNumber.min(-MAX_RUPEES, `amount must be at least -${MAX_RUPEES_TEXT}`).max(
  MAX_RUPEES,
  `amount must be at most ${MAX_RUPEES_TEXT}`,
);

/** Every filter is applied by the server before it counts and pages (see `tradeMatchesFilter`). */
export const TradeHistoryQuery = z.object({
  period: TradeHistoryPeriod.default(DEFAULT_TRADE_HISTORY_PERIOD),
  status: TradeStatusFilter.default('all'),
  /** Case-insensitive part of the symbol or the trade id. */
  search: z.string().trim().max(50).optional(),
  side: TradeSide.optional(),
  mode: TradeMode.optional(),
  product: TradeProduct.optional(),
  /** Bounds on net_pnl, rupees, inclusive. */
  min_pnl: QueryRupees.optional(),
  max_pnl: QueryRupees.optional(),
  /** IST calendar days of entry_time, inclusive; they narrow the period further. */
  from: IstDate.optional(),
  to: IstDate.optional(),
  /** 1-based. */
  page: QueryNumber.int().min(1).max(MAX_COUNT).default(1),
  page_size: QueryNumber.int().min(1).max(TRADE_HISTORY_MAX_PAGE_SIZE).default(50),
});
export type TradeHistoryQuery = z.input<typeof TradeHistoryQuery>;
export type TradeHistoryFilter = z.output<typeof TradeHistoryQuery>;

/** Figures over every row that matches the filters (all pages), computed by `summarizeTrades`. */
export const TradeSummary = z.object({
  /**
   * Trades: completed_trades + open_positions (each closed round trip and each position still
   * open). Unfilled orders are not counted (unfilled_orders).
   */
  total_trades: z.number().int(),
  completed_trades: z.number().int(),
  /** Completed trades with net_pnl above zero. */
  winning_trades: z.number().int(),
  /** Percent of completed trades that made money after charges; null without completed trades. */
  win_rate: Percent.nullable(),
  /** Sum of net_pnl: realised on completed trades, unrealised on open ones, after charges. */
  net_pnl: Rupees,
  /** Sum of fees. */
  total_charges: Rupees,
  /** Trades with status open. */
  open_positions: z.number().int(),
  /** Orders listed that have not filled (pending) or never will (cancelled, rejected): not trades. */
  unfilled_orders: z.number().int(),
});
export type TradeSummary = z.infer<typeof TradeSummary>;

export const TradeHistoryResponse = z.object({
  success: z.literal(true),
  /** This page's trades, newest entry first. */
  data: z.array(Trade),
  /** Rows matching the filters, over all pages: trades and unfilled orders. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  summary: TradeSummary,
});
export type TradeHistoryResponse = z.infer<typeof TradeHistoryResponse>;

/**
 * A broker's order status as one of ours (specification part 2, section 4): CLOSED, FILLED and
 * COMPLETED become completed; OPEN open; PENDING pending. The original produced no cancelled
 * trades; showing a cancelled or rejected order as an open position would be wrong, so CANCELLED,
 * CANCELED and REJECTED become cancelled. Anything else stays open, as in the original.
 */
export function mapTradeStatus(raw: string): TradeStatus {
  switch (raw.trim().toUpperCase()) {
    case 'CLOSED':
    case 'FILLED':
    case 'COMPLETED':
      return 'completed';
    case 'PENDING':
      return 'pending';
    case 'CANCELLED':
    case 'CANCELED':
    case 'REJECTED':
      return 'cancelled';
    default:
      return 'open';
  }
}

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Exclude<TradeHistoryPeriod, 'all'>, number> = {
  today: 1,
  week: 7,
  month: 30,
  quarter: 90,
  year: 365,
};

/** The first IST day a period covers, or null for all. */
export function periodFirstDay(period: TradeHistoryPeriod, now: Date): string | null {
  if (period === 'all') return null;
  return istDay(new Date(now.getTime() - (PERIOD_DAYS[period] - 1) * DAY_MS));
}

/** Whether a trade passes the history's filters (paging aside): the server's rule, written once. */
export function tradeMatchesFilter(
  trade: Trade,
  filter: Omit<TradeHistoryFilter, 'page' | 'page_size'>,
  now: Date,
): boolean {
  const day = istDay(trade.entry_time);
  const firstDay = periodFirstDay(filter.period, now);
  if (firstDay && day < firstDay) return false;
  if (filter.from && day < filter.from) return false;
  if (filter.to && day > filter.to) return false;
  if (filter.status !== 'all' && trade.status !== filter.status) return false;
  if (filter.side && trade.side !== filter.side) return false;
  if (filter.mode && trade.mode !== filter.mode) return false;
  if (filter.product && trade.product !== filter.product) return false;
  // A row without P&L (an unfilled order, an open trade with no price) is outside any P&L bound.
  if (filter.min_pnl !== undefined && (trade.net_pnl === null || trade.net_pnl < filter.min_pnl))
    return false;
  if (filter.max_pnl !== undefined && (trade.net_pnl === null || trade.net_pnl > filter.max_pnl))
    return false;
  const search = filter.search?.trim().toLowerCase();
  if (
    search &&
    !trade.symbol.toLowerCase().includes(search) &&
    !trade.trade_id.toLowerCase().includes(search)
  ) {
    return false;
  }
  return true;
}

const roundPaise = (value: number) => Math.round(value * 100) / 100;

/** The history's summary figures over a set of rows (trades and unfilled orders). */
export function summarizeTrades(trades: readonly Trade[]): TradeSummary {
  const completed = trades.filter((t) => t.status === 'completed');
  const winning = completed.filter((t) => (t.net_pnl ?? 0) > 0).length;
  const open = trades.filter((t) => t.status === 'open').length;
  return {
    total_trades: completed.length + open,
    completed_trades: completed.length,
    winning_trades: winning,
    win_rate: completed.length ? (winning / completed.length) * 100 : null,
    net_pnl: roundPaise(trades.reduce((sum, t) => sum + (t.net_pnl ?? 0), 0)),
    total_charges: roundPaise(trades.reduce((sum, t) => sum + t.fees, 0)),
    open_positions: open,
    unfilled_orders: trades.filter((t) => !tradeIsFilled(t)).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Paper account: limits, costs, balance, reset
// ---------------------------------------------------------------------------------------------

/**
 * The field rules of the paper engine's limits (fieldRules.ts). Amounts and counts are whole
 * numbers; the limits that stop trading (a position's size, the day's loss, the share in positions,
 * the number of positions) must be above 0. Rates are typed as percents of turnover and carried as
 * the specification has them: STT and the exposure as fractions (0.001 = 0.1%), the exchange
 * transaction charge as a percent (0.00345 = 0.00345%). The ranges are wide of every NSE and broker
 * schedule (DOMAIN.md) and refuse a percent typed where a fraction was meant.
 */
export const PAPER_LIMIT_RULES = {
  max_position_size: {
    label: 'Max position size',
    unit: 'rupees',
    min: 0,
    aboveMin: true,
    integer: true,
    step: 1000,
  },
  max_daily_loss: {
    label: 'Max daily loss',
    unit: 'rupees',
    min: 0,
    aboveMin: true,
    integer: true,
    step: 1000,
  },
  max_portfolio_exposure: {
    label: 'Max portfolio exposure',
    unit: 'percent',
    of: 'of the account',
    wire: 'fraction',
    min: 0,
    aboveMin: true,
    max: 100,
    step: 10,
  },
  max_positions_count: {
    label: 'Max positions',
    unit: 'count',
    of: 'positions',
    min: 1,
    max: 100,
    step: 1,
  },
  min_balance_threshold: {
    label: 'Min balance threshold',
    unit: 'rupees',
    min: 0,
    integer: true,
    step: 1000,
  },
  brokerage_per_trade: {
    label: 'Brokerage per trade',
    unit: 'rupees',
    of: 'per order',
    min: 0,
    max: 1_000,
    integer: true,
    step: 1,
  },
  stt_rate: {
    label: 'STT rate',
    unit: 'percent',
    of: 'of turnover',
    wire: 'fraction',
    min: 0,
    max: 0.5,
    step: 0.001,
  },
  transaction_charges: {
    label: 'Transaction charges',
    unit: 'percent',
    of: 'of turnover',
    min: 0,
    max: 0.1,
    step: 0.00001,
  },
} as const satisfies Record<string, NumberRule>;

/** The paper engine's limits and cost settings (specification part 2, section 3). */
export const PaperLimits = asEntered(
  z.object({
    /** Largest value of one position, rupees. */
    max_position_size: ruleNumber(PAPER_LIMIT_RULES.max_position_size),
    /** Trading stops for the day once the day's loss reaches this, rupees. */
    max_daily_loss: ruleNumber(PAPER_LIMIT_RULES.max_daily_loss),
    /** Largest share of the account held in positions, a fraction 0-1 (0.8 = 80%). */
    max_portfolio_exposure: ruleNumber(PAPER_LIMIT_RULES.max_portfolio_exposure),
    max_positions_count: ruleNumber(PAPER_LIMIT_RULES.max_positions_count),
    /** No new buys while cash is below this, rupees. */
    min_balance_threshold: ruleNumber(PAPER_LIMIT_RULES.min_balance_threshold),
    /** Flat brokerage per executed order, rupees. */
    brokerage_per_trade: ruleNumber(PAPER_LIMIT_RULES.brokerage_per_trade),
    /** STT as a fraction of turnover (0.001 = 0.1%, delivery). */
    stt_rate: ruleNumber(PAPER_LIMIT_RULES.stt_rate),
    /** Exchange transaction charge as a percent of turnover (0.00345 = 0.00345%). */
    transaction_charges: ruleNumber(PAPER_LIMIT_RULES.transaction_charges),
  }),
);
export type PaperLimits = z.infer<typeof PaperLimits>;

/** The specification's defaults (part 2, section 9). */
export const DEFAULT_PAPER_LIMITS: PaperLimits = {
  max_position_size: 50_000,
  max_daily_loss: 25_000,
  max_portfolio_exposure: 0.8,
  max_positions_count: 10,
  min_balance_threshold: 100_000,
  brokerage_per_trade: 20,
  stt_rate: 0.001,
  transaction_charges: 0.00345,
};

/** A rate typed as a percent of turnover, carried as a fraction (0.00025 = 0.025%). */
const turnoverRate = (label: string, max: number): NumberRule => ({
  label,
  unit: 'percent',
  of: 'of turnover',
  wire: 'fraction',
  min: 0,
  max,
  step: 0.001,
});

/** The field rules of the rest of the cost schedule (fieldRules.ts); see PAPER_LIMIT_RULES. */
export const PAPER_COST_RULES = {
  brokerage_rate: {
    ...turnoverRate('Brokerage rate cap', 0.5),
    step: 0.01,
    emptyMeans: 'flat brokerage only',
  },
  intraday_stt_rate: turnoverRate('Intraday STT rate', 0.5),
  sebi_fee_per_crore: {
    label: 'SEBI turnover fee',
    unit: 'rupees_per_crore',
    of: 'of turnover',
    min: 0,
    max: 10_000,
    step: 1,
  },
  stamp_duty_delivery_rate: turnoverRate('Stamp duty on delivery', 0.1),
  stamp_duty_intraday_rate: turnoverRate('Stamp duty on intraday', 0.1),
  gst_rate: {
    label: 'GST rate',
    unit: 'percent',
    of: 'of the charges it applies to',
    wire: 'fraction',
    min: 0,
    max: 50,
    step: 1,
  },
  dp_charge: {
    label: 'DP charge',
    unit: 'rupees',
    of: 'per stock per day',
    min: 0,
    max: 1_000,
    step: 0.5,
  },
  half_spread_percent: {
    label: 'Simulated half-spread',
    unit: 'percent',
    of: 'of the last price',
    min: 0,
    max: 5,
    step: 0.01,
  },
} as const satisfies Record<string, NumberRule>;

/**
 * The rest of the paper engine's cost schedule (DOMAIN.md, "Trading costs"), beside PaperLimits'
 * flat brokerage, delivery STT and transaction charges, and the simulated spread. Every rate is a
 * fraction (0.00025 = 0.025%) except `half_spread_percent`, a percent; amounts are rupees.
 */
export const PaperCostSettings = asEntered(
  z.object({
    /**
     * When set, brokerage = min(brokerage_per_trade, this fraction of turnover), the "₹20 or 0.03%,
     * whichever is lower" of discount brokers; null: the flat brokerage_per_trade only.
     */
    brokerage_rate: ruleNumber(PAPER_COST_RULES.brokerage_rate).nullable(),
    /** Intraday (MIS) STT on the sell side only (DOMAIN.md: 0.025%). */
    intraday_stt_rate: ruleNumber(PAPER_COST_RULES.intraday_stt_rate),
    /** SEBI turnover fee, rupees per crore (₹1,00,00,000) of turnover (DOMAIN.md: ₹10). */
    sebi_fee_per_crore: ruleNumber(PAPER_COST_RULES.sebi_fee_per_crore),
    /** Stamp duty on delivery buys (DOMAIN.md: 0.015%). */
    stamp_duty_delivery_rate: ruleNumber(PAPER_COST_RULES.stamp_duty_delivery_rate),
    /** Stamp duty on intraday buys (DOMAIN.md: 0.003%). */
    stamp_duty_intraday_rate: ruleNumber(PAPER_COST_RULES.stamp_duty_intraday_rate),
    /** GST on brokerage, exchange and SEBI charges and on the DP charge, a fraction (0.18 = 18%). */
    gst_rate: ruleNumber(PAPER_COST_RULES.gst_rate),
    /** Depository charge per stock per day on delivery sells, rupees before GST (Upstox ₹18.50). */
    dp_charge: ruleNumber(PAPER_COST_RULES.dp_charge),
    /**
     * Half the simulated bid-ask spread, a PERCENT of the last price: market buys fill this much
     * above it and sells this much below, rounded outward to the ₹0.05 tick.
     */
    half_spread_percent: ruleNumber(PAPER_COST_RULES.half_spread_percent),
  }),
);
export type PaperCostSettings = z.infer<typeof PaperCostSettings>;

/** DOMAIN.md's cost schedule (NSE equity, a discount broker) and a 0.05% simulated half-spread. */
export const DEFAULT_PAPER_COSTS: PaperCostSettings = {
  brokerage_rate: null,
  intraday_stt_rate: 0.00025,
  sebi_fee_per_crore: 10,
  stamp_duty_delivery_rate: 0.00015,
  stamp_duty_intraday_rate: 0.00003,
  gst_rate: 0.18,
  dp_charge: 18.5,
  half_spread_percent: 0.05,
};

export const PaperCostsResponse = z.object({ success: z.literal(true), data: PaperCostSettings });

export const PaperCostsUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: PaperCostSettings,
});

/** A reset closes every paper position and sets the cash to this (₹10,00,000). */
export const PAPER_RESET_BALANCE = 1_000_000;

export const PaperLimitsResponse = z.object({ success: z.literal(true), data: PaperLimits });
export type PaperLimitsResponse = z.infer<typeof PaperLimitsResponse>;

export const PaperLimitsUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: PaperLimits,
});

/** What a balance edit or reset refuses below: the smallest capital phase's minimum (₹5,000). */
export const MIN_PAPER_BALANCE_TEXT = `The balance must be at least ₹${MIN_PHASE_CAPITAL.toLocaleString('en-IN')}, the smallest capital phase's minimum.`;

/**
 * The cash a balance edit or reset may set: no account below the first capital phase, whose
 * limits are sized for ₹5,000 and up (₹1.50 would leave no order the phase rules allow).
 */
const PaperBalance = RupeeAmount.min(0, {
  error: 'Please enter a valid positive balance amount.',
  abort: true,
}).min(MIN_PHASE_CAPITAL, MIN_PAPER_BALANCE_TEXT);

export const PaperResetRequest = z.object({ balance: PaperBalance });

export const PaperResetResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Cash after the reset. */
  balance: Rupees,
});

export const PaperBalanceRequest = z.object({ balance: PaperBalance });

/** A refused change (negative amount, service down) is an ApiError with the reason in `error`. */
export const PaperBalanceResponse = z.object({
  success: z.literal(true),
  new_balance: Rupees,
  message: z.string(),
});
export type PaperBalanceResponse = z.infer<typeof PaperBalanceResponse>;

export const tradingRoutes = {
  getMode: route({
    method: 'GET',
    path: '/api/trading/mode',
    access: 'session',
    tag: 'trading',
    summary: 'The current trading mode',
    responses: { 200: TradingModeResponse, 401: ApiError },
  }),
  setMode: route({
    method: 'POST',
    path: '/api/trading/mode',
    access: 'session',
    tag: 'trading',
    summary:
      'Switch between live (real money) and paper trading. Live needs a token Upstox accepts (409 when it refuses it, 503 when it cannot be asked)',
    body: TradingModeRequest,
    responses: { 200: TradingModeResponse, 400: ApiError, 401: ApiError, 409: ApiError, 503: ApiError },
  }),
  checkMode: route({
    method: 'POST',
    path: '/api/trading/mode/check',
    access: 'session',
    tag: 'trading',
    summary:
      'Whether a switch to the mode would be taken now (live: a token Upstox accepts), without switching: asked before the confirmation',
    body: TradingModeRequest,
    responses: { 200: TradingModeCheck, 400: ApiError, 401: ApiError },
  }),
  history: route({
    method: 'GET',
    path: '/api/trading/history',
    access: 'session',
    tag: 'trading',
    summary: 'Trades of the live and paper accounts, filtered and paged by the server',
    querystring: TradeHistoryQuery,
    responses: { 200: TradeHistoryResponse, 400: ApiError, 401: ApiError, 503: ApiError },
  }),
  getPaperLimits: route({
    method: 'GET',
    path: '/api/trading/paper-limits',
    access: 'session',
    tag: 'trading',
    summary: "The paper account's current limits and cost settings",
    responses: { 200: PaperLimitsResponse, 401: ApiError, 503: ApiError },
  }),
  setPaperLimits: route({
    method: 'POST',
    path: '/api/trading/paper-limits',
    access: 'session',
    tag: 'trading',
    summary: "Replace the paper account's limits and cost settings",
    body: PaperLimits,
    responses: { 200: PaperLimitsUpdateResponse, 400: ApiError, 401: ApiError, 503: ApiError },
  }),
  getPaperCosts: route({
    method: 'GET',
    path: '/api/trading/paper-costs',
    access: 'session',
    tag: 'trading',
    summary:
      "The rest of the paper account's cost schedule: brokerage rate, intraday STT, SEBI fee, stamp duty, GST, DP charge and the simulated spread",
    responses: { 200: PaperCostsResponse, 401: ApiError, 503: ApiError },
  }),
  setPaperCosts: route({
    method: 'POST',
    path: '/api/trading/paper-costs',
    access: 'session',
    tag: 'trading',
    summary: "Replace the rest of the paper account's cost schedule (the limits' own cost fields stay)",
    body: PaperCostSettings,
    responses: { 200: PaperCostsUpdateResponse, 400: ApiError, 401: ApiError, 503: ApiError },
  }),
  resetPaperAccount: route({
    method: 'POST',
    path: '/api/trading/paper-reset',
    access: 'session',
    tag: 'trading',
    summary: 'Close every paper position and set the paper cash balance',
    body: PaperResetRequest,
    responses: { 200: PaperResetResponse, 400: ApiError, 401: ApiError, 503: ApiError },
  }),
  setPaperBalance: route({
    method: 'POST',
    path: '/api/trading/paper/balance',
    access: 'session',
    tag: 'trading',
    summary: "Set the paper account's cash balance",
    body: PaperBalanceRequest,
    responses: { 200: PaperBalanceResponse, 400: ApiError, 401: ApiError, 409: ApiError, 503: ApiError },
  }),
} as const;
