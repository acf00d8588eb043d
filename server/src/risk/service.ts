/**
 * Risk management of the paper account (contract.risk): the portfolio's measured risks from its
 * stored history (docs/DOMAIN.md metric definitions, over RISK_WINDOW_DAYS trading days), each open
 * position's risk from its stock's daily candles (analytics/positionRisk.ts states every rule), and
 * the alerts the system has raised.
 *
 * Limits are the engine's settings (the paper limits' position size and daily loss, and the risk
 * limits it enforces on every order; DEFAULT_RISK_LIMITS until saved). Live trading through Upstox
 * keeps no history here, so in live mode the figures answer 503 with a sentence saying so.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  istDay,
  istTimeOn,
  ML_RISK_SCORE_BANDS,
  RISK_WINDOW_DAYS,
  type RiskLimitsUpdate,
  STRESS_TEST_DROPS,
  type Holding,
  type RiskAlert,
  type RiskLimits,
  type RiskMetrics,
  type RiskPosition,
} from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { PaperEngine } from '../paper/engine.js';
import { PAPER_SETTINGS_KEY, type PaperSettings } from '../paper/settings.js';
import { PAPER } from '../paper/state.js';
import type { HolidayCalendar } from '../market/calendar.js';
import { lossLimitState } from '../analytics/lossLimits.js';
import { marketRegime } from '../analytics/regime.js';
import { HttpError, serviceUnavailable } from '../http/errors.js';
import { createAlertSettingsStore } from './alerts.js';
import type { MarketFeed, TickHub } from '../market/feed.js';
import { addDays, nextTradingDay } from '../market/tradingDays.js';
import type { TradingModeService } from '../trading/mode.js';
import { BENCHMARK_SYMBOL } from '../paper/snapshots.js';
import { dailySeries, type AccountHistoryReader } from '../paper/history.js';
import { alignedWithBenchmark, compoundReturn, dailyReturns, wealthIndex } from '../analytics/returns.js';
import { annualVolatility, beta, sharpeRatio, valueAtRisk95 } from '../analytics/ratios.js';
import { currentDrawdown, maxDrawdown } from '../analytics/drawdown.js';
import { tradeStats } from '../analytics/trades.js';
import { pointsOfPeriod } from '../analytics/performance.js';
import {
  candleReturns,
  compositeRiskScore,
  diversificationScore,
  positionRisk,
  riskLevelOf,
  stressTest,
  VOLATILITY_BANDS,
  type DailyCandle,
  restingStopOf,
  type PositionRisk,
} from '../analytics/positionRisk.js';

export const LIVE_NOT_ANALYSED =
  'Risk analytics cover the paper account; live positions through Upstox are not analysed here yet.';
/** Calendar days of candles read for each stock (covers the 60 trading days the statistics use). */
const CANDLE_CALENDAR_DAYS = 120;
/** Active alerts listed at most. */
const ALERTS_SHOWN = 100;

export interface RiskServiceDeps {
  db: Db;
  clock: Clock;
  hub: TickHub;
  feed: MarketFeed;
  tradingMode: TradingModeService;
  history: AccountHistoryReader;
  paper: Pick<PaperEngine, 'overview' | 'holdings' | 'settings' | 'updateSettings' | 'listOrders'>;
  calendar: HolidayCalendar;
  riskFreeRate: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Open orders read for the positions' resting stops (more than any account here holds). */
const OPEN_ORDERS_READ = 500;

const cap = (x: number) => Math.min(1, Math.max(0, x));

/** 09:15 IST, when the next review is due. */
const MARKET_OPEN_MINUTE = 9 * 60 + 15;

/** The risk limits view of the engine's settings. */
function limitsOf(settings: PaperSettings): RiskLimitsUpdate {
  return {
    position_limits: {
      max_position_size: settings.max_position_size,
      max_single_stock: settings.max_single_stock,
      max_sector_exposure: settings.max_sector_exposure,
      min_diversification: settings.min_diversification,
    },
    loss_limits: {
      daily_loss_limit: settings.max_daily_loss,
      weekly_loss_limit: settings.weekly_loss_limit,
      monthly_loss_limit: settings.monthly_loss_limit,
      max_drawdown_limit: settings.max_drawdown_limit,
    },
  };
}

const percentText = (fraction: number) => `${Number((fraction * 100).toFixed(1))}%`;

/** Positions and sectors above their limits, and a book thinner than the diversification minimum. */
function positionWarnings(
  positions: readonly PositionRisk[],
  value: number,
  limit: RiskLimitsUpdate,
): string[] {
  const p = limit.position_limits;
  const warnings: string[] = [];
  for (const position of positions) {
    if (position.concentration > p.max_single_stock) {
      warnings.push(
        `${position.symbol} is ${percentText(position.concentration)} of the account, above the ${percentText(p.max_single_stock)} single-stock limit.`,
      );
    }
  }
  const sectors = new Map<string, number>();
  for (const position of positions)
    sectors.set(position.sector, (sectors.get(position.sector) ?? 0) + Math.abs(position.value));
  for (const [sector, exposure] of sectors) {
    const share = value > 0 ? exposure / value : 1;
    if (share > p.max_sector_exposure) {
      warnings.push(
        `${sector} is ${percentText(share)} of the account, above the ${percentText(p.max_sector_exposure)} sector limit.`,
      );
    }
  }
  if (positions.length > 0 && positions.length < p.min_diversification) {
    warnings.push(
      `${positions.length} ${positions.length === 1 ? 'position' : 'positions'}, fewer than the ${p.min_diversification} the diversification minimum asks for.`,
    );
  }
  return warnings;
}

export function createRiskService(deps: RiskServiceDeps) {
  const { db, clock, hub, feed } = deps;
  /** Candles change once a day: kept per symbol for the IST day they were read on. */
  const candleCache = new Map<string, { day: string; candles: DailyCandle[] }>();

  async function candles(symbol: string, today: string): Promise<DailyCandle[]> {
    const cached = candleCache.get(symbol);
    if (cached?.day === today) return cached.candles;
    const list = await feed.dailyCandles(symbol, addDays(today, -CANDLE_CALENDAR_DAYS), today);
    candleCache.set(symbol, { day: today, candles: list });
    return list;
  }

  async function paperOnly(): Promise<void> {
    if ((await deps.tradingMode.get()).mode === 'live') throw serviceUnavailable(LIVE_NOT_ANALYSED);
  }

  /** The limits in force: the engine's settings (the paper limits and the risk limits it enforces). */
  async function limits(): Promise<RiskLimitsUpdate> {
    return limitsOf(await deps.paper.settings());
  }

  /** Every open position's risk, and the portfolio it sits in. */
  async function book() {
    const today = istDay(clock.now());
    const [overview, holdings, limit] = await Promise.all([
      deps.paper.overview(),
      deps.paper.holdings(),
      limits(),
    ]);
    const benchmark = candleReturns(await candles(BENCHMARK_SYMBOL, today));
    const value = overview.portfolio_value;
    const positions = await Promise.all(
      holdings.map(async (h: Holding) => {
        const tick = hub.last(h.symbol);
        return positionRisk(
          {
            symbol: h.symbol,
            sector: feed.instrument(h.symbol)?.sector ?? 'Unknown',
            quantity: h.quantity,
            price: h.current_price,
            averagePrice: h.avg_price,
            unrealizedPnl: h.total_returns,
            candles: await candles(h.symbol, today),
            dayHigh: tick?.high ?? h.current_price,
            dayLow: tick?.low ?? h.current_price,
          },
          value,
          benchmark,
          {
            maxPositionSize: limit.position_limits.max_position_size,
            maxSingleStock: limit.position_limits.max_single_stock,
          },
        );
      }),
    );
    return { overview, positions, limit, today };
  }

  /**
   * A position's score 0-1 (the specification's per-position "ML risk score"; no learned model yet):
   * the mean of its annual volatility / 40%, its share of the book / the single-stock limit, and
   * 1 - its liquidity, each capped at 1.
   */
  const positionScore = (p: PositionRisk, maxSingleStock: number) =>
    (cap((p.volatility ?? 0) / VOLATILITY_BANDS.high) +
      cap(p.concentration / maxSingleStock) +
      cap(1 - p.liquidity)) /
    3;

  /** The portfolio's measured risks, its positions' risks and the series they come from. */
  async function measure() {
    const [{ overview, positions, limit, today }, history] = await Promise.all([book(), deps.history.load()]);
    const series = dailySeries(history, today, {
      value: overview.portfolio_value,
      benchmark: hub.last(BENCHMARK_SYMBOL)?.ltp ?? null,
    });
    // The whole history, from the empty account before its first day (as 'all' time in performance).
    const all = dailyReturns(pointsOfPeriod(series, null));
    const window = all.slice(-RISK_WINDOW_DAYS);
    const r = window.map((d) => d.r);
    const aligned = alignedWithBenchmark(window);
    const value = overview.portfolio_value;
    const volatility = annualVolatility(r);
    const var95 = valueAtRisk95(r, value);
    const drawdownNow = all.length ? currentDrawdown(wealthIndex(all.map((d) => d.r))) : null;
    const diversification = diversificationScore(positions);
    const score = compositeRiskScore({
      volatility,
      currentDrawdown: drawdownNow,
      maxDrawdownLimit: limit.loss_limits.max_drawdown_limit,
      var95,
      value,
      diversification,
    });
    const trades = tradeStats(history.trades);
    const cash = value - positions.reduce((sum, p) => sum + p.value, 0);
    const [s1, s2, s3] = stressTest(cash, positions, STRESS_TEST_DROPS);
    const metrics: RiskMetrics = {
      current_drawdown: drawdownNow,
      max_drawdown: r.length ? maxDrawdown(wealthIndex(r)) : null,
      sharpe_ratio: sharpeRatio(r, deps.riskFreeRate),
      var_95: var95 === null ? null : round2(Math.max(0, var95)),
      beta: beta(aligned.r, aligned.b),
      portfolio_return: r.length ? compoundReturn(r) * 100 : null,
      win_loss_ratio: trades.losers > 0 ? trades.winners / trades.losers : null,
      winning_trades: trades.winners,
      losing_trades: trades.losers,
      portfolio_value: value,
      volatility,
      ml_risk_score: score,
      risk_level: riskLevelOf(score, ML_RISK_SCORE_BANDS),
      diversification_score: diversification,
      stress_test: { scenario_1: round2(s1!), scenario_2: round2(s2!), scenario_3: round2(s3!) },
      window_days: RISK_WINDOW_DAYS,
      history_days: r.length,
      as_of: clock.now().toISOString(),
    };
    return { metrics, positions, limit, series, today };
  }

  /**
   * When the limits in force were set: the last save of the engine's settings, or, while the
   * defaults still apply, when the account opened (its first ledger row).
   */
  async function limitsUpdatedAt(): Promise<string> {
    const [saved] = await db
      .select({ at: schema.settings.updatedAt })
      .from(schema.settings)
      .where(eq(schema.settings.key, PAPER_SETTINGS_KEY));
    if (saved) return saved.at.toISOString();
    const [opened] = await db
      .select({ at: schema.cashLedger.at })
      .from(schema.cashLedger)
      .where(eq(schema.cashLedger.account, PAPER))
      .orderBy(asc(schema.cashLedger.id))
      .limit(1);
    return (opened?.at ?? clock.now()).toISOString();
  }

  return {
    async metrics(): Promise<RiskMetrics> {
      await paperOnly();
      return (await measure()).metrics;
    },

    /** The portfolio's measured risks and each position's risk, in any mode (the alert monitor's input). */
    measure,

    /** Which risk alerts the monitor raises (alerts.ts). */
    alertSettings: createAlertSettingsStore({ db, clock }),

    async limits(): Promise<RiskLimits> {
      await paperOnly();
      const { metrics, positions, limit, series, today } = await measure();
      const settings = await deps.paper.settings();
      const breaches = lossLimitState(series, today, settings).breaches;
      const warnings = [...breaches, ...positionWarnings(positions, metrics.portfolio_value, limit)];
      const nifty = candleReturns(await candles(BENCHMARK_SYMBOL, today));
      const score = metrics.ml_risk_score;
      const p = limit.position_limits;
      return {
        ...limit,
        ml_recommendations: {
          current_risk_score: score,
          recommended_cash_allocation: Math.min(0.5, 0.1 + 0.4 * score),
          market_regime: marketRegime([...nifty.values()]),
          suggested_position_sizing: Math.min(p.max_single_stock, 1 / p.min_diversification) * (1 - score),
          next_review_date: istTimeOn(nextTradingDay(today, deps.calendar), MARKET_OPEN_MINUTE).toISOString(),
        },
        current_status: {
          portfolio_health: breaches.length > 0 ? 'critical' : warnings.length > 0 ? 'warning' : 'good',
          warnings,
        },
        updated_at: await limitsUpdatedAt(),
      };
    },

    /** Stores new limits: the engine enforces them from the next order on. */
    async updateLimits(update: RiskLimitsUpdate, actor: string): Promise<void> {
      // The contract's rules hold the position size and daily loss to whole rupees: they are also
      // the paper account's limits (PAPER_LIMIT_RULES).
      const p = update.position_limits;
      const l = update.loss_limits;
      await deps.paper.updateSettings(
        {
          max_position_size: p.max_position_size,
          max_single_stock: p.max_single_stock,
          max_sector_exposure: p.max_sector_exposure,
          min_diversification: p.min_diversification,
          max_daily_loss: l.daily_loss_limit,
          weekly_loss_limit: l.weekly_loss_limit,
          monthly_loss_limit: l.monthly_loss_limit,
          max_drawdown_limit: l.max_drawdown_limit,
        },
        actor,
      );
    },

    async positions(): Promise<RiskPosition[]> {
      await paperOnly();
      const [{ positions, limit }, open] = await Promise.all([
        book(),
        deps.paper.listOrders({ status: 'open', limit: OPEN_ORDERS_READ }),
      ]);
      return positions.map((p) => ({
        symbol: p.symbol,
        sector: feed.instrument(p.symbol)?.sector ?? null,
        risk_level: p.level,
        position_value: round2(p.value),
        stop_loss_suggestion: round2(p.stopLoss),
        risk_amount: round2(p.riskAmount),
        resting_stop: restingStopOf(p, open),
        unrealized_pnl: round2(p.unrealizedPnl),
        price_volatility: p.volatility,
        ml_risk_score: positionScore(p, limit.position_limits.max_single_stock),
        concentration_risk: p.concentration,
        liquidity_score: p.liquidity,
        recommendation: p.recommendation,
        target_price: null,
      }));
    },

    async alerts(): Promise<RiskAlert[]> {
      const rows = await db
        .select()
        .from(schema.alerts)
        .where(isNull(schema.alerts.dismissedAt))
        .orderBy(desc(schema.alerts.at), desc(schema.alerts.id))
        .limit(ALERTS_SHOWN);
      return rows.map((a) => ({
        id: String(a.id),
        severity: a.severity as RiskAlert['severity'],
        type: a.severity === 'low' ? 'info' : 'warning',
        message: a.message,
        timestamp: a.at.toISOString(),
        action_required: a.actionRequired && a.resolvedAt === null,
        suggested_action: a.suggestedAction,
        resolved:
          a.resolvedAt === null
            ? null
            : { at: a.resolvedAt.toISOString(), by: a.resolvedBy ?? 'system', how: a.resolution ?? '' },
      }));
    },

    /** Dismisses one alert (again: a no-op); an unknown id is a 404. */
    async dismissAlert(id: string): Promise<void> {
      const numeric = /^\d{1,9}$/.test(id) ? Number(id) : null;
      const [row] =
        numeric === null
          ? []
          : await db
              .select({ id: schema.alerts.id })
              .from(schema.alerts)
              .where(eq(schema.alerts.id, numeric));
      if (!row) throw new HttpError(404, `There is no alert ${id}.`);
      await db
        .update(schema.alerts)
        .set({ dismissedAt: clock.now() })
        .where(and(eq(schema.alerts.id, row.id), isNull(schema.alerts.dismissedAt)));
    },

    /** Dismisses every active alert; the number dismissed. */
    async clearAlerts(): Promise<number> {
      const cleared = await db
        .update(schema.alerts)
        .set({ dismissedAt: clock.now() })
        .where(isNull(schema.alerts.dismissedAt))
        .returning({ id: schema.alerts.id });
      return cleared.length;
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
