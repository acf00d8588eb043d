/**
 * What the paper account shows: the overview with its limit statuses, holdings, orders, recent
 * fills, trades and the monthly return, in the contract's shapes. Nothing here writes.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  TRADING_MODE_LABELS,
  type ActivityItem,
  type Holding,
  type LimitsStatus,
  type Order,
  type PortfolioOverview,
  type Trade,
  type TradeSide,
} from '@nivesh/api-contract';
import { schema } from '../db/index.js';
import { availablePaise, limitBookOf } from './assess.js';
import type { PaperContext } from './context.js';
import {
  fillToActivity,
  lotToTrades,
  orderToContract,
  pendingOrderToTrade,
  type LotExitRow,
} from './mapping.js';
import { toRupees } from './money.js';
import { standingPrice } from './pricing.js';
import { openEntryCharges } from './plan.js';
import { monthlyReturnPercent } from './snapshots.js';
import {
  accountValue,
  loadOpenOrders,
  lotUnrealized,
  markPrice,
  PAPER,
  type FillRow,
  type OrderRow,
} from './state.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

export function createReadModels(ctx: PaperContext) {
  const { db, clock, hub, feed, prices } = ctx;

  async function fillsByOrder(orderIds: readonly string[]): Promise<Map<string, FillRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(schema.fills)
      .where(and(eq(schema.fills.account, PAPER), inArray(schema.fills.orderId, [...orderIds])));
    return new Map(rows.map((f) => [f.orderId, f]));
  }

  return {
    async overview(): Promise<PortfolioOverview> {
      const now = clock.now();
      const s = await ctx.settings();
      const state = await ctx.state(now);
      const { valuePaise, holdingsPaise } = accountValue(state, prices);
      const book = limitBookOf(state, s, prices, { symbol: '', product: '', sectorOf: () => '' });
      // Cash = available + blocked, and value = cash + holdings, each to the paisa.
      const cashAvailable = availablePaise(book);
      // One definition on every page (docs/DOMAIN.md, "P&L"): realised is what the closed shares
      // made after their entry and exit charges (the trade history's closed trades, summed);
      // unrealised is what the open shares make at the mark after their own entry charges. The
      // two add up to the total return, to the paisa.
      let unrealized = 0;
      let openCharges = 0;
      let gross = 0;
      for (const position of state.positions.values()) {
        const mark = markPrice(position, prices);
        for (const lot of position.lots) {
          unrealized += lotUnrealized(lot, mark);
          openCharges += openEntryCharges(lot);
        }
        gross += Math.abs(position.quantity * mark);
      }
      unrealized -= openCharges;
      const capital = state.epoch?.capitalPaise ?? 0;
      const totalReturns = valuePaise - capital;
      const dayLoss = Math.max(0, -state.dayPnlPaise);
      const exposurePercent = valuePaise > 0 ? (gross / valuePaise) * 100 : 0;
      const limits: LimitsStatus = {
        balance_status: {
          current: toRupees(cashAvailable),
          threshold: s.min_balance_threshold,
          safe: cashAvailable >= s.min_balance_threshold * 100,
        },
        daily_loss_status: {
          current_loss: toRupees(dayLoss),
          limit: s.max_daily_loss,
          safe: dayLoss < s.max_daily_loss * 100,
        },
        positions_status: {
          current: state.positions.size,
          limit: s.max_positions_count,
          safe: state.positions.size <= s.max_positions_count,
        },
        exposure_status: {
          current_percentage: round2(exposurePercent),
          limit_percentage: round2(s.max_portfolio_exposure * 100),
          safe: exposurePercent <= s.max_portfolio_exposure * 100 + 1e-9,
        },
      };
      return {
        portfolio_value: toRupees(valuePaise),
        total_value: toRupees(valuePaise),
        invested_value: toRupees(holdingsPaise),
        cash_balance: toRupees(state.cashPaise),
        available_balance: toRupees(cashAvailable),
        blocked_funds: toRupees(book.blockedPaise),
        day_change: toRupees(state.dayPnlPaise),
        day_change_percent:
          state.dayBasePaise > 0 ? round2((state.dayPnlPaise / state.dayBasePaise) * 100) : 0,
        active_positions: state.positions.size,
        total_returns: toRupees(totalReturns),
        total_returns_percent: capital > 0 ? round2((totalReturns / capital) * 100) : 0,
        unrealized_pnl: toRupees(unrealized),
        realized_pnl: toRupees(state.realizedGrossPaise - state.chargesPaise + openCharges),
        pnl_basis: 'after_charges',
        trades_today: state.tradesToday,
        total_trades: state.totalTrades,
        trading_mode: 'paper',
        trading_mode_label: TRADING_MODE_LABELS.paper,
        data_source: feed.source,
        limits_status: limits,
        as_of: now.toISOString(),
      };
    },

    async holdings(): Promise<Holding[]> {
      const state = await ctx.state(clock.now());
      return [...state.positions.values()]
        .filter((p) => p.quantity !== 0)
        .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.product.localeCompare(b.product))
        .map((position) => {
          const quantity = Math.abs(position.quantity);
          const mark = markPrice(position, prices);
          const tick = hub.last(position.symbol);
          // After the open shares' entry charges, as the overview's unrealised P&L and the trade
          // history's open trades (docs/DOMAIN.md, "P&L").
          let returns = 0;
          for (const lot of position.lots) returns += lotUnrealized(lot, mark) - openEntryCharges(lot);
          return {
            symbol: position.symbol,
            name: feed.instrument(position.symbol)?.name ?? position.symbol,
            quantity: position.quantity,
            avg_price: toRupees(Math.round(position.costPaise / quantity)),
            current_price: toRupees(mark),
            market_value: toRupees(position.quantity * mark),
            total_returns: toRupees(returns),
            total_returns_percent: position.costPaise > 0 ? round2((returns / position.costPaise) * 100) : 0,
            pnl_basis: 'after_charges' as const,
            day_change_percent:
              tick && tick.previousClose > 0
                ? round2(((tick.ltp - tick.previousClose) / tick.previousClose) * 100)
                : 0,
            product: position.product,
          };
        });
    },

    /** One order of the paper account, or undefined. */
    async findOrder(orderId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(schema.orders)
        .where(and(eq(schema.orders.id, orderId), eq(schema.orders.account, PAPER)));
      return row;
    },

    async listOrders(filter: { status: 'all' | Order['status']; limit: number }): Promise<Order[]> {
      const rows = await db
        .select()
        .from(schema.orders)
        .where(
          filter.status === 'all'
            ? eq(schema.orders.account, PAPER)
            : and(eq(schema.orders.account, PAPER), eq(schema.orders.status, filter.status)),
        )
        .orderBy(desc(schema.orders.placedAt), desc(schema.orders.id))
        .limit(filter.limit);
      const fills = await fillsByOrder(rows.filter((r) => r.status === 'filled').map((r) => r.id));
      return rows.map((row) => orderToContract(row, fills.get(row.id)));
    },

    async activity(limit: number): Promise<ActivityItem[]> {
      const now = clock.now();
      const rows = await db
        .select()
        .from(schema.fills)
        .where(eq(schema.fills.account, PAPER))
        .orderBy(desc(schema.fills.executedAt), desc(schema.fills.id))
        .limit(limit);
      return rows.map((fill) => fillToActivity(fill, now));
    },

    async trades(): Promise<Trade[]> {
      const s = await ctx.settings();
      const [lots, exits, open] = await Promise.all([
        db.select().from(schema.lots).where(eq(schema.lots.account, PAPER)),
        db.select().from(schema.lotExits).where(eq(schema.lotExits.account, PAPER)),
        loadOpenOrders(db),
      ]);
      const exitsOf = new Map<number, LotExitRow[]>();
      for (const exit of exits) exitsOf.set(exit.lotId, [...(exitsOf.get(exit.lotId) ?? []), exit]);
      const trades: Trade[] = lots.flatMap((lot) =>
        lotToTrades(lot, exitsOf.get(lot.id) ?? [], prices.ltp(lot.symbol) ?? null),
      );
      for (const order of open) {
        const price = standingPrice(
          { ...order, side: order.side as TradeSide },
          prices.ltp(order.symbol),
          s.half_spread_percent,
        );
        if (price !== null) trades.push(pendingOrderToTrade(order, price));
      }
      return trades.sort(
        (a, b) => b.entry_time.localeCompare(a.entry_time) || b.trade_id.localeCompare(a.trade_id),
      );
    },

    async monthlyReturn(): Promise<number> {
      const now = clock.now();
      const state = await ctx.state(now);
      const { valuePaise } = accountValue(state, prices);
      return monthlyReturnPercent(db, { account: PAPER, now, valuePaise, epoch: state.epoch });
    },
  };
}
