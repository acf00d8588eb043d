/** The market's regime from an index's daily returns, pure (the risk limits' recommendations use it). */
import { annualVolatility } from './ratios.js';
import { compoundReturn } from './returns.js';

/**
 * NIFTY 50's regime over its last 60 daily returns: volatile above 25% annual volatility, else
 * bullish above +3% over the window, bearish below -3%, sideways between.
 */
export function marketRegime(returns: readonly number[]): 'bullish' | 'bearish' | 'sideways' | 'volatile' {
  if ((annualVolatility(returns) ?? 0) > 0.25) return 'volatile';
  const change = compoundReturn(returns);
  return change > 0.03 ? 'bullish' : change < -0.03 ? 'bearish' : 'sideways';
}
