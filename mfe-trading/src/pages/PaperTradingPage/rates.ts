/**
 * A rate as an operator reads it. The SEBI fee is set in rupees per crore of turnover, as brokers'
 * schedules give it; beside it, what that is as a percent of turnover (₹10 a crore = 0.0001%).
 */
const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 8 });

/** '= 0.0001% of turnover' for ₹10 per crore; null when the text is not a number. */
export function perCroreMeaning(text: string): string | null {
  if (text.trim() === '') return null;
  const rupees = Number(text);
  if (!Number.isFinite(rupees)) return null;
  // ₹1 of ₹1,00,00,000 is 0.00001%.
  return `= ${percentFormat.format(Number((rupees / 1e5).toPrecision(12)))}% of turnover`;
}
