/**
 * The live Account: the Upstox account's holdings (delivery, settled), positions (today's and
 * intraday), funds and today's trades, in the contract's shapes (data_source 'upstox', no paper
 * limit checks).
 *
 * Upstox is read only in live mode, through a short shared cache (readCache.ts): in paper mode
 * the portfolio pages read the paper account, and the trade history lists the live orders Nivesh
 * recorded, without asking Upstox. Answers are at most READ_CACHE_MS old.
 *
 * Figures: cash is Upstox's cash available to trade; invested value is holdings and open positions
 * at the last price; day change is the holdings' move from the previous close plus the positions'
 * P&L; total returns are unrealised P&L on holdings plus today's positions' P&L (Upstox keeps no
 * account history before today beyond the holdings' average prices).
 */
import { and, count, eq, lt } from 'drizzle-orm';
import {
  istDay,
  timeAgo,
  TRADING_MODE_LABELS,
  type ActivityItem,
  type Holding,
  type PortfolioOverview,
  type Trade,
  type TradeProduct,
  type TradeSide,
  type TradeStatus,
} from '@nivesh/api-contract';
import { schema, type Db } from '../../db/index.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../http/errors.js';
import type { Instrument } from '../../market/feed.js';
import type { Account } from '../broker.js';
import type { TradingModeService } from '../../trading/mode.js';
import type { UpstoxClient } from './client.js';
import type { ChargesEstimator } from './liveBroker.js';
import { LIVE_ORDER_STRATEGY } from './liveBroker.js';
import {
  fromUpstoxProduct,
  instrumentLookup,
  mapUpstoxOrderStatus,
  parseIstTimestamp,
  readFailure,
  round2,
  toRupees,
} from './mapping.js';
import { createReadCache, type ReadCache } from './readCache.js';
import type { LtpQuote, UpstoxHolding, UpstoxPosition } from './schemas.js';

const LIVE_READS_ONLY_IN_LIVE_MODE =
  'The Upstox account is read only in live trading mode. Switch the trading mode to live to see it.';

const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

export function createLiveAccount(deps: {
  db: Db;
  clock: Clock;
  client: UpstoxClient;
  tradingMode: TradingModeService;
  instruments: () => readonly Instrument[];
  estimateCharges?: ChargesEstimator;
  /** Shared with the client's order writes, which clear it. Default: a cache of its own. */
  cache?: ReadCache;
  /**
   * The mode the trade history reads (app.ts: the pages' remembered mode, portfolio/pageMode.ts),
   * so a history poll reads no table to learn it. Default: `tradingMode`.
   */
  historyMode?: Pick<TradingModeService, 'get'>;
}): Account {
  const { db, clock, client } = deps;
  const lookup = instrumentLookup(deps.instruments);
  const cache = deps.cache ?? createReadCache({ clock });

  async function isLive(): Promise<boolean> {
    return (await deps.tradingMode.get()).mode === 'live';
  }

  /** Upstox reads: in live mode only, then through the cache; failures as HTTP errors. */
  async function read<T>(run: (upstox: typeof cached) => Promise<T>, live?: boolean): Promise<T> {
    if (!(live ?? (await isLive()))) throw new HttpError(409, LIVE_READS_ONLY_IN_LIVE_MODE);
    try {
      return await run(cached);
    } catch (error) {
      return readFailure(error);
    }
  }

  const cached = {
    holdings: () => cache.get('holdings', () => client.holdings()),
    positions: () => cache.get('positions', () => client.positions()),
    funds: () => cache.get('funds', () => client.funds()),
    tradesForDay: () => cache.get('trades-for-day', () => client.tradesForDay()),
    orders: () => cache.get('orders', () => client.orders()),
    ltp: (keys: readonly string[]) => {
      const sorted = [...new Set(keys)].sort();
      return cache.get(`ltp:${sorted.join(',')}`, () => client.ltp(sorted));
    },
  };

  const openPositions = (positions: UpstoxPosition[]) =>
    positions.filter((p) => Math.round(p.quantity) !== 0);
  const heldHoldings = (holdings: UpstoxHolding[]) => holdings.filter((h) => Math.round(h.quantity) > 0);

  function positionCost(p: UpstoxPosition): number {
    const price = p.quantity > 0 ? (p.buy_price ?? p.average_price) : (p.sell_price ?? p.average_price);
    return Math.abs(p.quantity) * (price && price > 0 ? price : (p.average_price ?? p.last_price));
  }

  return {
    account: 'live',

    async overview(): Promise<PortfolioOverview> {
      const now = clock.now();
      const [holdings, positions, funds, trades] = await read((upstox) =>
        Promise.all([upstox.holdings(), upstox.positions(), upstox.funds(), upstox.tradesForDay()]),
      );
      const held = heldHoldings(holdings);
      const open = openPositions(positions);
      const cash = funds.available_to_trade.cash_available_to_trade.total;
      const invested =
        held.reduce((s, h) => s + h.quantity * h.last_price, 0) +
        open.reduce((s, p) => s + p.quantity * p.last_price, 0);
      const positionsPnl = positions.reduce(
        (s, p) => s + (p.pnl ?? (p.unrealised ?? 0) + (p.realised ?? 0)),
        0,
      );
      const dayChange =
        held.reduce((s, h) => s + h.quantity * (h.last_price - (h.close_price ?? h.last_price)), 0) +
        positionsPnl;
      const unrealized =
        held.reduce((s, h) => s + (h.last_price - h.average_price) * h.quantity, 0) +
        positions.reduce((s, p) => s + (p.unrealised ?? 0), 0);
      const realized = positions.reduce((s, p) => s + (p.realised ?? 0), 0);
      const cost =
        held.reduce((s, h) => s + h.average_price * h.quantity, 0) +
        open.reduce((s, p) => s + positionCost(p), 0);
      const portfolioValue = round2(cash + invested);
      const today = istDay(now);
      const [earlier] = await db
        .select({ n: count() })
        .from(schema.orders)
        .where(
          and(
            eq(schema.orders.account, 'live'),
            eq(schema.orders.status, 'filled'),
            lt(schema.orders.tradingDay, today),
          ),
        );
      const mode = await deps.tradingMode.get();
      return {
        portfolio_value: portfolioValue,
        total_value: portfolioValue,
        invested_value: round2(invested),
        cash_balance: round2(cash),
        available_balance: round2(cash),
        // Upstox's funds answer has no figure for what open orders hold (contract: null).
        blocked_funds: null,
        day_change: round2(dayChange),
        day_change_percent: percent(dayChange, portfolioValue - dayChange),
        active_positions: new Set([
          ...held.map((h) => h.instrument_token),
          ...open.map((p) => p.instrument_token),
        ]).size,
        total_returns: round2(unrealized + realized),
        total_returns_percent: percent(unrealized + realized, cost),
        unrealized_pnl: round2(unrealized),
        realized_pnl: round2(realized),
        // Upstox reports P&L before charges, and its funds answer does not say what they were.
        pnl_basis: 'before_charges',
        trades_today: trades.length,
        total_trades: trades.length + (earlier?.n ?? 0),
        trading_mode: mode.mode,
        trading_mode_label: TRADING_MODE_LABELS[mode.mode],
        data_source: 'upstox',
        limits_status: null,
        as_of: now.toISOString(),
      };
    },

    async holdings(): Promise<Holding[]> {
      const [holdings, positions] = await read((upstox) =>
        Promise.all([upstox.holdings(), upstox.positions()]),
      );
      // One row per symbol and product: today's delivery buys join the settled holding.
      const rows = new Map<
        string,
        {
          key: string;
          product: TradeProduct;
          quantity: number;
          cost: number;
          last: number;
          close: number | null;
          name: string | null;
          tradingSymbol: string | null;
        }
      >();
      const add = (
        key: string,
        product: TradeProduct,
        quantity: number,
        avg: number,
        last: number,
        close: number | null,
        name: string | null,
        tradingSymbol: string | null,
      ) => {
        const id = `${key}|${product}`;
        const row = rows.get(id) ?? { key, product, quantity: 0, cost: 0, last, close, name, tradingSymbol };
        row.quantity += quantity;
        row.cost += avg * quantity;
        row.last = last;
        row.close = row.close ?? close;
        rows.set(id, row);
      };
      for (const h of heldHoldings(holdings)) {
        add(
          h.instrument_token,
          'CNC',
          Math.round(h.quantity),
          h.average_price,
          h.last_price,
          h.close_price ?? null,
          h.company_name ?? null,
          h.trading_symbol ?? h.tradingsymbol ?? null,
        );
      }
      for (const p of openPositions(positions)) {
        const quantity = Math.round(p.quantity);
        add(
          p.instrument_token,
          fromUpstoxProduct(p.product),
          quantity,
          positionCost(p) / Math.abs(quantity),
          p.last_price,
          p.close_price ?? null,
          null,
          p.trading_symbol ?? p.tradingsymbol ?? null,
        );
      }
      return [...rows.values()]
        .filter((r) => r.quantity !== 0)
        .map((r) => {
          const symbol = lookup.symbolOf(r.key, r.tradingSymbol);
          const avg = r.cost / r.quantity;
          const marketValue = r.quantity * r.last;
          const returns = (r.last - avg) * r.quantity;
          return {
            symbol,
            name: lookup.byKey(r.key)?.name ?? r.name ?? symbol,
            quantity: r.quantity,
            avg_price: round2(avg),
            current_price: round2(r.last),
            market_value: round2(marketValue),
            total_returns: round2(returns),
            total_returns_percent: percent(returns, Math.abs(avg * r.quantity)),
            // At Upstox's average price: before charges.
            pnl_basis: 'before_charges' as const,
            day_change_percent: r.close && r.close > 0 ? round2(((r.last - r.close) / r.close) * 100) : 0,
            product: r.product,
          };
        })
        .sort((a, b) => b.market_value - a.market_value);
    },

    async activity(limit: number): Promise<ActivityItem[]> {
      const now = clock.now();
      const trades = await read((upstox) => upstox.tradesForDay());
      return trades
        .map((t) => {
          const at = parseIstTimestamp(t.exchange_timestamp) ?? parseIstTimestamp(t.order_timestamp) ?? now;
          const quantity = Math.round(t.quantity);
          return {
            id: t.trade_id,
            action: t.transaction_type === 'BUY' ? ('Bought' as const) : ('Sold' as const),
            symbol: lookup.symbolOf(t.instrument_token, t.trading_symbol ?? t.tradingsymbol),
            quantity,
            price: round2(t.average_price),
            value: round2(t.average_price * quantity),
            timestamp: at.toISOString(),
            time_ago: timeAgo(at, now),
          };
        })
        .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
        .slice(0, limit);
    },

    /**
     * Live trades as the history lists them. In live mode: each order of today's Upstox order book,
     * and the live orders Nivesh placed on earlier days. In paper (or mock) mode Upstox is not
     * asked: every live order Nivesh recorded, as recorded, without a current price. Filled orders
     * are completed (marked to the last price), open ones pending, cancelled and rejected ones
     * cancelled.
     */
    async trades(): Promise<Trade[]> {
      const now = clock.now();
      const today = istDay(now);
      const live = (await (deps.historyMode ?? deps.tradingMode).get()).mode === 'live';
      const book = live ? await read((upstox) => upstox.orders(), live) : [];
      // The recorded live orders, through the same short cache (an order write clears it): the
      // history's polls do not read every live order of the account's life each time.
      const ours = await cache.get('recorded-orders', () =>
        db.select().from(schema.orders).where(eq(schema.orders.account, 'live')),
      );
      // Today's orders come from Upstox's book when it is read.
      const earlier = live ? ours.filter((o) => o.tradingDay < today) : ours;
      const oursByBrokerId = new Map(ours.filter((o) => o.brokerOrderId).map((o) => [o.brokerOrderId!, o]));

      interface Row {
        id: string;
        key: string | null;
        symbol: string;
        side: TradeSide;
        product: TradeProduct;
        quantity: number;
        filled: number;
        price: number;
        status: TradeStatus;
        strategy: string;
        at: Date;
      }
      const rows: Row[] = [];
      for (const o of book) {
        const mine =
          oursByBrokerId.get(o.order_id) ?? (o.tag ? ours.find((row) => row.id === o.tag) : undefined);
        const status = mapUpstoxOrderStatus(o.status);
        const filled = Math.round(o.filled_quantity);
        rows.push({
          id: mine?.id ?? o.order_id,
          key: o.instrument_token,
          symbol: lookup.symbolOf(o.instrument_token, o.trading_symbol ?? o.tradingsymbol),
          side: o.transaction_type,
          product: fromUpstoxProduct(o.product),
          quantity: Math.round(o.quantity),
          filled,
          price: filled > 0 && o.average_price ? o.average_price : (o.price ?? 0),
          status: status === 'filled' ? 'completed' : status === 'open' ? 'pending' : 'cancelled',
          strategy: mine?.strategy ?? 'Upstox',
          at: parseIstTimestamp(o.order_timestamp) ?? mine?.placedAt ?? now,
        });
      }
      for (const o of earlier) {
        rows.push({
          id: o.id,
          key: lookup.bySymbol(o.symbol)?.instrumentKey ?? null,
          symbol: o.symbol,
          side: o.side as TradeSide,
          product: o.product as TradeProduct,
          quantity: o.quantity,
          filled: o.filledQuantity,
          price: toRupees(o.averagePricePaise ?? o.limitPricePaise ?? o.triggerPricePaise ?? 0),
          status: o.status === 'filled' ? 'completed' : o.status === 'open' ? 'pending' : 'cancelled',
          strategy: o.strategy || LIVE_ORDER_STRATEGY,
          at: o.placedAt,
        });
      }

      const keys = [...new Set(rows.filter((r) => r.filled > 0 && r.key).map((r) => r.key!))];
      const prices =
        live && keys.length > 0
          ? await read((upstox) => upstox.ltp(keys), live)
          : new Map<string, LtpQuote>();
      const trades = await Promise.all(
        rows.map(async (r): Promise<Trade> => {
          const quantity = r.filled > 0 ? r.filled : Math.max(1, r.quantity);
          const current = r.key ? (prices.get(r.key)?.last_price ?? null) : null;
          const sign = r.side === 'BUY' ? 1 : -1;
          // No P&L without a fill, or without a price to mark it at.
          const pnl = r.filled > 0 && current !== null ? (current - r.price) * r.filled * sign : null;
          const fees =
            r.filled > 0 && r.price > 0 && deps.estimateCharges
              ? (
                  await deps.estimateCharges({
                    side: r.side,
                    product: r.product,
                    quantity: r.filled,
                    price: r.price,
                  })
                ).total
              : 0;
          const net = pnl === null ? null : pnl - fees;
          return {
            trade_id: r.id,
            symbol: r.symbol,
            mode: 'live',
            side: r.side,
            quantity,
            opened_quantity: r.filled > 0 ? r.filled : null,
            entry_price: round2(r.price),
            exit_price: null,
            current_price: current === null ? null : round2(current),
            pnl: pnl === null ? null : round2(pnl),
            pnl_percent: net === null ? null : percent(net, r.price * quantity),
            fees: round2(fees),
            net_pnl: net === null ? null : round2(net),
            status: r.status,
            strategy: r.strategy,
            entry_time: r.at.toISOString(),
            exit_time: null,
            product: r.product,
          };
        }),
      );
      return trades.sort((a, b) => Date.parse(b.entry_time) - Date.parse(a.entry_time));
    },
  };
}
