import { chartAxis, pointsWithValues, roundStep, seriesValues, stepDecimals } from './axis';
import { formatRupeesCompact } from '../format/money';

/** A percent label with the step's decimals, as the performance charts write it. */
const percent = (value: number, decimals: number) => `${value.toFixed(decimals)}%`;

describe('roundStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(roundStep(0.0075)).toBe(0.01);
    expect(roundStep(0.3)).toBe(0.5);
    expect(roundStep(2.2)).toBe(2.5);
    expect(roundStep(7)).toBe(10);
    expect(roundStep(1)).toBe(1);
    expect(roundStep(120)).toBe(200);
  });
});

describe('stepDecimals', () => {
  it('counts the digits after the point a step needs', () => {
    expect(stepDecimals(0.25)).toBe(2);
    expect(stepDecimals(2.5)).toBe(1);
    expect(stepDecimals(5)).toBe(0);
    expect(stepDecimals(0.1)).toBe(1);
  });
});

describe('chartAxis', () => {
  it('labels a second day 0.03% down with distinct ticks, not 0.0%, -0.0%, -0.0%', () => {
    // Span 0.03 over 4 gaps = 0.0075, rounded up to the step 0.01; -0.03 to 0 in steps of 0.01.
    const axis = chartAxis([0, -0.02, -0.03], { format: percent, includeZero: true });
    expect(axis.ticks).toEqual([-0.03, -0.02, -0.01, 0]);
    expect(axis.domain).toEqual([-0.03, 0]);
    expect(axis.ticks.map(axis.label)).toEqual(['-0.03%', '-0.02%', '-0.01%', '0.00%']);
  });

  it('does not go finer than the smallest step worth showing', () => {
    // The rough step 0.0075 is below the 0.1 asked for: -0.1 and 0 cover -0.03..0.
    const axis = chartAxis([0, -0.02, -0.03], { format: percent, includeZero: true, minStep: 0.1 });
    expect(axis.ticks.map(axis.label)).toEqual(['-0.1%', '0.0%']);
  });

  it('puts a flat series between round ticks: one step either side of a round value', () => {
    const axis = chartAxis([0, 0, 0], { format: percent, includeZero: true, minStep: 0.1 });
    expect(axis.ticks.map(axis.label)).toEqual(['-0.1%', '0.0%', '0.1%']);
    const level = chartAxis([22_000, 22_000], { format: (v) => String(v) });
    // A flat 22,000: a tenth of it, 2,200, rounds up to the step 2,500; 22,000 lies in 20,000-22,500.
    expect(level.ticks).toEqual([20_000, 22_500]);
  });

  it('keeps a flat series at zero on the side of zero its figure lives on', () => {
    const ms = (value: number, decimals: number) => `${value.toFixed(decimals)} ms`;
    const latency = chartAxis([null, 0, 0], { format: ms, includeZero: true, minStep: 1, sign: 'positive' });
    expect(latency.ticks.map(latency.label)).toEqual(['0 ms', '1 ms']);
    const drawdown = chartAxis([0, 0], {
      format: percent,
      includeZero: true,
      minStep: 0.1,
      sign: 'negative',
    });
    expect(drawdown.ticks.map(drawdown.label)).toEqual(['-0.1%', '0.0%']);
  });

  it('never labels a tick at zero "-0"', () => {
    const axis = chartAxis([-0.001, 0.001], { format: percent });
    expect(axis.ticks.map(axis.label)).toContain('0.0000%');
    expect(axis.ticks.map(axis.label).some((label) => label.startsWith('-0.0000'))).toBe(false);
  });

  it('widens the step until a formatter that ignores decimals gives distinct labels', () => {
    // Steps 0.1, 0.2 and 0.25 give two ticks the label "0"; 0.5 gives "0" and "1".
    const axis = chartAxis([0, 0.4], { format: (v) => String(Math.round(v)) });
    expect(axis.ticks).toEqual([0, 0.5]);
    expect(axis.ticks.map(axis.label)).toEqual(['0', '1']);
  });

  it('gives rupee ticks distinct compact labels', () => {
    // Steps of 100 to 500 rupees all read ₹1L at two decimals of a lakh; 1,000 gives ₹1L and ₹1.01L.
    const axis = chartAxis([100_000, 100_400], { format: (v) => formatRupeesCompact(v) });
    expect(axis.ticks).toEqual([100_000, 101_000]);
    expect(axis.ticks.map(axis.label)).toEqual(['₹1L', '₹1.01L']);
  });

  it('leaves nulls out and is around zero without a value', () => {
    const axis = chartAxis([null, undefined, Number.NaN], { format: percent, minStep: 1 });
    expect(axis.ticks).toEqual([-1, 0, 1]);
  });
});

describe('seriesValues and pointsWithValues', () => {
  const rows = [
    { date: '2026-03-02', a: 1, b: null },
    { date: '2026-03-03', a: null, b: null },
    { date: '2026-03-04', a: 2, b: 3 },
  ];
  it('reads the fields of each row, and counts the rows that have one', () => {
    expect(seriesValues(rows, ['a', 'b'])).toEqual([1, null, null, null, 2, 3]);
    expect(pointsWithValues(rows, ['a', 'b'])).toBe(2);
    expect(pointsWithValues(rows, ['b'])).toBe(1);
  });
});
