/**
 * Portfolio summary, holdings, recent activity and the sidebar's quick stats (specification part 1
 * sections 3 and 7, part 2 sections 3 and 7). Amounts are rupees; percentages are percent (1.5 means
 * 1.5%).
 */
import { z } from 'zod';
import { ApiError, PnlBasis, Rupees, Timestamp, Percent } from './common';
import { route } from './route';
import { TradingMode } from './trading';

/** Where the figures' prices come from. */
export const DataSource = z.enum(['simulated', 'upstox']);
export type DataSource = z.infer<typeof DataSource>;

const LimitCheck = z.object({ safe: z.boolean() });

/** The paper account's limit checks (specification part 2, Paper portfolio). */
export const LimitsStatus = z.object({
  balance_status: LimitCheck.extend({ current: Rupees, threshold: Rupees }),
  daily_loss_status: LimitCheck.extend({ current_loss: Rupees, limit: Rupees }),
  positions_status: LimitCheck.extend({ current: z.number().int(), limit: z.number().int() }),
  exposure_status: LimitCheck.extend({ current_percentage: Percent, limit_percentage: Percent }),
});
export type LimitsStatus = z.infer<typeof LimitsStatus>;

export const PortfolioOverview = z.object({
  /** Cash plus holdings at current prices. */
  portfolio_value: Rupees,
  /** Same as portfolio_value (the specification reads both names). */
  total_value: Rupees,
  /** Holdings at current prices. */
  invested_value: Rupees,
  /**
   * The cash part of the value: portfolio_value = cash_balance + invested_value. Paper: the ledger's
   * cash (what a balance edit sets), = available_balance + blocked_funds. Live: Upstox's cash
   * available to trade (its answer does not split out what open orders hold; see blocked_funds).
   */
  cash_balance: Rupees,
  /** Cash available to trade: cash_balance less blocked_funds. */
  available_balance: Rupees,
  /**
   * Cash held for open orders and short positions, not available to trade: an open buy holds its
   * value and charges at its standing price, an open sell that would open a short the same, and an
   * intraday short its sale proceeds plus an equal margin. Null in live mode: Upstox's funds answer
   * has no such figure (its "margin used" mixes what open orders hold with the cost of today's
   * filled delivery buys and the day's losses).
   */
  blocked_funds: Rupees.nullable(),
  /** Change of portfolio value since the previous close (the day's charges paid are in it). */
  day_change: Rupees,
  day_change_percent: Percent,
  active_positions: z.number().int(),
  /** Gain since the account started (after costs). */
  total_returns: Rupees,
  total_returns_percent: Percent,
  unrealized_pnl: Rupees,
  realized_pnl: Rupees,
  /**
   * Of day_change, total_returns, unrealized_pnl and realized_pnl: after charges for the paper
   * account (docs/DOMAIN.md, "P&L"); before charges in live mode, as Upstox reports them.
   */
  pnl_basis: PnlBasis,
  /** Fills (executions) today and since the account started: an order not filled is not a trade. */
  trades_today: z.number().int(),
  total_trades: z.number().int(),
  trading_mode: TradingMode,
  trading_mode_label: z.string(),
  data_source: DataSource,
  /** The paper account's limit checks; null in live mode. */
  limits_status: LimitsStatus.nullable(),
  as_of: Timestamp,
});
export type PortfolioOverview = z.infer<typeof PortfolioOverview>;

export const Holding = z.object({
  symbol: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Average buy price (FIFO lots). */
  avg_price: Rupees,
  current_price: Rupees,
  market_value: Rupees,
  /**
   * The open shares' P&L at current_price: the paper account's after their entry charges (the
   * unrealised P&L of docs/DOMAIN.md, "P&L"); live, before charges as Upstox reports it (pnl_basis).
   */
  total_returns: Rupees,
  /** total_returns as a percent of the shares' cost (avg_price x quantity). */
  total_returns_percent: Percent,
  pnl_basis: PnlBasis,
  day_change_percent: Percent,
  product: z.enum(['CNC', 'MIS']),
});
export type Holding = z.infer<typeof Holding>;

export const ActivityItem = z.object({
  id: z.string(),
  /** 'Bought' or 'Sold'. */
  action: z.enum(['Bought', 'Sold']),
  symbol: z.string(),
  quantity: z.number().int(),
  price: Rupees,
  value: Rupees,
  timestamp: Timestamp,
  time_ago: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const QuickStats = z.object({
  active_positions: z.number().int(),
  /**
   * Percent of closed trades that made money after costs (0-100); null before the account has
   * closed a trade (no win rate yet, not 0%).
   */
  win_rate: Percent.min(0).max(100).nullable(),
  /** Return over the last 30 days, percent. */
  monthly_return: Percent,
  connection_status: z.enum(['connected', 'disconnected']),
  /** 'live' when prices come from the broker's feed; otherwise where they come from. */
  data_source: z.enum(['live', 'simulated']),
});
export type QuickStats = z.infer<typeof QuickStats>;

const sessionErrors = { 401: ApiError, 503: ApiError } as const;

/**
 * The specification sets no interval for the portfolio calls. Between fetches the pages move prices
 * with the tick stream; a resting limit order, though, fills on the server with nothing to tell the
 * browser, so the account itself (cash, holdings, fills) is fetched again at the quick stats' 30 s.
 */
const ACCOUNT_POLLING = { pollingIntervalMs: 30_000 } as const;

export const portfolioRoutes = {
  overview: route({
    method: 'GET',
    path: '/api/portfolio/overview',
    access: 'session',
    tag: 'portfolio',
    summary: 'Portfolio value, P&L, positions and (paper) limit checks',
    responses: { 200: z.object({ success: z.literal(true), data: PortfolioOverview }), ...sessionErrors },
    client: ACCOUNT_POLLING,
  }),
  holdings: route({
    method: 'GET',
    path: '/api/portfolio/holdings',
    access: 'session',
    tag: 'portfolio',
    summary: 'Current holdings with average price, current price and P&L',
    responses: { 200: z.object({ success: z.literal(true), data: z.array(Holding) }), ...sessionErrors },
    client: ACCOUNT_POLLING,
  }),
  activity: route({
    method: 'GET',
    path: '/api/portfolio/activity',
    access: 'session',
    tag: 'portfolio',
    summary: 'Recent fills, newest first',
    responses: { 200: z.object({ success: z.literal(true), data: z.array(ActivityItem) }), ...sessionErrors },
    client: ACCOUNT_POLLING,
  }),
  quickStats: route({
    method: 'GET',
    path: '/api/quick-stats',
    access: 'session',
    tag: 'portfolio',
    summary: "The sidebar's quick stats",
    responses: { 200: z.object({ success: z.literal(true), data: QuickStats }), ...sessionErrors },
    client: { pollingIntervalMs: 30_000 },
  }),
} as const;
