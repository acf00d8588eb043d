/**
 * The risk alert monitor. Every RISK_MONITOR_INTERVAL_MS while the server runs (app.ts starts and
 * stops it; tests call `runOnce`), on NSE trading days and while the console trades on paper (the
 * risk figures cover the paper account), it checks the account against the rules of
 * analytics/riskAlerts.ts for each alert kind the operator has switched on (alerts.ts) and raises
 * each finding as an alert (the alerts table, source 'risk'), which the risk page lists. The
 * portfolio loss alert of part 2, section 9 (down more than 3% today) is always checked; it and the
 * limit breaches (daily loss limit, stop loss hit) also go out as notifications (`notify`).
 *
 * No duplicates: the same kind for the same symbol (or pair, or the portfolio) is raised at most
 * once an IST trading day, dismissed, resolved or not. An alert whose reason to act has ended is
 * resolved (`resolveEnded`): the risk page shows it resolved, not "Action required". An alert's kind and subject are the opening words of
 * its message (`key`); looking for today's alerts with that opening and inserting the new ones run
 * in one transaction holding an advisory lock, so two server processes on one PostgreSQL database
 * cannot both raise the same alert.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import {
  istDay,
  istTimeOn,
  SAFETY_LIMITS,
  type NotificationAlert,
  type RiskAlert,
} from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { HolidayCalendar } from '../market/calendar.js';
import { isTradingDay } from '../market/tradingDays.js';
import type { PaperEngine } from '../paper/engine.js';
import { formatPaise, formatRupeesShort, toPaise } from '../paper/money.js';
import type { TradingModeService } from '../trading/mode.js';
import {
  CORRELATION_ALERT,
  correlationFindings,
  dailyLossFinding,
  stopLossFindings,
  volatilityFindings,
  type RiskFinding,
} from '../analytics/riskAlerts.js';
import { resolveAlerts } from './alertResolution.js';
import { loadAlertSettings } from './alerts.js';
import type { RiskService } from './service.js';
import type { Notify } from '../notifications/notifier.js';

/** How often the monitor looks at the account while the server runs. */
export const RISK_MONITOR_INTERVAL_MS = 60_000;
/** The advisory lock the monitor's check-and-insert holds (any fixed number unique to this use). */
const MONITOR_LOCK = 0x6e_72_6d_31; // 'nrm1'

type Severity = RiskAlert['severity'];

/** An alert about to be raised. */
interface Draft {
  /** The message's opening words naming the kind and subject: at most one such alert a day. */
  key: string;
  /** Openings of alerts that make this one redundant today (the daily loss limit over its warning). */
  supersededBy: string[];
  severity: Severity;
  message: string;
  actionRequired: boolean;
  suggestedAction: string;
}

export interface RaisedRiskAlert {
  severity: Severity;
  message: string;
}

const rupees = (amount: number) => formatPaise(toPaise(amount));
const percent = (fraction: number, decimals = 1) => `${Number((fraction * 100).toFixed(decimals))}%`;
const wholePercent = (fraction: number) => `${Math.floor(fraction * 100 + 1e-9)}%`;

const DAILY_LOSS_WARNING = 'Daily loss warning: ';
const DAILY_LOSS_LIMIT = 'Daily loss limit reached: ';
const PORTFOLIO_LOSS = 'Portfolio loss: ';
const STOP_LOSS_HIT = 'Stop loss hit: ';

/** The notification an alert goes out as (notifications/notifier.ts), if any. */
function notificationOf(draft: Draft): NotificationAlert | null {
  if (draft.key === PORTFOLIO_LOSS) return 'portfolio_loss';
  if (draft.key === DAILY_LOSS_LIMIT || draft.key.startsWith(STOP_LOSS_HIT)) return 'limit_breach';
  return null;
}

/**
 * The email alert of part 2, section 9: the portfolio down more than
 * SAFETY_LIMITS.alert_portfolio_loss_pct (3%) today, from the account's day change.
 */
function portfolioLossDraft(overview: { day_change: number; day_change_percent: number }): Draft | null {
  if (!(overview.day_change_percent < -SAFETY_LIMITS.alert_portfolio_loss_pct)) return null;
  return {
    key: PORTFOLIO_LOSS,
    supersededBy: [],
    severity: 'high',
    message: `${PORTFOLIO_LOSS}the portfolio is down ${Math.abs(overview.day_change_percent)}% today (${rupees(overview.day_change)}), more than ${SAFETY_LIMITS.alert_portfolio_loss_pct}%.`,
    actionRequired: true,
    suggestedAction: 'Review the losing positions on the Risk Management page; consider reducing exposure.',
  };
}

/** The alert a finding raises: severity, message with its figures, and what to do. */
function draftOf(finding: RiskFinding): Draft {
  switch (finding.kind) {
    case 'stop_loss': {
      const long = finding.quantity > 0;
      const shares = Math.abs(finding.quantity);
      const key = `${STOP_LOSS_HIT}${finding.symbol} `;
      return {
        key,
        supersededBy: [],
        severity: 'high',
        message:
          `${key}at ${rupees(finding.price)} is at or ${long ? 'below' : 'above'} its suggested stop ` +
          `${rupees(finding.stopLoss)} (${shares} ${shares === 1 ? 'share' : 'shares'} ${long ? 'held' : 'short'}, ` +
          `unrealised P&L ${rupees(finding.unrealizedPnl)} after charges).`,
        actionRequired: true,
        suggestedAction: long
          ? `Sell ${finding.symbol} (${shares} at market), or set a new stop deliberately if your view still holds.`
          : `Buy back ${finding.symbol} (${shares} at market), or set a new stop deliberately if your view still holds.`,
      };
    }
    case 'daily_loss': {
      const figures = `today's loss ${rupees(finding.loss)} is ${wholePercent(finding.share)} of the ${formatRupeesShort(finding.limit)} daily loss limit.`;
      return finding.level === 'limit'
        ? {
            key: DAILY_LOSS_LIMIT,
            supersededBy: [],
            severity: 'high',
            message: `${DAILY_LOSS_LIMIT}${figures} Orders that open positions are refused for the rest of the day.`,
            actionRequired: true,
            suggestedAction:
              'Close or reduce the losing positions (orders that reduce a position are taken), or review the limit in Settings › Risk Management.',
          }
        : {
            key: DAILY_LOSS_WARNING,
            supersededBy: [DAILY_LOSS_LIMIT],
            severity: 'medium',
            message: `${DAILY_LOSS_WARNING}${figures}`,
            actionRequired: false,
            suggestedAction: `Trade smaller or stop for the day: at ${formatRupeesShort(finding.limit)} orders that open positions are refused.`,
          };
    }
    case 'high_volatility': {
      if (finding.symbol === null) {
        const key = 'High volatility: the portfolio ';
        return {
          key,
          supersededBy: [],
          severity: 'medium',
          message: `${key}moves ${percent(finding.volatility)} a year (annualised over its last ${finding.days} daily returns), above the ${percent(finding.band, 0)} portfolio band.`,
          actionRequired: false,
          suggestedAction:
            'Spread the money over more, less correlated positions, or hold more cash, until the swings settle.',
        };
      }
      const key = `High volatility: ${finding.symbol} `;
      return {
        key,
        supersededBy: [],
        severity: 'medium',
        message: `${key}moves ${percent(finding.volatility)} a year (annualised over its last ${finding.days} daily returns), above the ${percent(finding.band, 0)} high-risk band.`,
        actionRequired: false,
        suggestedAction: `Consider a smaller ${finding.symbol} position: its daily swings can reach its stop on noise alone.`,
      };
    }
    case 'position_correlation': {
      const [a, b] = finding.symbols;
      const key = `Correlated positions: ${a} and ${b} `;
      return {
        key,
        supersededBy: [],
        severity: 'low',
        message:
          `${key}(${percent(finding.weights[0])} and ${percent(finding.weights[1])} of the portfolio) moved together ` +
          `with a correlation of ${finding.correlation.toFixed(2)} over their last ${finding.days} daily returns, ` +
          `above ${CORRELATION_ALERT.threshold}.`,
        actionRequired: false,
        suggestedAction: `Treat ${a} and ${b} as one bet when sizing, or reduce one of them.`,
      };
    }
  }
}

export interface RiskMonitorDeps {
  db: Db;
  clock: Clock;
  calendar: HolidayCalendar;
  tradingMode: Pick<TradingModeService, 'get'>;
  risk: Pick<RiskService, 'measure'>;
  paper: Pick<PaperEngine, 'overview'>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Sends the portfolio loss and limit breach alerts out (email, Telegram) as the operator chose. */
  notify?: Notify;
}

export function createRiskMonitor(deps: RiskMonitorDeps) {
  const { db, clock, log } = deps;

  /** What the switched-on rules find now, and the stocks held (when the positions were measured). */
  async function findings(): Promise<{ found: RiskFinding[]; held: ReadonlySet<string> | null }> {
    const settings = await loadAlertSettings(db);
    const found: RiskFinding[] = [];
    let held: Set<string> | null = null;
    if (settings.stop_loss || settings.high_volatility || settings.position_correlation) {
      const { metrics, positions } = await deps.risk.measure();
      held = new Set(positions.map((p) => p.symbol));
      if (settings.stop_loss) found.push(...stopLossFindings(positions));
      if (settings.high_volatility) {
        found.push(
          ...volatilityFindings(positions, { volatility: metrics.volatility, days: metrics.history_days }),
        );
      }
      if (settings.position_correlation) found.push(...correlationFindings(positions));
    }
    if (settings.daily_loss) {
      const status = (await deps.paper.overview()).limits_status?.daily_loss_status;
      const finding = status ? dailyLossFinding(status.current_loss, status.limit) : null;
      if (finding) found.push(finding);
    }
    return { found, held };
  }

  /**
   * Resolves the standing alerts whose reason to act has ended: a stop loss hit once its stock is
   * no longer held (sold, by hand or by its stop), and the day's loss alerts (warning, limit
   * reached, portfolio loss) once a new trading day begins (the limit's refusals last their day).
   * A price back above its stop does not resolve the alert: the position still stands where it
   * broke its stop, and an alert flapping with the price helps no one.
   */
  async function resolveEnded(held: ReadonlySet<string> | null, now: Date): Promise<void> {
    const resolution = { source: 'risk', at: now, by: 'system: risk monitor' };
    if (held) {
      await resolveAlerts(db, {
        ...resolution,
        openings: [STOP_LOSS_HIT],
        except: [...held].map((symbol) => `${STOP_LOSS_HIT}${symbol} `),
        how: 'The position is closed: no shares are held through the stop any more.',
      });
    }
    await resolveAlerts(db, {
      ...resolution,
      openings: [DAILY_LOSS_WARNING, DAILY_LOSS_LIMIT, PORTFOLIO_LOSS],
      raisedBefore: istTimeOn(istDay(now), 0),
      how: "A new trading day began: the day's loss counts afresh.",
    });
  }

  /** Inserts the drafts not raised yet today (their key, or one superseding them, already seen). */
  async function raise(drafts: readonly Draft[], now: Date): Promise<Draft[]> {
    if (drafts.length === 0) return [];
    const dayStart = istTimeOn(istDay(now), 0);
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MONITOR_LOCK})`);
      const today = await tx
        .select({ message: schema.alerts.message })
        .from(schema.alerts)
        .where(and(eq(schema.alerts.source, 'risk'), gte(schema.alerts.at, dayStart)));
      const seen = (key: string) => today.some((a) => a.message.startsWith(key));
      const fresh = drafts.filter((d) => !seen(d.key) && !d.supersededBy.some(seen));
      if (fresh.length > 0) {
        await tx.insert(schema.alerts).values(
          fresh.map((d) => ({
            at: now,
            source: 'risk',
            severity: d.severity,
            message: d.message,
            actionRequired: d.actionRequired,
            suggestedAction: d.suggestedAction,
          })),
        );
      }
      return fresh;
    });
  }

  /** One look at the account: the alerts raised now (none on a closed day or in live mode). */
  async function runOnce(now: Date = clock.now()): Promise<RaisedRiskAlert[]> {
    if (!isTradingDay(istDay(now), deps.calendar)) return [];
    if ((await deps.tradingMode.get()).mode === 'live') return [];
    const { found, held } = await findings();
    const drafts = found.map(draftOf);
    const loss = portfolioLossDraft(await deps.paper.overview());
    if (loss) drafts.push(loss);
    const raised = await raise(drafts, now);
    await resolveEnded(held, now);
    if (raised.length > 0) log.info({ alerts: raised.map((d) => d.key.trim()) }, 'risk: alerts raised');
    for (const d of raised) {
      const alert = notificationOf(d);
      if (alert)
        await deps.notify?.(alert, d.key.replace(/:\s*$/, '').trim(), `${d.message}\n\n${d.suggestedAction}`);
    }
    return raised.map((d) => ({ severity: d.severity, message: d.message }));
  }

  return {
    runOnce,
  };
}

export type RiskMonitor = ReturnType<typeof createRiskMonitor>;
