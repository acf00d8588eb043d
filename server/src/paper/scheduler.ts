/**
 * The paper engine's work that time or prices start:
 * - resting orders are checked on every tick of their symbol and filled once the price crosses; a
 *   stop-loss order's trigger time is written when the price first crosses its trigger (then it
 *   fills at market, SL-M, or as a limit order, SL: pricing.ts);
 * - at 15:20 IST open intraday (MIS) orders are cancelled and MIS positions closed at market;
 * - day orders still open after their session's close expire;
 * - end-of-day equity snapshots are written and missing days backfilled (snapshots.ts);
 * - when a weekly, monthly or drawdown loss limit is crossed (the account only reduces, assess.ts),
 *   a high alert says so, once a day while it lasts.
 * Everything that writes runs through the context's queue.
 */
import { and, eq, gte, like, lt } from 'drizzle-orm';
import { istDay, istMinuteOfDay, istTimeOn, type TradeSide } from '@nivesh/api-contract';
import { resolveAlerts } from '../risk/alertResolution.js';
import { schema } from '../db/index.js';
import type { Tick } from '../market/feed.js';
import {
  isTradingDay,
  lastClosedTradingDay,
  sessionCloseAt,
  SQUARE_OFF_MINUTE,
} from '../market/tradingDays.js';
import { assessRestingFill, intradayGate } from './assess.js';
import type { PaperContext } from './context.js';
import { formatPaise, toRupees } from './money.js';
import { dailySeries } from './history.js';
import { lossLimitState } from '../analytics/lossLimits.js';
import { crossingPrice, triggersAt } from './pricing.js';
import { ensureSnapshots, type SnapshotResult } from './snapshots.js';
import { accountValue, PAPER, type LotRow } from './state.js';
import type { PaperWriter } from './writer.js';

export interface ScheduledResult {
  /** Intraday positions closed by the square-off. */
  squaredOff: number;
  /** Orders cancelled: MIS at the square-off, day orders at the close. */
  cancelled: number;
  snapshots: SnapshotResult;
  /** The loss limits crossed now (the reducing state), one sentence each; empty when trading normally. */
  lossLimits: string[];
}

/** How a reducing-state alert begins (one a day while the state lasts). */
const REDUCING_ALERT_PREFIX = 'Reducing only:';

export interface SchedulerOptions {
  /** Run the scheduled work on a timer; tests pass false and call `runScheduled()`. */
  timers: boolean;
  /** How often the timer looks at the clock, ms. */
  intervalMs: number;
}

export function createScheduler(ctx: PaperContext, writer: PaperWriter, options: SchedulerOptions) {
  const { db, clock, hub, feed, calendar, log, prices } = ctx;
  let passScheduled = false;

  function schedulePass(): void {
    if (passScheduled) return;
    passScheduled = true;
    ctx
      .serialize(async () => {
        passScheduled = false;
        await fillCrossedOrders();
      })
      .catch((error: unknown) => log.error({ err: error }, 'paper: filling open orders failed'));
  }

  async function fillCrossedOrders(): Promise<void> {
    const now = clock.now();
    const open = ctx.openOrders();
    if (open.length === 0 || !feed.isSessionOpen(now)) return;
    const s = await ctx.settings();
    let changed = false;
    // Orders still open in this pass: one filled (or rejected) a moment ago no longer blocks cash.
    let stillOpen = [...open];
    for (const candidate of [...open]) {
      if (candidate.product === 'MIS' && intradayGate('MIS', now, feed.isSessionOpen(now), calendar))
        continue;
      const ltp = prices.ltp(candidate.symbol);
      if (ltp === undefined) continue;
      const priced = { ...candidate, side: candidate.side as TradeSide };
      if (triggersAt(priced, ltp)) {
        // Written before any fill: a restart from here keeps it a triggered (market or limit) order.
        const triggered = await writer.markTriggered(candidate, now);
        changed = true;
        if (!triggered) continue;
        stillOpen = stillOpen.map((o) => (o.id === triggered.id ? triggered : o));
        log.info({ orderId: candidate.id, ltp }, 'paper: stop-loss order triggered');
      }
      const price = crossingPrice(priced, ltp, s.half_spread_percent);
      if (price === null) continue;
      changed = true;
      const state = await ctx.state(now, stillOpen);
      const order = state.openOrders.find((o) => o.id === candidate.id);
      if (!order) continue;
      stillOpen = stillOpen.filter((o) => o.id !== order.id);
      const assessed = assessRestingFill(state, s, prices, order, price);
      if (assessed.rejection) {
        await writer.endOrders(
          [order.id],
          `Not filled at ${formatPaise(price)}: ${assessed.rejection.message}`,
          now,
          'rejected',
        );
        log.info(
          { orderId: order.id, limit: assessed.rejection.limit },
          'paper: resting order rejected at fill time',
        );
        continue;
      }
      await writer.fillResting(state, order, assessed.plan, now);
    }
    if (changed) await ctx.refreshOpenOrders();
  }

  // With other processes on the database, orders they placed are seen once this process syncs
  // (inside the pass's lock), so the leader looks at most once a second whatever it cached.
  let lastSharedPass = 0;
  const onTicks = (ticks: readonly Tick[]) => {
    // Resting orders fill on one process only: the leader.
    if (!ctx.leads()) return;
    if (ctx.shared) {
      const now = Date.now();
      if (now - lastSharedPass < 1_000) return;
      lastSharedPass = now;
      schedulePass();
      return;
    }
    const open = ctx.openOrders();
    if (open.length === 0) return;
    const symbols = new Set(ticks.map((t) => t.symbol));
    if (open.some((o) => symbols.has(o.symbol))) schedulePass();
  };

  async function squareOffIfDue(now: Date): Promise<{ squaredOff: number; cancelled: number }> {
    const today = istDay(now);
    const cutoffPassed = isTradingDay(today, calendar) && istMinuteOfDay(now) >= SQUARE_OFF_MINUTE;
    const state = await ctx.state(now);
    const dueLot = (lot: LotRow) => lot.product === 'MIS' && (cutoffPassed || lot.openedDay < today);
    const dueOrders = state.openOrders.filter(
      (o) => o.product === 'MIS' && (cutoffPassed || o.tradingDay < today),
    );
    if (!state.openLots.some(dueLot) && dueOrders.length === 0) return { squaredOff: 0, cancelled: 0 };
    const { closed, cancelled } = await writer.squareOff(state, await ctx.settings(), dueOrders, dueLot, now);
    log.info({ closed, cancelled }, 'paper: intraday square-off');
    await ctx.refreshOpenOrders();
    return { squaredOff: closed, cancelled };
  }

  /** Day orders still open after the close of the session they were placed for expire. */
  async function expireDayOrders(now: Date): Promise<number> {
    const day = lastClosedTradingDay(now, calendar);
    if (!day) return 0;
    const close = new Date(sessionCloseAt(day));
    const stale = await db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(
        and(
          eq(schema.orders.account, PAPER),
          eq(schema.orders.status, 'open'),
          lt(schema.orders.placedAt, close),
        ),
      );
    if (stale.length === 0) return 0;
    const rows = await writer.endOrders(
      stale.map((r) => r.id),
      'Expired unfilled at the close (day order)',
      now,
    );
    await ctx.refreshOpenOrders();
    return rows.length;
  }

  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let snapshotsRunning: Promise<SnapshotResult> | null = null;
  let scheduledRun: Promise<void> | null = null;

  async function runScheduled(): Promise<ScheduledResult> {
    const now = clock.now();
    const squareOff = await ctx.serialize(() => squareOffIfDue(now));
    const expired = await ctx.serialize(() => expireDayOrders(now));
    snapshotsRunning ??= ensureSnapshots({
      db,
      feed,
      calendar,
      now,
      log,
      current: () =>
        ctx.serialize(async () => {
          const state = await ctx.state(clock.now());
          const { valuePaise, holdingsPaise } = accountValue(state, prices);
          return {
            cashPaise: state.cashPaise,
            holdingsPaise,
            valuePaise,
            benchmark: hub.last('NIFTY_50')?.ltp ?? null,
          };
        }),
    }).finally(() => {
      snapshotsRunning = null;
    });
    const snapshots = await snapshotsRunning;
    const lossLimits = await ctx.serialize(() => alertLossLimits(now));
    return {
      squaredOff: squareOff.squaredOff,
      cancelled: squareOff.cancelled + expired,
      snapshots,
      lossLimits,
    };
  }

  /**
   * The loss limits crossed now; raises the day's reducing-state alert when there is none yet, and
   * resolves a standing one once none is crossed.
   */
  async function alertLossLimits(now: Date): Promise<string[]> {
    const today = istDay(now);
    const state = await ctx.state(now);
    const series = dailySeries(await ctx.history.loadDays(), today, {
      value: toRupees(accountValue(state, prices).valuePaise),
      benchmark: null,
    });
    const { breaches } = lossLimitState(series, today, await ctx.settings());
    if (breaches.length === 0) {
      await resolveAlerts(db, {
        source: 'risk',
        openings: [REDUCING_ALERT_PREFIX],
        at: now,
        by: 'system: loss limits',
        how: 'No loss limit is crossed any more: orders may open positions again.',
      });
      return breaches;
    }
    const [already] = await db
      .select({ id: schema.alerts.id })
      .from(schema.alerts)
      .where(
        and(
          eq(schema.alerts.source, 'risk'),
          like(schema.alerts.message, `${REDUCING_ALERT_PREFIX}%`),
          gte(schema.alerts.at, istTimeOn(today, 0)),
        ),
      )
      .limit(1);
    if (!already) {
      await db.insert(schema.alerts).values({
        at: now,
        source: 'risk',
        severity: 'high',
        message: `${REDUCING_ALERT_PREFIX} ${breaches.join(' ')} New positions are refused; orders that reduce a position are taken.`,
        actionRequired: true,
        suggestedAction:
          'Review the positions on the risk page, or raise the limit in Settings › Risk Management.',
      });
    }
    return breaches;
  }

  return {
    runScheduled,

    /** Listens to ticks and starts the timer; call once the open orders are loaded. */
    start(): void {
      unsubscribe = hub.subscribe(onTicks);
      // Orders resting from before a restart fill on the first tick of the session.
      if (ctx.openOrders().length > 0 && ctx.leads()) schedulePass();
      if (options.timers) {
        // Kept so stop() can wait for a run in progress: it must not touch the database after.
        const run = () => {
          // Square-off, expiry and snapshots run on the leader only.
          if (!ctx.leads()) return;
          scheduledRun = runScheduled().then(
            () => undefined,
            (error: unknown) => log.error({ err: error }, 'paper: scheduled work failed'),
          );
        };
        timer = setInterval(run, options.intervalMs);
        timer.unref();
        run();
      }
    },

    /** Stops the timer and the tick listener, then waits for work in progress to finish. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      await scheduledRun;
      await ctx.idle();
      await snapshotsRunning?.catch(() => undefined);
    },
  };
}
