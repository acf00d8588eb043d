/**
 * The paper engine: the `Broker` and `Account` of the paper account ('paper'), simulating NSE
 * equity orders against the tick hub's prices with Indian costs (costs.ts) and the paper limits
 * (limits.ts). This file wires its parts:
 *
 * - pricing.ts: fill prices (the touch with the half-spread, limit crossing), pure;
 * - plan.ts: what a fill does (FIFO lots closed, realised P&L, charges, cash), pure;
 * - assess.ts: `assessOrder()`, the one answer to "is this order taken, and what would it do",
 *   used by both the preview and placing;
 * - writer.ts: every write, each in one transaction; a fill is written from its plan;
 * - scheduler.ts: resting orders filled on ticks, the 15:20 IST square-off, day-order expiry and
 *   end-of-day snapshots;
 * - readModels.ts: overview, holdings, orders, activity, trades;
 * - context.ts: the one queue every write runs through, so concurrent requests cannot spend the
 *   same cash twice (new orders queued together committed in one transaction), and the cached
 *   settings, open orders and account state.
 *
 * Market orders placed while the market is shut rest ('open') and fill at the first tick of the
 * next session. Stop-loss orders (SL, SL-M) rest until the price crosses their trigger (pricing.ts);
 * the trigger time is stored, so a restart keeps a triggered stop a market or limit order and an
 * untriggered one a resting stop. Orders are day orders. CNC (delivery) sells need shares held;
 * MIS (intraday) sells beyond a long open a short lot. An accepted order (and each later fill) is
 * committed before it is acknowledged; a refused order writes nothing.
 */
import { DEFAULT_TRADE_STRATEGY, type PaperLimits } from '@nivesh/api-contract';
import type { Account, Broker } from '../broker/broker.js';
import { HttpError } from '../http/errors.js';
import { assessOrder, previewOf, refusal } from './assess.js';
import { createPaperContext, type PaperContextDeps } from './context.js';
import { orderToContract } from './mapping.js';
import { toPaise, toRupees } from './money.js';
import { createReadModels } from './readModels.js';
import { createScheduler, type ScheduledResult } from './scheduler.js';
import type { PaperSettings } from './settings.js';
import { createWriter } from './writer.js';
import type { AccountHistoryReader } from './history.js';
import { createTradeHistory, type TradeHistory } from './tradeHistory.js';

export interface PaperEngineDeps extends PaperContextDeps {
  /**
   * Run the scheduler (15:20 square-off, day-order expiry, end-of-day snapshots and backfill) on a
   * timer. Default true; tests pass false and call `runScheduled()` after moving their clock.
   */
  timers?: boolean;
  /** How often the scheduler looks at the clock, ms (default 30 s). */
  intervalMs?: number;
}

export interface PaperEngine extends Broker, Account {
  readonly account: 'paper';
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every queued job (including fills started by published ticks) is done. */
  idle(): Promise<void>;
  /** Square-off, day-order expiry and snapshots, as due at the clock's time. */
  runScheduled(): Promise<ScheduledResult>;
  settings(): Promise<PaperSettings>;
  /** Replaces the eight limit and cost fields of the specification; the other settings stay. */
  setLimits(limits: PaperLimits, actor: string): Promise<PaperSettings>;
  /** Changes any of the settings (the full cost schedule and the spread included). */
  updateSettings(patch: Partial<PaperSettings>, actor: string): Promise<PaperSettings>;
  /** Cancels open orders, closes every position at market and sets the cash to `balance` rupees. */
  reset(balance: number, actor: string): Promise<{ balance: number }>;
  /** Sets the cash to `balance` rupees with an adjustment row. */
  setBalance(balance: number, actor: string): Promise<{ balance: number }>;
  /** Percent return over the last 30 days (end-of-day snapshots; since the start if younger). */
  monthlyReturn(): Promise<number>;
  /** The account's stored days, flows and exits (read incrementally; risk and performance share it). */
  readonly history: AccountHistoryReader;
  /** The trade history paged in the database, and the quick stats' win rate (tradeHistory.ts). */
  readonly tradeHistory: TradeHistory;
}

const INVALID_BALANCE_MESSAGE = 'Please enter a valid positive balance amount.';

function validBalance(balance: number, allowZero: boolean): number {
  if (!Number.isFinite(balance) || balance < 0 || (!allowZero && balance === 0)) {
    throw new HttpError(400, INVALID_BALANCE_MESSAGE);
  }
  return toPaise(balance);
}

export function createPaperEngine(deps: PaperEngineDeps): PaperEngine {
  const ctx = createPaperContext(deps);
  const { clock } = ctx;
  const writer = createWriter(ctx);
  const read = createReadModels(ctx);
  const scheduler = createScheduler(ctx, writer, {
    timers: deps.timers ?? true,
    intervalMs: deps.intervalMs ?? 30_000,
  });

  function changeSettings(patch: Partial<PaperSettings>, actor: string, action: string) {
    return ctx.serialize(async () => {
      const previous = await ctx.settings();
      const stored = await writer.storeSettings(
        { ...previous, ...patch },
        previous,
        actor,
        action,
        clock.now(),
      );
      ctx.rememberSettings(stored);
      return stored;
    });
  }

  return {
    account: 'paper',
    history: ctx.history,
    tradeHistory: createTradeHistory(ctx),

    async start() {
      await ctx.serialize(() => writer.ensureOpening(clock.now()));
      await ctx.refreshOpenOrders();
      scheduler.start();
    },

    stop: () => scheduler.stop(),
    idle: () => ctx.idle(),
    runScheduled: () => scheduler.runScheduled(),

    settings: () => ctx.settings(),
    setLimits: (limits, actor) => changeSettings(limits, actor, 'paper.limits.set'),
    updateSettings: (patch, actor) => changeSettings(patch, actor, 'paper.settings.set'),

    async placeOrder(request, actor, intent) {
      // Orders queued together are committed together (group commit: context.ts).
      return ctx.serializeOrder(async () => {
        const assessment = await assessOrder(ctx, request, clock.now(), intent);
        if (assessment.rejection) throw refusal(assessment.rejection);
        // The order (and the lot it opens) carries the automation's strategy, else the manual default.
        const strategy = intent?.strategy.trim() || DEFAULT_TRADE_STRATEGY;
        const { order, fill } = await writer.placeOrder(assessment, actor, strategy);
        // A resting order joins the open orders the ticks are checked against.
        if (fill === null) await ctx.refreshOpenOrders();
        return orderToContract(order, fill);
      });
    },

    async preview(request, intent) {
      return previewOf(await assessOrder(ctx, request, clock.now(), intent));
    },

    async cancelOrder(orderId, actor, reason) {
      return ctx.serialize(async () => {
        const row = await read.findOrder(orderId);
        if (!row) throw new HttpError(404, `Order ${orderId} not found.`);
        if (row.status !== 'open') {
          throw new HttpError(409, `Order ${orderId} is ${row.status} and can no longer be cancelled.`);
        }
        const cancelled = await writer.cancelOrder(orderId, actor, clock.now(), reason);
        await ctx.refreshOpenOrders();
        return orderToContract(cancelled!, null);
      });
    },

    listOrders: (filter) => read.listOrders(filter),
    overview: () => read.overview(),
    holdings: () => read.holdings(),
    activity: (limit) => read.activity(limit),
    trades: () => read.trades(),
    monthlyReturn: () => read.monthlyReturn(),

    async reset(balance, actor) {
      const target = validBalance(balance, false);
      return ctx.serialize(async () => {
        const now = clock.now();
        const s = await ctx.settings();
        const state = await ctx.state(now);
        await writer.reset(state, s, target, actor, now);
        await ctx.refreshOpenOrders();
        return { balance: toRupees(target) };
      });
    },

    async setBalance(balance, actor) {
      const target = validBalance(balance, true);
      return ctx.serialize(async () => {
        await writer.setBalance(target, actor, clock.now());
        return { balance: toRupees(target) };
      });
    },
  };
}
