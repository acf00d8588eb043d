/**
 * The allocation form's rules, apart from the screen: its texts (specification part 1, section 8),
 * how typed values are checked against the contract, and how the saved body is assembled.
 */
import {
  DAILY_AMOUNT_RULE,
  MANUAL_ALLOCATION_RULE,
  ruleProblem,
  typedNumber,
  type AllocationSettings,
  type AllocationStrategy,
  type DailyRiskBudget,
} from '@nivesh/api-contract';

/** 503 (or no answer) from the allocation service. */
export const ALLOCATION_UNAVAILABLE_TEXT = 'Data source not available';
export const SAVE_FAILED_TEXT = 'Failed to save settings. Please try again.';
export const SAVE_CONFIRMATION_TEXT = 'Settings saved successfully';

/** What the operator can change in the form; account figures and the daily amount come from the server. */
export interface AllocationDraft {
  allocation_strategy: AllocationStrategy;
  ai_enabled: boolean;
  /** As typed, so '2.' can be on its way to '2.5'. */
  manual_allocation_pct: string;
  daily_risk_budget: DailyRiskBudget;
}

export function draftFrom(settings: AllocationSettings): AllocationDraft {
  return {
    allocation_strategy: settings.allocation_strategy,
    ai_enabled: settings.ai_enabled,
    manual_allocation_pct: String(settings.manual_allocation_pct),
    daily_risk_budget: settings.daily_risk_budget,
  };
}

/** Why a typed manual percentage is refused (the contract's rule and sentence), or null when it is fine. */
export function manualPctProblem(text: string): string | null {
  return ruleProblem(MANUAL_ALLOCATION_RULE, typedNumber(text));
}

/** Why a typed daily amount is refused (the contract's rule and sentence), or null when it is fine. */
export function dailyAmountProblem(text: string): string | null {
  return ruleProblem(DAILY_AMOUNT_RULE, typedNumber(text));
}

/** A typed amount is applied on blur only when it is a number at all (specification part 1, section 5). */
export function isNumeric(text: string): boolean {
  return text.trim() !== '' && Number.isFinite(Number(text));
}

/**
 * The save body: the full settings object. The editable fields come from the draft; the daily amount
 * and the account figures are the server's latest (a direct daily amount is applied on its own).
 */
export function settingsToSave(
  server: AllocationSettings,
  draft: AllocationDraft,
  dailyAmount: number,
): AllocationSettings {
  return {
    ...server,
    allocation_strategy: draft.allocation_strategy,
    ai_enabled: draft.ai_enabled,
    manual_allocation_pct: Number(draft.manual_allocation_pct),
    daily_risk_budget: draft.daily_risk_budget,
    daily_amount: dailyAmount,
  };
}
