/**
 * The circuit breakers of the production phases (specification part 2, section 9; contract:
 * SAFETY_LIMITS): while one is tripped the automation opens no new position (it asks `state()`
 * before every automated entry and refuses with `circuitBreakerRejection`, limit
 * 'circuit_breaker'). Manual orders are not stopped by them; the operator sees them on the
 * Production Scaling page and in the alerts.
 *
 * - Volatility: NIFTY 50's realised volatility, std(r, ddof = 1) * sqrt(252) over its last 20
 *   daily close-to-close returns (the last 21 completed daily closes before today, from the feed's
 *   daily candles), above 40% trips.
 * - Market drop: NIFTY 50's fall from its highest level within the last hour to its latest level,
 *   from the index ticks the tick hub carries (a rolling one-hour window of (ts, level)), more than
 *   3% trips. Without a tick in the last hour (the market shut) it cannot be measured and does not
 *   trip; a gap at the open is measured from the first ticks of the session.
 * - Liquidity: the account's available cash (cash not held by open orders or shorts) over its
 *   value (cash plus holdings at market), below 15% trips.
 *
 * When a breaker is found tripped, a high alert is raised (source 'risk', so the Risk Management
 * page lists it), at most once per breaker per IST trading day: like risk/monitor.ts, the check of
 * today's alerts and the insert run in one transaction under an advisory lock, so two processes
 * never both raise it and Clear All does not bring it back the same day. Once the breaker is
 * measured clear, its alert is resolved (risk/alertResolution.ts), and tripping again raises a new
 * one. The server checks every MONITOR_INTERVAL_MS (a job in app.ts), so an alert is raised even
 * when nothing asks.
 */
import { and, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  istDay,
  istTimeOn,
  SAFETY_LIMITS,
  type CircuitBreaker,
  type CircuitBreakerId,
  type CircuitBreakersState,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import { annualVolatility } from '../analytics/ratios.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed, Tick, TickHub } from '../market/feed.js';
import { addDays, isTradingDay } from '../market/tradingDays.js';
import type { Rejection } from '../paper/limits.js';
import { formatRupeesShort } from '../paper/money.js';
import type { Notify } from '../notifications/notifier.js';
import { BENCHMARK_SYMBOL } from '../paper/snapshots.js';
import { resolveAlerts } from '../risk/alertResolution.js';

/** Daily returns the volatility breaker measures. */
const VOLATILITY_RETURNS = 20;
/** Calendar days of candles read for them (21 trading days, holidays included). */
const VOLATILITY_CALENDAR_DAYS = 60;
const DROP_WINDOW_MS = SAFETY_LIMITS.market_drop_window_minutes * 60_000;
/** How often the monitor looks while the server runs. */
export const MONITOR_INTERVAL_MS = 60_000;
/** The advisory lock of the alerts' check-and-insert (any fixed number unique to this use). */
const BREAKER_LOCK = 0x6e_63_62_31; // 'ncb1'

const BREAKER_LABELS: Record<CircuitBreakerId, string> = {
  volatility: 'NIFTY 50 volatility',
  market_drop: 'Market drop in 1 hour',
  liquidity: 'Cash ratio',
};

const round2 = (x: number) => Math.round(x * 100) / 100;
/** Rounding errors of the figures (a 3% fall computed as 3.0000000000000027%) do not trip a breaker. */
const EPSILON = 1e-9;
const pct = (x: number) => `${Number(x.toFixed(2))}%`;
const level = (x: number) => x.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** The volatility breaker from NIFTY 50's daily closes (oldest first; the last 21 are used). */
export function volatilityBreaker(closes: readonly number[]): CircuitBreaker {
  const threshold = SAFETY_LIMITS.max_volatility_pct;
  const base = { id: 'volatility' as const, label: BREAKER_LABELS.volatility, threshold };
  const recent = closes.slice(-(VOLATILITY_RETURNS + 1));
  const returns = recent.slice(1).map((close, i) => close / recent[i]! - 1);
  if (returns.length < VOLATILITY_RETURNS || recent.some((c) => !(c > 0))) {
    return {
      ...base,
      tripped: false,
      value: null,
      message: `Not enough NIFTY 50 history to measure its volatility: ${Math.max(0, returns.length)} of the ${VOLATILITY_RETURNS} daily returns needed.`,
    };
  }
  const value = annualVolatility(returns)! * 100;
  const tripped = value > threshold + EPSILON;
  return {
    ...base,
    tripped,
    value: round2(value),
    message: `NIFTY 50 moves ${pct(value)} a year (annualised over its last ${VOLATILITY_RETURNS} daily returns), ${tripped ? 'above' : 'within'} the ${threshold}% limit.`,
  };
}

/** The market-drop breaker from the latest level and the highest of the last hour (null: no tick in it). */
export function marketDropBreaker(window: { latest: number; high: number } | null): CircuitBreaker {
  const threshold = SAFETY_LIMITS.market_drop_pct;
  const base = { id: 'market_drop' as const, label: BREAKER_LABELS.market_drop, threshold };
  if (!window || !(window.high > 0)) {
    return {
      ...base,
      tripped: false,
      value: null,
      message:
        'No NIFTY 50 level in the last hour (the market is shut or the feed is quiet): nothing to measure.',
    };
  }
  const value = Math.max(0, (1 - window.latest / window.high) * 100);
  const tripped = value > threshold + EPSILON;
  return {
    ...base,
    tripped,
    value: round2(value),
    message: `NIFTY 50 at ${level(window.latest)} is ${pct(value)} below its highest level of the last hour (${level(window.high)}), ${tripped ? 'more than' : 'within'} the ${threshold}% limit.`,
  };
}

/** The liquidity breaker from the account's available cash and its value (rupees). */
export function liquidityBreaker(cash: number, value: number): CircuitBreaker {
  const threshold = SAFETY_LIMITS.min_liquidity_ratio_pct;
  const base = { id: 'liquidity' as const, label: BREAKER_LABELS.liquidity, threshold };
  if (!(value > 0)) {
    return {
      ...base,
      tripped: false,
      value: null,
      message: `The account is worth ${formatRupeesShort(Math.round(value))}: there is no value to measure its cash against.`,
    };
  }
  const ratio = (Math.max(0, cash) / value) * 100;
  const tripped = ratio < threshold - EPSILON;
  return {
    ...base,
    tripped,
    value: round2(ratio),
    message: `Available cash ${formatRupeesShort(Math.round(cash))} is ${pct(ratio)} of the account's ${formatRupeesShort(Math.round(value))}, ${tripped ? 'below' : 'above'} the ${threshold}% minimum.`,
  };
}

/** The refusal of an automated entry while a breaker is tripped, or null when none is. */
export function circuitBreakerRejection(state: CircuitBreakersState): Rejection | null {
  const tripped = state.breakers.filter((b) => b.tripped);
  if (tripped.length === 0) return null;
  return {
    limit: 'circuit_breaker',
    message: `Circuit breaker tripped: ${tripped.map((b) => b.message).join(' ')} No automated entry is made until it clears`,
  };
}

/**
 * The highest level and the latest level of one index within a rolling window: a queue of levels
 * in decreasing order (each new level drops the lower ones before it), so the highest is at the
 * front and the latest at the back; each level enters and leaves once.
 */
function createLevelWindow(windowMs: number) {
  const queue: Array<{ ts: number; level: number }> = [];
  let start = 0;
  const expire = (now: number) => {
    while (start < queue.length && queue[start]!.ts <= now - windowMs) start += 1;
    if (start > 1024 && start * 2 > queue.length) {
      queue.splice(0, start);
      start = 0;
    }
  };
  return {
    push(ts: number, value: number) {
      const last = queue[queue.length - 1];
      if (start < queue.length && last && ts < last.ts) return; // an older tick: out of order
      while (queue.length > start && queue[queue.length - 1]!.level <= value) queue.pop();
      queue.push({ ts, level: value });
      expire(ts);
    },
    /** The latest and highest levels with a timestamp in (now - window, now], or null. */
    at(now: number): { latest: number; high: number } | null {
      expire(now);
      if (start >= queue.length) return null;
      const latest = queue[queue.length - 1]!;
      if (latest.ts > now) return null;
      return { latest: latest.level, high: queue[start]!.level };
    },
  };
}

export interface CircuitBreakerDeps {
  db: Db;
  clock: Clock;
  hub: TickHub;
  feed: Pick<MarketFeed, 'dailyCandles'>;
  calendar: HolidayCalendar;
  /** The account the liquidity breaker measures: available cash and value, rupees. */
  account(): Promise<{ cash: number; value: number }>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Sends each newly raised breaker alert out (email, Telegram) as the operator chose. */
  notify?: Notify;
}

export function createCircuitBreakers(deps: CircuitBreakerDeps) {
  const { db, clock, log } = deps;
  const window = createLevelWindow(DROP_WINDOW_MS);
  const onTicks = (ticks: readonly Tick[]) => {
    for (const tick of ticks) if (tick.symbol === BENCHMARK_SYMBOL) window.push(tick.ts, tick.ltp);
  };
  const seen = deps.hub.last(BENCHMARK_SYMBOL);
  if (seen) onTicks([seen]);
  const unsubscribe = deps.hub.subscribe(onTicks);

  /** NIFTY 50's completed daily closes before `today`, read once per IST day. */
  let closes: { day: string; closes: number[] } | null = null;
  async function niftyCloses(today: string): Promise<number[]> {
    if (closes?.day === today) return closes.closes;
    const candles = await deps.feed.dailyCandles(
      BENCHMARK_SYMBOL,
      addDays(today, -VOLATILITY_CALENDAR_DAYS),
      addDays(today, -1),
    );
    const list = candles.filter((c) => c.date < today).map((c) => c.close);
    closes = { day: today, closes: list };
    return list;
  }

  async function volatility(today: string): Promise<CircuitBreaker> {
    try {
      return volatilityBreaker(await niftyCloses(today));
    } catch (error) {
      return {
        id: 'volatility',
        label: BREAKER_LABELS.volatility,
        tripped: false,
        value: null,
        threshold: SAFETY_LIMITS.max_volatility_pct,
        message: `NIFTY 50's daily closes could not be read, so its volatility is not known: ${(error as Error).message}`,
      };
    }
  }

  /** The opening of a breaker's alert: its kind and subject. */
  const keyOf = (b: CircuitBreaker) => `Circuit breaker tripped: ${b.label}. `;

  /** Breakers raised today by this process (skips the database once raised). */
  const raisedOn = new Map<CircuitBreakerId, string>();

  /** Raises a high alert for each tripped breaker not raised yet today. */
  async function raise(tripped: readonly CircuitBreaker[], now: Date): Promise<void> {
    const today = istDay(now);
    if (!isTradingDay(today, deps.calendar)) return;
    const fresh = tripped.filter((b) => raisedOn.get(b.id) !== today);
    if (fresh.length === 0) return;
    const inserted = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${BREAKER_LOCK})`);
      // A breaker's alert of today stands (or was dismissed): not again. One resolved when the
      // breaker cleared does not count: the breaker tripping again is news.
      const todays = await tx
        .select({ message: schema.alerts.message })
        .from(schema.alerts)
        .where(
          and(
            eq(schema.alerts.source, 'risk'),
            gte(schema.alerts.at, istTimeOn(today, 0)),
            or(isNull(schema.alerts.resolvedAt), isNotNull(schema.alerts.dismissedAt)),
          ),
        );
      const drafts = fresh.filter((b) => !todays.some((a) => a.message.startsWith(keyOf(b))));
      if (drafts.length > 0) {
        await tx.insert(schema.alerts).values(
          drafts.map((b) => ({
            at: now,
            source: 'risk',
            severity: 'high',
            message: `${keyOf(b)}${b.message} The automation opens no new position while it stands.`,
            actionRequired: true,
            suggestedAction:
              'Review the open positions and the market before trading by hand; automated entries resume once the breaker clears.',
          })),
        );
      }
      return drafts;
    });
    for (const b of fresh) raisedOn.set(b.id, today);
    if (inserted.length > 0) log.info({ breakers: inserted.map((b) => b.id) }, 'circuit breakers: tripped');
    for (const b of inserted) {
      await deps.notify?.(
        'circuit_breaker',
        `Circuit breaker tripped: ${b.label}`,
        `${b.message} The automation opens no new position while it stands.`,
      );
    }
  }

  /** Every breaker measured at `now` (raising the alert of each tripped one, once a trading day). */
  async function state(now: Date = clock.now()): Promise<CircuitBreakersState> {
    const today = istDay(now);
    const account = await deps.account();
    const breakers = [
      await volatility(today),
      marketDropBreaker(window.at(now.getTime())),
      liquidityBreaker(account.cash, account.value),
    ];
    const tripped = breakers.filter((b) => b.tripped);
    await raise(tripped, now);
    // A breaker measured and not tripped has cleared: its standing alert is resolved, and a new
    // trip may raise one again.
    const cleared = breakers.filter((b) => !b.tripped && b.value !== null);
    const resolved = await resolveAlerts(db, {
      source: 'risk',
      openings: cleared.map(keyOf),
      at: now,
      by: 'system: circuit breakers',
      how: 'The breaker cleared: automated entries may resume.',
    });
    if (resolved > 0) for (const b of cleared) raisedOn.delete(b.id);
    return { tripped: tripped.length > 0, breakers };
  }

  return {
    state,

    /** Stops watching the ticks (the minute check is a job of ops/engines.ts, stopped by its owner). */
    stop(): void {
      unsubscribe();
    },
  };
}

export type CircuitBreakers = ReturnType<typeof createCircuitBreakers>;
