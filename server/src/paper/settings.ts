/**
 * The paper account's settings: the specification's eight limits and cost fields (PaperLimits),
 * plus the rest of DOMAIN.md's cost schedule and the simulated spread. Stored as one JSON value in
 * the settings table; a missing or unreadable value means the defaults.
 */
import type { z } from 'zod';
import {
  DEFAULT_PAPER_COSTS,
  DEFAULT_PAPER_LIMITS,
  DEFAULT_RISK_LIMITS,
  LossLimits,
  PaperCostSettings,
  PaperLimits,
  PositionLimits,
} from '@nivesh/api-contract';
import type { Db } from '../db/index.js';
import { readStoredSetting } from '../db/storedSetting.js';
import type { CostSettings } from './costs.js';
import type { OrderLimits } from './limits.js';

export const PAPER_SETTINGS_KEY = 'paper_settings';

/**
 * The specification's eight limits and costs, the rest of the cost schedule and the simulated
 * spread (both contract.trading's paper-costs, PaperCostSettings), and the risk limits below.
 */
export const PaperSettings = PaperLimits.extend(PaperCostSettings.shape).extend({
  // The risk limits of Settings › Risk Management that the engine enforces beside the paper limits
  // (the risk limits' position size and daily loss are max_position_size and max_daily_loss above).
  max_single_stock: PositionLimits.shape.max_single_stock,
  max_sector_exposure: PositionLimits.shape.max_sector_exposure,
  min_diversification: PositionLimits.shape.min_diversification,
  weekly_loss_limit: LossLimits.shape.weekly_loss_limit,
  monthly_loss_limit: LossLimits.shape.monthly_loss_limit,
  max_drawdown_limit: LossLimits.shape.max_drawdown_limit,
});
export type PaperSettings = z.infer<typeof PaperSettings>;

export const DEFAULT_PAPER_SETTINGS: PaperSettings = {
  ...DEFAULT_PAPER_LIMITS,
  ...DEFAULT_PAPER_COSTS,
  max_single_stock: DEFAULT_RISK_LIMITS.position_limits.max_single_stock,
  max_sector_exposure: DEFAULT_RISK_LIMITS.position_limits.max_sector_exposure,
  min_diversification: DEFAULT_RISK_LIMITS.position_limits.min_diversification,
  weekly_loss_limit: DEFAULT_RISK_LIMITS.loss_limits.weekly_loss_limit,
  monthly_loss_limit: DEFAULT_RISK_LIMITS.loss_limits.monthly_loss_limit,
  max_drawdown_limit: DEFAULT_RISK_LIMITS.loss_limits.max_drawdown_limit,
};

export function limitsOf(settings: PaperSettings): PaperLimits {
  return PaperLimits.parse(settings);
}

/** The paper-costs fields of the settings (contract.trading.getPaperCosts). */
export function costsOf(settings: PaperSettings): PaperCostSettings {
  return PaperCostSettings.parse(settings);
}

/** What an order is checked against: the paper limits and the risk limits the engine enforces. */
export function orderLimitsOf(settings: PaperSettings): OrderLimits {
  return {
    ...limitsOf(settings),
    max_single_stock: settings.max_single_stock,
    max_sector_exposure: settings.max_sector_exposure,
  };
}

export function costSettingsOf(settings: PaperSettings): CostSettings {
  return {
    brokerage_per_trade: settings.brokerage_per_trade,
    brokerage_rate: settings.brokerage_rate,
    stt_rate: settings.stt_rate,
    intraday_stt_rate: settings.intraday_stt_rate,
    transaction_charges: settings.transaction_charges,
    sebi_fee_per_crore: settings.sebi_fee_per_crore,
    stamp_duty_delivery_rate: settings.stamp_duty_delivery_rate,
    stamp_duty_intraday_rate: settings.stamp_duty_intraday_rate,
    gst_rate: settings.gst_rate,
    dp_charge: settings.dp_charge,
  };
}

/** The stored settings over the defaults (fields added later take their default). */
export function loadPaperSettings(db: Db): Promise<PaperSettings> {
  return readStoredSetting(db, PAPER_SETTINGS_KEY, PaperSettings.partial(), DEFAULT_PAPER_SETTINGS);
}
