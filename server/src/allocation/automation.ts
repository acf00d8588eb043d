/**
 * Automated execution. When switched on, once each trading day at its run time (IST) the allocator
 * spends the day's amount across the best signals (plan.ts), through the orders service of the
 * current mode (every check a manual order meets, plus the automated-entry rules), and protects
 * each entry with a resting SL-M stop. While the session is open it watches its open entries and
 * exits at the target or when the time limit (the strategy's horizon in trading days) is reached;
 * the stop order exits by itself. Every decision is written to the decision log with its outcome.
 *
 * Once per day: a run is a row of automation_runs, unique per account and trading day, claimed by
 * an INSERT before anything is placed, so neither a restart nor a second server process runs the
 * same day twice. A run cut off by a restart stays claimed and is marked failed at the next start.
 *
 * The run time follows the session the server really has (market/session.ts): on NSE's session it
 * lies between the 09:15 open and the 15:20 square-off and the run waits for it on each trading day;
 * while the simulated market keeps its session open at every hour (NIVESH_SIM_ALWAYS_OPEN, a demo),
 * any run time is taken and the run is due from it each day. A run time outside the session's
 * window is refused with the window's sentence; one stored under another session (a restart without
 * the flag) schedules nothing until it is changed, and the status says why.
 */
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import {
  DEFAULT_AUTOMATION_RUN_TIME,
  AutomationUpdate,
  runTimeProblem,
  istDay,
  istMinuteOfDay,
  istTimeOn,
  type AutomationRun,
  type AutomationStatus,
  type Decision,
  type DecisionDay,
  type Holding,
  type Order,
} from '@nivesh/api-contract';
import { z } from 'zod';
import { AUTOMATION_ACTOR, type OrderIntent } from '../broker/broker.js';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import { readStoredSetting, writeStoredSetting } from '../db/storedSetting.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed, TickHub } from '../market/feed.js';
import { runTimeWindow, tradingSession } from '../market/session.js';
import { badRequest } from '../http/errors.js';
import {
  addDays,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  SQUARE_OFF_MINUTE,
  tradingDaysBetween,
} from '../market/tradingDays.js';
import { formatPaise, toPaise, toRupees } from '../paper/money.js';
import type { OrdersService } from '../orders/service.js';
import type { TradingModeService } from '../trading/mode.js';
import type { DecisionLog, Decision as LoggedDecision } from '../research/decisions.js';
import { roundTripCostOf, STRATEGIES, type StrategySignal } from '../research/strategies.js';
import type { CostSettings } from '../paper/costs.js';
import { expectedPnlPaise } from '../ml/expected.js';
import { entryCostOf, planAllocation } from './plan.js';
import { confidenceLine, withMlConfidence, type MarketRead } from '../research/service.js';
import { activePhase, phaseTitle } from '../analytics/capitalPhase.js';
import type { AllocationService } from './service.js';
import type { Notify } from '../notifications/notifier.js';

const SETTINGS_KEY = 'automation_settings';
const Stored = z.object({ enabled: z.boolean(), run_time: z.string() });
type Stored = z.infer<typeof Stored>;
const DEFAULTS: Stored = { enabled: false, run_time: DEFAULT_AUTOMATION_RUN_TIME };

/** How often the automation looks at the clock and its open entries. */
export const AUTOMATION_PASS_MS = 30_000;
/** A run still marked running after this long was cut off by a restart. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;

interface Log {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AutomationDeps {
  db: Db;
  clock: Clock;
  calendar: HolidayCalendar;
  feed: MarketFeed;
  hub: TickHub;
  tradingMode: TradingModeService;
  orders: Pick<OrdersService, 'place' | 'preview' | 'cancel' | 'list'>;
  holdings: () => Promise<Array<Pick<Holding, 'symbol' | 'quantity' | 'product'>>>;
  allocation: Pick<AllocationService, 'budget'>;
  market: () => Promise<MarketRead>;
  decisions: DecisionLog;
  /** Why automated entries are held back now (circuit breakers, a halt); empty when clear. */
  blockers: () => Promise<string[]>;
  /** The paper engine's cost settings, for the expected outcome of each entry. */
  costs: () => Promise<CostSettings>;
  /** The paper engine's half spread, percent: a market buy fills at the price plus it (the plan's all-in cost). */
  halfSpreadPercent: () => Promise<number>;
  /** Whether ML drift is in force: the capital phase then steps down one (ml/store.ts driftInForce). */
  modelDrift: () => Promise<boolean>;
  /** Ties the day's logged ML prediction of a stock to the decision it informed (ml/service.ts). */
  linkPrediction?: (tradingDay: string, symbol: string, decisionId: number) => Promise<void>;
  log: Log;
  /** Sends the automated orders out (email, Telegram) as the operator chose. */
  notify?: Notify;
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const rupees = (value: number) => formatPaise(toPaise(value));
/** A sell stop's trigger on the 0.05 tick, at or below the stop. */
const stopTrigger = (stop: number) => toRupees(Math.floor(toPaise(stop) / 5) * 5);

type RunRow = typeof schema.automationRuns.$inferSelect;
interface RunSummary {
  lines: string[];
  spent: number;
  orders_placed: number;
}

function runOf(row: RunRow): AutomationRun {
  const summary = row.summary as RunSummary;
  return {
    trading_day: row.tradingDay,
    account: row.account as AutomationRun['account'],
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    status: row.status as AutomationRun['status'],
    amount: toRupees(row.amountPaise),
    spent: summary.spent ?? 0,
    orders_placed: summary.orders_placed ?? 0,
    lines: summary.lines ?? [],
  };
}

export type Automation = ReturnType<typeof createAutomation>;

export function createAutomation(deps: AutomationDeps) {
  const { db, clock, calendar, feed } = deps;
  let passing: Promise<void> | null = null;
  const load = () => readStoredSetting(db, SETTINGS_KEY, Stored.partial(), DEFAULTS);

  async function accountNow(): Promise<'paper' | 'live'> {
    const { mode } = await deps.tradingMode.get();
    return mode === 'live' ? 'live' : 'paper';
  }

  /** Whether the run time lies in the window of the session the server has now. */
  const inWindow = (runTime: string) => runTimeProblem(runTime, runTimeWindow(feed)) === null;

  /**
   * Whether the day's run is due at `now`: the market is open for trading and it is past the run
   * time; on NSE's session, before the 15:20 square-off (market/session.ts). A simulated session
   * open outside NSE's hours without being open at every hour (a feed kept open by hand) runs the
   * day at once.
   */
  function due(now: Date, runTime: string): boolean {
    if (!inWindow(runTime)) return false;
    const session = tradingSession(now, feed, calendar);
    if (!session.open) return false;
    const minute = istMinuteOfDay(now);
    if (feed.alwaysOpen) return minute >= minuteOf(runTime);
    if (session.simulatedOutsideHours) return true;
    return minute >= minuteOf(runTime) && minute < SQUARE_OFF_MINUTE;
  }

  /** When the next run is due after `now`, for the status; null while the run time is outside the session. */
  function nextRunAt(now: Date, runTime: string, ranToday: boolean): Date | null {
    if (!inWindow(runTime)) return null;
    const today = istDay(now);
    if (!ranToday && due(now, runTime)) return now;
    const openToday = feed.alwaysOpen || isTradingDay(today, calendar);
    if (!ranToday && openToday && istMinuteOfDay(now) < minuteOf(runTime))
      return istTimeOn(today, minuteOf(runTime));
    const nextDay = feed.alwaysOpen ? addDays(today, 1) : nextTradingDay(today, calendar);
    return istTimeOn(nextDay, minuteOf(runTime));
  }

  async function lastRun(account: string): Promise<RunRow | undefined> {
    const [row] = await db
      .select()
      .from(schema.automationRuns)
      .where(eq(schema.automationRuns.account, account))
      .orderBy(desc(schema.automationRuns.tradingDay))
      .limit(1);
    return row;
  }

  /** Claims the day's run; false when this day already has one (another process, or before a restart). */
  async function claim(account: string, day: string, amount: number, now: Date): Promise<number | null> {
    const [row] = await db
      .insert(schema.automationRuns)
      .values({
        account,
        tradingDay: day,
        startedAt: now,
        status: 'running',
        amountPaise: toPaise(amount),
        summary: { lines: [], spent: 0, orders_placed: 0 } satisfies RunSummary,
      })
      .onConflictDoNothing()
      .returning({ id: schema.automationRuns.id });
    return row?.id ?? null;
  }

  async function finish(id: number, status: AutomationRun['status'], summary: RunSummary) {
    await db
      .update(schema.automationRuns)
      .set({ status, finishedAt: clock.now(), summary })
      .where(eq(schema.automationRuns.id, id));
  }

  /** The day's run: plan, place, protect, record. */
  async function runDay(now: Date, account: 'paper' | 'live'): Promise<void> {
    const day = istDay(now);
    const budget = await deps.allocation.budget();
    const id = await claim(account, day, budget.amount, now);
    if (id === null) return;
    const lines: string[] = [];
    let spent = 0;
    let placed = 0;
    try {
      const blockers = await deps.blockers();
      if (blockers.length > 0) {
        lines.push('New automated entries are held back today:', ...blockers);
        await finish(id, 'skipped', { lines, spent, orders_placed: placed });
        return;
      }
      const read = await deps.market();
      const drifting = await deps.modelDrift();
      const phase = activePhase(budget.capital, drifting);
      const held = new Set((await deps.holdings()).filter((h) => h.quantity !== 0).map((h) => h.symbol));
      const signals = withMlConfidence(read);
      const costs = await deps.costs();
      const mlOf = (entry: { signal: StrategySignal; quantity: number }) => {
        const prediction = read.predictions.get(entry.signal.symbol);
        if (!prediction || entry.signal.signal !== 'BUY') return null;
        return {
          probability: prediction.probability,
          expectedPnlPaise: expectedPnlPaise({
            probability: prediction.probability,
            entryPaise: toPaise(entry.signal.price),
            targetPaise: toPaise(entry.signal.target),
            stopPaise: toPaise(entry.signal.stop),
            quantity: entry.quantity,
            costs,
          }),
        };
      };
      /** A skipped BUY the model scored: its probability, and no expected outcome (nothing was sized). */
      const skippedMl = (signal: StrategySignal) => {
        const prediction = signal.signal === 'BUY' ? read.predictions.get(signal.symbol) : undefined;
        return prediction ? { probability: prediction.probability, expectedPnlPaise: null } : null;
      };
      const plan = planAllocation({
        signals,
        amount: budget.amount,
        capital: budget.capital,
        maxPositionPct: phase.max_position_pct,
        minConfidence: phase.min_ml_confidence,
        held,
        riskBudget: (budget.riskBudgetPct / 100) * budget.capital,
        // Priced at the last price now (a market buy fills at its ask), else the signal's.
        entryCost: entryCostOf({
          costs,
          halfSpreadPercent: await deps.halfSpreadPercent(),
          priceOf: (signal) => deps.hub.last(signal.symbol)?.ltp ?? signal.price,
        }),
      });
      lines.push(
        `Day's amount ${rupees(budget.amount)} of ${rupees(budget.capital)} capital (${phaseTitle(phase)}${drifting ? ', one phase down while the ML model drifts' : ''}: at most ${phase.max_position_pct}% a position, ${Math.round(phase.min_ml_confidence * 100)}% confidence or more).`,
        confidenceLine(read),
        ...plan.lines,
      );
      for (const skip of plan.skipped) {
        await deps.decisions.record(
          decisionOf(
            now,
            day,
            account,
            skip.signal,
            'skipped',
            skip.reason,
            null,
            null,
            skippedMl(skip.signal),
          ),
        );
      }
      for (const planned of plan.entries) {
        const label = STRATEGIES[planned.strategy].label;
        const intent: OrderIntent = { strategy: label, automated: true, confidence: planned.confidence };
        // The amount is an upper bound with charges: the broker's own estimate of the order, at the
        // price now, must fit in what is left of it (the price may have moved since the plan).
        const quantity = await fitted(planned, budget.amount - spent, intent);
        if (quantity < 1) {
          const reason = `${rupees(budget.amount - spent)} left of the day's amount does not buy one share of ${planned.symbol} with its charges`;
          await deps.decisions.record(
            decisionOf(
              now,
              day,
              account,
              planned.signal,
              'skipped',
              reason,
              null,
              null,
              skippedMl(planned.signal),
            ),
          );
          lines.push(`${planned.symbol} (${label}) left out: ${reason}.`);
          continue;
        }
        const entry = { ...planned, quantity };
        try {
          const { order } = await deps.orders.place(
            {
              symbol: entry.symbol,
              side: 'BUY',
              quantity: entry.quantity,
              order_type: 'MARKET',
              product: 'CNC',
            },
            AUTOMATION_ACTOR,
            intent,
          );
          placed += 1;
          const cost = filledCost(order);
          spent += cost ?? 0;
          const decisionId = await deps.decisions.record(
            decisionOf(
              now,
              day,
              account,
              entry.signal,
              'ordered',
              entry.reason,
              entry.quantity,
              order.order_id,
              mlOf(entry),
              costs,
            ),
          );
          await deps.linkPrediction?.(day, entry.symbol, decisionId);
          if (order.status === 'filled') {
            await protect(entry.symbol, entry.quantity, entry.stop, intent);
            lines.push(
              `Bought ${entry.quantity} ${entry.symbol} (${label}) at ${rupees(order.average_price ?? entry.price)}; stop ${rupees(stopTrigger(entry.stop))}, target ${rupees(entry.target)}, exit after ${entry.horizonDays} trading days.`,
            );
          } else {
            lines.push(`Order to buy ${entry.quantity} ${entry.symbol} (${label}) is ${order.status}.`);
          }
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await deps.decisions.record(
            decisionOf(
              now,
              day,
              account,
              entry.signal,
              'refused',
              `Refused: ${message}`,
              entry.quantity,
              null,
              mlOf(entry),
              costs,
            ),
          );
          lines.push(`${entry.symbol} (${label}) refused: ${message}`);
        }
      }
      lines.push(`Spent ${rupees(spent)} of ${rupees(budget.amount)} on ${placed} orders.`);
      await finish(id, 'done', { lines, spent, orders_placed: placed });
      deps.log.info({ day, account, placed, spent }, 'automation: daily run done');
      if (placed > 0) {
        await deps.notify?.(
          'automated_order',
          `Automated orders of ${day} (${account}): ${placed} placed`,
          lines.join('\n'),
        );
      }
    } catch (error) {
      lines.push(`The run failed: ${error instanceof Error ? error.message : String(error)}`);
      await finish(id, 'failed', { lines, spent, orders_placed: placed });
      deps.log.error({ err: error, day }, 'automation: daily run failed');
    }
  }

  /**
   * The most shares of a planned entry (at most its planned quantity) whose estimated cost with
   * charges, as the mode's broker previews the order now, stays within `left` rupees.
   */
  async function fitted(
    entry: { symbol: string; quantity: number },
    left: number,
    intent: OrderIntent,
  ): Promise<number> {
    const netOf = async (quantity: number) =>
      (
        await deps.orders.preview(
          { symbol: entry.symbol, side: 'BUY', quantity, order_type: 'MARKET', product: 'CNC' },
          intent,
        )
      ).net_amount;
    let quantity = entry.quantity;
    let net = await netOf(quantity);
    while (quantity >= 1 && net > left) {
      // Scale down by how far over it is, at least one share at a time.
      quantity = Math.min(quantity - 1, Math.floor((quantity * left) / net));
      if (quantity >= 1) net = await netOf(quantity);
    }
    return Math.max(0, quantity);
  }

  /** A resting SL-M sell at the stop: it protects the entry even while the automation is paused. */
  async function protect(symbol: string, quantity: number, stop: number, intent: OrderIntent) {
    await deps.orders.place(
      {
        symbol,
        side: 'SELL',
        quantity,
        order_type: 'SL-M',
        trigger_price: stopTrigger(stop),
        product: 'CNC',
      },
      AUTOMATION_ACTOR,
      intent,
    );
  }

  /**
   * Exits of open entries: the stop order's fill, the target, the time limit; a cancelled entry; a
   * position closed outside the automation. Each position on its own: one that fails (the broker
   * refuses, a read fails) is logged and tried again at the next pass, and never keeps the others
   * or the day's run from happening.
   */
  async function manageExits(now: Date, account: 'paper' | 'live'): Promise<void> {
    const open = await deps.decisions.open(account);
    if (open.length === 0) return;
    const orders = await deps.orders.list({ status: 'all', limit: 500 });
    const held = heldBySymbol(await deps.holdings());
    for (const decision of open) {
      try {
        await manageExit(decision, orders, held, now);
      } catch (error) {
        deps.log.error(
          { err: error, symbol: decision.symbol, decision: decision.id },
          'automation: the exit of one position failed; the others and the day run on',
        );
      }
    }
  }

  async function manageExit(
    decision: LoggedDecision,
    orders: readonly Order[],
    held: ReadonlyMap<string, number>,
    now: Date,
  ): Promise<void> {
    const entry = decision.orderId ? orders.find((o) => o.order_id === decision.orderId) : undefined;
    if (!entry) return;
    if (entry.status === 'cancelled' || entry.status === 'rejected') {
      await deps.decisions.recordOutcome(decision.id, {
        at: now,
        kind: 'cancelled',
        returnAfterCosts: 0,
        pnlPaise: 0,
      });
      return;
    }
    if (entry.status !== 'filled' || entry.average_price === null) return;
    const stops = protectiveStops(orders, entry);
    const firedStop = stops.find((o) => o.status === 'filled');
    if (firedStop) {
      await settle(decision, entry, orders, 'stop', now);
      return;
    }
    const openStops = stops.filter((o) => o.status === 'open');
    // The entry's shares still held: the operator may have sold some or all of them by hand.
    const remaining = Math.min(entry.quantity, held.get(decision.symbol) ?? 0);
    if (remaining === 0) {
      for (const stop of openStops)
        await deps.orders.cancel(
          stop.order_id,
          AUTOMATION_ACTOR,
          'the position was closed outside the automation',
        );
      await settle(decision, entry, orders, 'manual', now);
      return;
    }
    const ltp = deps.hub.last(decision.symbol)?.ltp;
    if (ltp === undefined) return;
    const target = decision.targetPaise === null ? null : toRupees(decision.targetPaise);
    const heldDays = tradingDaysBetween(decision.tradingDay, istDay(now), calendar).length - 1;
    const kind =
      target !== null && ltp >= target ? 'target' : heldDays >= decision.horizonDays ? 'horizon' : null;
    if (!kind) return;
    const why = kind === 'target' ? 'target reached' : 'holding period over';
    for (const stop of openStops)
      await deps.orders.cancel(stop.order_id, AUTOMATION_ACTOR, `exiting at market (${why})`);
    const intent: OrderIntent = {
      strategy: entry.strategy,
      automated: true,
      confidence: decision.confidence,
    };
    const { order: exit } = await deps.orders.place(
      {
        symbol: decision.symbol,
        side: 'SELL',
        quantity: remaining,
        order_type: 'MARKET',
        product: 'CNC',
      },
      AUTOMATION_ACTOR,
      intent,
    );
    if (exit.status === 'filled') await settle(decision, entry, [...orders, exit], kind, now);
    await deps.notify?.(
      'automated_order',
      `Automated exit: SELL ${remaining} ${decision.symbol} (${why})`,
      `The automation sold ${remaining} ${decision.symbol} at market (${exit.status}${exit.average_price ? ` at ${rupees(exit.average_price)}` : ''}).`,
    );
  }

  /**
   * Records what an entry made after charges: its cost against the sells of its stock filled since
   * it (the automation's exit, its stop, the operator's own), taken in the order they were placed
   * up to the entry's shares.
   */
  async function settle(
    decision: LoggedDecision,
    entry: Order,
    orders: readonly Order[],
    kind: 'target' | 'stop' | 'horizon' | 'manual',
    now: Date,
  ) {
    const cost = filledCost(entry) ?? 0;
    const proceeds = proceedsOf(entry, orders);
    const pnl = proceeds - cost;
    await deps.decisions.recordOutcome(decision.id, {
      at: now,
      kind,
      returnAfterCosts: cost > 0 ? pnl / cost : 0,
      pnlPaise: toPaise(pnl),
    });
  }

  /**
   * Marks runs a restart cut off as failed (they stay claimed: the day is not run twice). A run
   * takes seconds: one still running after ten minutes was cut off, in this process or another.
   */
  async function recoverInterrupted(): Promise<void> {
    const cutOff = new Date(clock.nowMs() - INTERRUPTED_AFTER_MS);
    await db
      .update(schema.automationRuns)
      .set({
        status: 'failed',
        finishedAt: clock.now(),
        summary: {
          lines: ['The run was cut off by a server restart; orders it placed before that stand.'],
          spent: 0,
          orders_placed: 0,
        } satisfies RunSummary,
      })
      .where(and(eq(schema.automationRuns.status, 'running'), lt(schema.automationRuns.startedAt, cutOff)));
  }

  async function pass(): Promise<void> {
    await recoverInterrupted();
    const settings = await load();
    if (!settings.enabled) return;
    const now = clock.now();
    if (!feed.isSessionOpen(now)) return;
    const account = await accountNow();
    await manageExits(now, account);
    if (due(now, settings.run_time)) await runDay(now, account);
  }

  return {
    /** One pass: exits, then the day's run when due (tests call it; the timer calls it every 30 s). */
    async runOnce(): Promise<void> {
      // One pass at a time within the process (the run's row keeps processes apart).
      while (passing) await passing;
      passing = pass().finally(() => {
        passing = null;
      });
      return passing;
    },
    async status(): Promise<AutomationStatus> {
      const settings = await load();
      const account = await accountNow();
      const now = clock.now();
      const last = await lastRun(account);
      const ranToday = last?.tradingDay === istDay(now);
      const open = await deps.decisions.open(account);
      // Which of them a stop-loss protects is read from the orders resting now, never assumed.
      const resting = open.length > 0 ? await deps.orders.list({ status: 'open', limit: 500 }) : [];
      const protectedCount = open.filter((d) =>
        resting.some(
          (o) =>
            o.symbol === d.symbol &&
            o.side === 'SELL' &&
            o.product === 'CNC' &&
            (o.order_type === 'SL-M' || o.order_type === 'SL'),
        ),
      ).length;
      return {
        enabled: settings.enabled,
        run_time: settings.run_time,
        account,
        next_run_at: settings.enabled
          ? (nextRunAt(now, settings.run_time, ranToday)?.toISOString() ?? null)
          : null,
        last_run: last ? runOf(last) : null,
        open_positions: open.length,
        protected_positions: protectedCount,
        blocked_by: await deps.blockers(),
        run_time_window: runTimeWindow(feed),
      };
    },
    async update(
      body: AutomationUpdate,
      actor: string,
    ): Promise<{ status: AutomationStatus; message: string }> {
      const update = AutomationUpdate.parse(body);
      const previous = await load();
      const next = { enabled: update.enabled, run_time: update.run_time ?? previous.run_time };
      // The run time must lie in the session this server has; switching on with a stored one that
      // does not (set under another session) is refused too, saying which times are taken.
      const problem =
        update.run_time !== undefined || next.enabled
          ? runTimeProblem(next.run_time, runTimeWindow(feed))
          : null;
      if (problem) throw badRequest(`${problem}. ${runTimeWindow(feed).note}`);
      await writeStoredSetting(db, {
        key: SETTINGS_KEY,
        value: next,
        previous,
        actor,
        at: clock.now(),
        action: 'allocation.automation.set',
      });
      const status = await this.status();
      const daily = `the allocator runs each ${feed.alwaysOpen ? 'day' : 'trading day'} at ${next.run_time} IST`;
      const now = clock.now();
      const runsNow = status.next_run_at !== null && Date.parse(status.next_run_at) <= now.getTime();
      const message = !next.enabled
        ? 'Automation paused: no automated entries or exits until it is resumed. Resting stop orders stay in place.'
        : !runsNow
          ? `Automation on: ${daily}.`
          : tradingSession(now, feed, calendar).simulatedOutsideHours
            ? `Automation on: the simulated market is open outside NSE hours, so today's run starts now (within ${AUTOMATION_PASS_MS / 1000} seconds); then ${daily}.`
            : `Automation on: the market is open and today's run time has passed, so today's run starts now (within ${AUTOMATION_PASS_MS / 1000} seconds); then ${daily}.`;
      return { status, message };
    },
    recoverInterrupted,
    /** The last `days` trading days' runs and decisions of the current mode's account, newest first. */
    async decisionDays(days: number): Promise<DecisionDay[]> {
      const account = await accountNow();
      const today = istDay(clock.now());
      let fromDay = today;
      for (let i = 1; i < days; i += 1) fromDay = previousTradingDay(fromDay, calendar);
      const runs = await db
        .select()
        .from(schema.automationRuns)
        .where(
          and(eq(schema.automationRuns.account, account), gte(schema.automationRuns.tradingDay, fromDay)),
        );
      const logged = await deps.decisions.list({ account, fromDay, toDay: today, limit: 5_000 });
      const byDay = new Map<string, DecisionDay>();
      const dayOf = (day: string) => {
        let entry = byDay.get(day);
        if (!entry) byDay.set(day, (entry = { trading_day: day, run: null, decisions: [] }));
        return entry;
      };
      for (const row of runs) dayOf(row.tradingDay).run = runOf(row);
      for (const d of logged) dayOf(d.tradingDay).decisions.push(decisionView(d));
      return [...byDay.values()].sort((a, b) => b.trading_day.localeCompare(a.trading_day));
    },
    async stop() {
      if (passing) await passing.catch(() => undefined);
    },
  };
}

/** Shares held per symbol (delivery, the automation's product), from the account's holdings. */
function heldBySymbol(holdings: ReadonlyArray<Pick<Holding, 'symbol' | 'quantity' | 'product'>>) {
  const held = new Map<string, number>();
  for (const h of holdings) {
    if (h.product !== 'CNC') continue;
    held.set(h.symbol, (held.get(h.symbol) ?? 0) + h.quantity);
  }
  return held;
}

/** The stop-loss sells of an entry's stock placed since it (open, filled or ended). */
function protectiveStops(orders: readonly Order[], entry: Order): Order[] {
  return orders.filter(
    (o) =>
      o.symbol === entry.symbol &&
      o.side === 'SELL' &&
      (o.order_type === 'SL-M' || o.order_type === 'SL') &&
      o.placed_at >= entry.placed_at,
  );
}

/**
 * What the sells of an entry's stock filled since it brought in for the entry's shares, after
 * their charges (each sell's charges in proportion to the shares counted), rupees.
 */
function proceedsOf(entry: Order, orders: readonly Order[]): number {
  const sells = orders
    .filter(
      (o) =>
        o.symbol === entry.symbol &&
        o.side === 'SELL' &&
        o.status === 'filled' &&
        o.average_price !== null &&
        o.placed_at >= entry.placed_at,
    )
    .sort((a, b) => a.placed_at.localeCompare(b.placed_at) || a.order_id.localeCompare(b.order_id));
  let left = entry.quantity;
  let proceeds = 0;
  for (const sell of sells) {
    if (left === 0) break;
    const quantity = Math.min(left, sell.quantity);
    proceeds += quantity * sell.average_price! - ((sell.charges?.total ?? 0) * quantity) / sell.quantity;
    left -= quantity;
  }
  return proceeds;
}

/** What a filled buy cost, charges included; null before it fills. */
function filledCost(order: Order): number | null {
  if (order.status !== 'filled' || order.average_price === null) return null;
  return order.quantity * order.average_price + (order.charges?.total ?? 0);
}

function decisionOf(
  now: Date,
  day: string,
  account: 'paper' | 'live',
  signal: MarketRead['signals'][number],
  action: 'ordered' | 'skipped' | 'refused',
  reason: string,
  quantity: number | null,
  orderId: string | null,
  ml: { probability: number; expectedPnlPaise: number | null } | null = null,
  costs?: CostSettings,
) {
  // An ordered (or refused) entry's figures are those of the quantity it ordered, not the
  // strategy's notional size: its round trip's charges and the break-even they make.
  const sized = quantity !== null && costs ? roundTripCostOf(signal.price, quantity, costs) : null;
  return {
    mlProbability: ml?.probability ?? null,
    expectedPnlPaise: ml?.expectedPnlPaise ?? null,
    decidedAt: now,
    tradingDay: day,
    account,
    source: 'automation' as const,
    symbol: signal.symbol,
    strategy: STRATEGIES[signal.strategy].label,
    strategyVersion: signal.strategyVersion,
    signal: signal.signal,
    action,
    reason,
    confidence: signal.confidence,
    pricePaise: toPaise(signal.price),
    targetPaise: toPaise(signal.target),
    stopPaise: toPaise(signal.stop),
    horizonDays: signal.horizonDays,
    quantity,
    orderId,
    inputs: {
      ...signal.inputs,
      expected_move_pct: signal.expectedMovePct,
      break_even_pct: sized?.breakEvenPct ?? signal.breakEvenPct,
      ...(sized && {
        quantity: sized.quantity,
        intended_value: sized.value,
        round_trip_charges: sized.charges,
      }),
    },
  };
}

/** A logged decision as the Decisions view shows it. */
function decisionView(d: LoggedDecision): Decision {
  const inputs = Object.fromEntries(
    Object.entries(d.inputs).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
  return {
    id: d.id,
    decided_at: d.decidedAt.toISOString(),
    trading_day: d.tradingDay,
    account: d.account,
    symbol: d.symbol,
    strategy: d.strategy,
    strategy_version: d.strategyVersion,
    signal: d.signal,
    action: d.source === 'exit' ? 'exit' : d.action,
    reason: d.reason,
    confidence: Math.min(1, Math.max(0, d.confidence)),
    price: toRupees(d.pricePaise),
    target: d.targetPaise === null ? null : toRupees(d.targetPaise),
    stop: d.stopPaise === null ? null : toRupees(d.stopPaise),
    horizon_days: d.horizonDays,
    quantity: d.quantity,
    order_id: d.orderId,
    inputs,
    ml_probability: d.mlProbability === null ? null : Math.min(1, Math.max(0, d.mlProbability)),
    expected_pnl: d.expectedPnlPaise === null ? null : toRupees(d.expectedPnlPaise),
    outcome: d.outcome && {
      at: d.outcome.at.toISOString(),
      kind: d.outcome.kind,
      return_pct: d.outcome.returnAfterCosts * 100,
      pnl: toRupees(d.outcome.pnlPaise),
    },
  };
}
