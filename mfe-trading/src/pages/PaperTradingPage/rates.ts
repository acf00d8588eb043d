/**
 * The paper engine's rates in the units an operator reads. The API keeps the specification's units
 * (a fraction for STT and the other rates, a percent for the exchange transaction charge); the
 * page says which unit each input takes and shows every rate as a percent of turnover beside it,
 * so 0.001 (STT, a fraction) and 0.00345 (transaction charges, a percent) cannot be misread.
 */
const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 8 });

/** '0.1%' for 0.1 percent: up to eight decimals, no float noise (0.025, not 0.025000000000000001). */
function formatRate(percent: number): string {
  return `${percentFormat.format(Number(percent.toPrecision(12)))}%`;
}

/**
 * What a typed rate means, as a percent of turnover: '= 0.1% of turnover'. `unit` is how the
 * input is given: a fraction (0.001 = 0.1%) or a percent (0.00345 = 0.00345%). Empty or not a
 * number: null (the field's own rule says what to type).
 */
export function ratePercent(text: string, unit: 'fraction' | 'percent'): string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return formatRate(unit === 'fraction' ? value * 100 : value);
}
