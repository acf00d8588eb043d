/**
 * Daily investment allocation: the settings (stored over the specification's defaults), the day's
 * amount under each strategy, the AI's recommendation, and the automation's status and decisions.
 *
 * The day's percentage of total capital:
 * - AI on: the chosen strategy's (conservative 1.5, moderate 2.5, aggressive 4.0), and for AI
 *   Optimized the AI's recommendation of the day (the manual percentage while the AI cannot make
 *   one: the market data is not available);
 * - AI off: the operator's manual percentage, whatever the strategy.
 * A daily amount set directly replaces the percentage's amount until a save changes the strategy,
 * the AI switch or the manual percentage. Total capital is the current mode's account value. The
 * amount and where it comes from are worked out once (dayAmount.ts: whole ₹1,000 steps) and
 * answered together.
 */
import {
  ALLOCATION_LIMITS,
  AllocationSettings as AllocationSettingsSchema,
  DEFAULT_ALLOCATION_SETTINGS,
  DEFAULT_STRATEGY_PERCENTAGES,
  ALLOCATION_STRATEGIES,
  istDay,
  type AiAllocationRecommendation,
  type AllocationSettings,
  type AllocationStrategy,
  type DailyAmountData,
  type DailyRiskBudget,
} from '@nivesh/api-contract';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { readStoredSetting, writeStoredSetting } from '../db/storedSetting.js';
import { activePhase, phaseTitle } from '../analytics/capitalPhase.js';
import { currentDrawdown } from '../analytics/drawdown.js';
import { dailyReturns, wealthIndex } from '../analytics/returns.js';
import { dailySeries, type AccountHistoryReader } from '../paper/history.js';
import type { PortfolioService } from '../portfolio/service.js';
import type { TradingModeService } from '../trading/mode.js';
import { withMlConfidence, type MarketRead } from '../research/service.js';
import { amountOf, dayAmount } from './dayAmount.js';
import { recommendAllocation } from './recommend.js';

const SETTINGS_KEY = 'allocation_settings';

/** What is stored: the operator's choices (the account figures are read live). */
const StoredAllocation = z.object({
  allocation_strategy: AllocationSettingsSchema.shape.allocation_strategy,
  ai_enabled: z.boolean(),
  manual_allocation_pct: z.number(),
  daily_risk_budget: AllocationSettingsSchema.shape.daily_risk_budget,
  /** A daily amount set directly, or null to use the percentage. */
  direct_daily_amount: z.number().nullable(),
});
type StoredAllocation = z.infer<typeof StoredAllocation>;

const DEFAULTS: StoredAllocation = {
  ...DEFAULT_ALLOCATION_SETTINGS,
  manual_allocation_pct: ALLOCATION_LIMITS.default_pct,
  direct_daily_amount: null,
};

export interface AllocationDeps {
  db: Db;
  clock: Clock;
  tradingMode: TradingModeService;
  portfolio: Pick<PortfolioService, 'overview'>;
  /** The paper account's history (drawdown); live accounts have none kept here. */
  history: AccountHistoryReader;
  market: () => Promise<MarketRead>;
  /** Whether ML drift is in force: the capital phase steps down one. False when not given. */
  modelDrift?: () => Promise<boolean>;
}

export type AllocationService = ReturnType<typeof createAllocationService>;

export function createAllocationService(deps: AllocationDeps) {
  const { db, clock } = deps;
  const load = () => readStoredSetting(db, SETTINGS_KEY, StoredAllocation.partial(), DEFAULTS);

  async function account() {
    const overview = await deps.portfolio.overview();
    return {
      capital: overview.portfolio_value,
      portfolioValue: overview.portfolio_value,
      cash: overview.available_balance,
    };
  }

  /** The paper account's fall from its peak (time-weighted), or null in live mode. */
  async function drawdown(capital: number): Promise<number | null> {
    const { mode } = await deps.tradingMode.get();
    if (mode === 'live') return null;
    const today = istDay(clock.now());
    const series = dailySeries(await deps.history.loadDays(), today, { value: capital, benchmark: null });
    return -currentDrawdown(wealthIndex(dailyReturns(series).map((d) => d.r)));
  }

  async function recommendation(
    stored: StoredAllocation,
    capital: number,
  ): Promise<AiAllocationRecommendation> {
    const read = await deps.market();
    const phase = activePhase(capital, (await deps.modelDrift?.()) ?? false);
    const dd = await drawdown(capital);
    return recommendAllocation({
      signals: withMlConfidence(read),
      capital,
      volatility: read.volatility,
      drawdown: dd ?? 0,
      drawdownKnown: dd !== null,
      riskBudgetPct: stored.daily_risk_budget,
      minConfidence: phase.min_ml_confidence,
      phaseName: phaseTitle(phase),
      asOf: clock.now().toISOString(),
    });
  }

  /** The percentage of each strategy today; AI Optimized's is the AI's (null if it cannot be made). */
  async function strategyTable(stored: StoredAllocation, capital: number) {
    let aiPct: number | null = null;
    if (stored.allocation_strategy === 'ai_optimized' || stored.ai_enabled) {
      aiPct = (await recommendation(stored, capital).catch(() => null))?.allocation_pct ?? null;
    }
    const table = Object.fromEntries(
      ALLOCATION_STRATEGIES.map((id) => {
        const fixed = DEFAULT_STRATEGY_PERCENTAGES[id];
        const percentage = fixed === 'dynamic' ? aiPct : fixed;
        return [id, { percentage, amount: percentage === null ? null : amountOf(percentage, capital) }];
      }),
    ) as DailyAmountData['all_strategies'];
    return table;
  }

  async function dailyAmount(): Promise<DailyAmountData & { stored: StoredAllocation; capital: number }> {
    const stored = await load();
    const { capital } = await account();
    const table = await strategyTable(stored, capital);
    const { amount, source } = dayAmount({
      strategy: stored.allocation_strategy,
      aiEnabled: stored.ai_enabled,
      manualPct: stored.manual_allocation_pct,
      direct: stored.direct_daily_amount,
      strategyPct: (id) => table[id].percentage,
      capital,
    });
    return { daily_amount: amount, source, all_strategies: table, stored, capital };
  }

  async function settings(): Promise<AllocationSettings> {
    const { stored, daily_amount } = await dailyAmount();
    const figures = await account();
    return {
      allocation_strategy: stored.allocation_strategy,
      ai_enabled: stored.ai_enabled,
      manual_allocation_pct: stored.manual_allocation_pct,
      daily_amount,
      daily_risk_budget: stored.daily_risk_budget as DailyRiskBudget,
      total_capital: figures.capital,
      portfolio_value: figures.portfolioValue,
      available_cash: figures.cash,
    };
  }

  async function store(next: StoredAllocation, previous: StoredAllocation, actor: string) {
    await writeStoredSetting(db, {
      key: SETTINGS_KEY,
      value: next,
      previous,
      actor,
      at: clock.now(),
      action: 'allocation.settings.set',
    });
  }

  return {
    settings,
    async dailyAmount(): Promise<DailyAmountData> {
      const { daily_amount, source, all_strategies } = await dailyAmount();
      return { daily_amount, source, all_strategies };
    },
    async setDailyAmount(amount: number, actor: string): Promise<DailyAmountData> {
      const previous = await load();
      await store({ ...previous, direct_daily_amount: amount }, previous, actor);
      const { daily_amount, source, all_strategies } = await dailyAmount();
      return { daily_amount, source, all_strategies };
    },
    /** Saves the operator's choices (the account figures and the daily amount in the body are ignored). */
    async save(body: AllocationSettings, actor: string): Promise<AllocationSettings> {
      const previous = await load();
      const changed =
        body.allocation_strategy !== previous.allocation_strategy ||
        body.ai_enabled !== previous.ai_enabled ||
        body.manual_allocation_pct !== previous.manual_allocation_pct;
      await store(
        {
          allocation_strategy: body.allocation_strategy,
          ai_enabled: body.ai_enabled,
          manual_allocation_pct: body.manual_allocation_pct,
          daily_risk_budget: body.daily_risk_budget,
          direct_daily_amount: changed ? null : previous.direct_daily_amount,
        },
        previous,
        actor,
      );
      return settings();
    },
    async aiRecommendation(): Promise<AiAllocationRecommendation> {
      const stored = await load();
      return recommendation(stored, (await account()).capital);
    },
    /** What the automation may spend today, the capital it is measured on and the risk budget. */
    async budget(): Promise<{
      amount: number;
      capital: number;
      riskBudgetPct: number;
      strategy: AllocationStrategy;
    }> {
      const { daily_amount, stored, capital } = await dailyAmount();
      return {
        amount: daily_amount,
        capital,
        riskBudgetPct: stored.daily_risk_budget,
        strategy: stored.allocation_strategy,
      };
    },
  };
}
