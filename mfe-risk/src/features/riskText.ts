/** The risk pages' fixed texts (specification part 1 section 8, part 2 section 2). */

export const RISK_TEXT = {
  offline: 'Risk Management System Offline',
  connecting: 'Connecting to Risk System...',
  cachedTitle: 'Unable to connect to risk management system',
  cachedBody: 'Using cached risk data.',
  connectionIssues: 'Connection issues',
  limitsTitle: 'ML-Powered Risk Limits',
  loadingLimits: 'Loading risk limits...',
  emergencyStop: 'Emergency Stop All',
  noAnswer: 'The risk management system did not answer.',
} as const;

/** One sentence per failing call, so the operator knows which figures are missing. */
export const LOAD_ERRORS = {
  metrics: 'Risk metrics could not be loaded.',
  positions: 'Position risk could not be loaded.',
  alerts: 'Risk alerts could not be loaded.',
  limits: 'Risk limits could not be loaded.',
  alertSettings: 'Alert settings could not be loaded.',
} as const;

export type RiskCall = keyof typeof LOAD_ERRORS;
