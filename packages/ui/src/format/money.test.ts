import { formatPercent, formatRupees, formatRupeesCompact, pnlColor } from './money';

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(1_000_000)).toBe('₹10,00,000');
    expect(formatRupees(12_345_678)).toBe('₹1,23,45,678');
    expect(formatRupees(999)).toBe('₹999');
  });

  it('rounds to whole rupees by default and keeps paise on request', () => {
    expect(formatRupees(1234.56)).toBe('₹1,235');
    expect(formatRupees(1234.5, { decimals: 2 })).toBe('₹1,234.50');
  });

  it('signs P&L: plus for zero and gains, minus for losses', () => {
    expect(formatRupees(2500, { sign: true })).toBe('+₹2,500');
    expect(formatRupees(0, { sign: true })).toBe('+₹0');
    expect(formatRupees(-2500, { sign: true })).toBe('-₹2,500');
    expect(formatRupees(-125000.4, { sign: true })).toBe('-₹1,25,000');
  });

  it('does not show a minus sign on a loss that rounds to nothing', () => {
    expect(formatRupees(-0.3, { sign: true })).toBe('+₹0');
    expect(formatRupees(-0.3)).toBe('₹0');
  });
});

describe('formatRupeesCompact', () => {
  it('writes an amount under a lakh in full, with Indian grouping, never in K', () => {
    expect(formatRupeesCompact(91_310.4)).toBe('₹91,310');
    expect(formatRupeesCompact(25_000)).toBe('₹25,000');
    expect(formatRupeesCompact(-99_999)).toBe('-₹99,999');
  });

  it('abbreviates lakhs and crores', () => {
    expect(formatRupeesCompact(1_234_567)).toBe('₹12.35L');
    expect(formatRupeesCompact(100_000)).toBe('₹1L');
    expect(formatRupeesCompact(12_000_000)).toBe('₹1.2Cr');
    expect(formatRupeesCompact(2_500_000_000)).toBe('₹250Cr');
    expect(formatRupeesCompact(950)).toBe('₹950');
  });

  it('signs and negates', () => {
    expect(formatRupeesCompact(-150_000)).toBe('-₹1.5L');
    expect(formatRupeesCompact(150_000, { sign: true })).toBe('+₹1.5L');
  });
});

describe('formatPercent', () => {
  it('shows two decimals and a sign by default', () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
    expect(formatPercent(0)).toBe('+0.00%');
    expect(formatPercent(12.345, { decimals: 1, sign: false })).toBe('12.3%');
  });
});

describe('pnlColor', () => {
  it('is green for gains and zero, red for losses', () => {
    expect(pnlColor(10)).toBe('green');
    expect(pnlColor(0)).toBe('green');
    expect(pnlColor(-0.01)).toBe('red');
  });
});
