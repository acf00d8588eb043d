/**
 * The analytics library on hand-worked numbers (docs/DOMAIN.md, "Metric definitions"), and the
 * property that an external cash flow never changes a figure.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { alignedWithBenchmark, compoundReturn, dailyReturns, wealthIndex, type DayValue } from './returns.js';
import {
  annualisedReturn,
  annualVolatility,
  beta,
  calmarRatio,
  dailyRiskFree,
  informationRatio,
  jensenAlpha,
  percentileLinear,
  rolling,
  sharpeRatio,
  sortinoRatio,
  valueAtRisk95,
} from './ratios.js';
import { currentDrawdown, deepestDrawdowns, drawdownSeries, maxDrawdown } from './drawdown.js';
import { tradeStats } from './trades.js';
import { moneyWeightedReturn } from './moneyWeighted.js';
import {
  dailyPnl,
  performanceReport,
  periodBase,
  pointsOfPeriod,
  rollingFigures,
  type TradeRecord,
} from './performance.js';
import { near } from '../testing/reference.js';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`;
const points = (values: number[], flows: number[] = [], benchmark: Array<number | null> = []): DayValue[] =>
  values.map((value, i) => ({
    day: day(i + 1),
    value,
    flow: flows[i] ?? 0,
    benchmark: benchmark[i] ?? null,
  }));

// The worked series: ₹1,00,000 gains 10%, loses 10%, gains 10%: returns +0.1, -0.1, +0.1.
const WORKED = points([100_000, 110_000, 99_000, 108_900]);
const R = [0.1, -0.1, 0.1];

describe('time-weighted daily returns', () => {
  it('are the day-on-day change of the value without flows', () => {
    const returns = dailyReturns(WORKED);
    assert.deepEqual(
      returns.map((r) => r.day),
      [day(2), day(3), day(4)],
    );
    returns.forEach((r, i) => near(r.r, R[i]!, r.day));
    near(compoundReturn(R), 0.089, 'TWR'); // 1.1 * 0.9 * 1.1 - 1
  });

  it('take a deposit out of the day it was made: ₹50,000 paid in is not a 45% gain', () => {
    // Day 3: the account fell to ₹99,000 and ₹50,000 was paid in, closing at ₹1,49,000.
    const returns = dailyReturns(points([100_000, 110_000, 149_000, 163_900], [0, 0, 50_000, 0]));
    near(returns[1]!.r, -0.1, 'deposit day'); // (149,000 - 50,000) / 110,000 - 1
    near(returns[2]!.r, 0.1, 'day after'); // 163,900 / 149,000 - 1
  });

  it('give a reset its own flow: the return of the day is what trading did before the reset', () => {
    // Day 2: ₹1,20,000 account loses ₹6,000 trading, then is reset to ₹10,00,000 (flow +₹8,86,000).
    const returns = dailyReturns(points([120_000, 1_000_000], [0, 886_000]));
    near(returns[0]!.r, -0.05, 'reset day'); // (1,000,000 - 886,000) / 120,000 - 1
  });

  it('start the day with money paid into an empty account, and pair NIFTY 50 only where both closes exist', () => {
    // Day 2: ₹1,00,000 paid into the empty account, traded to ₹1,01,000 by the close: +1%.
    const returns = dailyReturns(points([0, 101_000, 99_990], [0, 100_000, 0], [22_000, null, 22_220]));
    near(returns[0]!.r, 0.01, 'first day');
    near(returns[1]!.r, 99_990 / 101_000 - 1, 'second day');
    assert.equal(returns[1]!.benchmark, null); // the day before has no NIFTY close
    assert.equal(dailyReturns(points([0, 0, 5])).length, 0, 'nothing paid in: no return');
    const aligned = alignedWithBenchmark(dailyReturns(points([100, 102, 101], [], [200, 204, 202])));
    aligned.r.forEach((r, i) => near(r, [0.02, -1 / 102][i]!));
    aligned.b.forEach((b, i) => near(b, [0.02, -2 / 204][i]!));
  });
});

describe('ratios (DOMAIN.md formulas, worked by hand on +10%, -10%, +10%)', () => {
  // mean = 1/30; deviations 2/30, -4/30, 2/30; sample variance = (4 + 16 + 4) / 900 / 2 = 1/75.
  const mean = 1 / 30;
  const std = Math.sqrt(1 / 75);

  it('annual volatility = std * sqrt(252)', () => {
    near(annualVolatility(R), std * Math.sqrt(252)); // 1.833030...
    assert.equal(annualVolatility([0.01]), null);
    assert.equal(annualVolatility([0.01, 0.01]), 0);
  });

  it('Sharpe = mean / std * sqrt(252), with a yearly risk-free rate turned daily', () => {
    near(sharpeRatio(R), (mean / std) * Math.sqrt(252)); // 4.582575...
    near(dailyRiskFree(0.0625), 1.0625 ** (1 / 252) - 1);
    const rf = 1.0625 ** (1 / 252) - 1;
    near(sharpeRatio(R, 0.0625), ((mean - rf) / std) * Math.sqrt(252));
    assert.equal(sharpeRatio([0.01, 0.01, 0.01]), null, 'no dispersion: no Sharpe');
  });

  it('Sortino = mean * 252 / (sqrt(mean(min(r, 0)^2)) * sqrt(252))', () => {
    // downside: (0 + 0.01 + 0) / 3 = 1/300
    near(sortinoRatio(R), (mean * 252) / (Math.sqrt(1 / 300) * Math.sqrt(252))); // 9.165151...
    assert.equal(sortinoRatio([0.01, 0.02]), null, 'no losing day: no Sortino');
  });

  it('CAGR = prod(1 + r)^(252 / n) - 1, and Calmar = CAGR / |max drawdown|', () => {
    near(annualisedReturn([0.01, 0.02]), (1.01 * 1.02) ** 126 - 1);
    assert.equal(annualisedReturn([]), null);
    near(calmarRatio(0.3, -0.12), 2.5);
    assert.equal(calmarRatio(0.3, 0), null);
  });

  it('VaR 95% = -(5th percentile, linear) * value', () => {
    // sorted -0.1, 0.1, 0.1: h = 2 * 0.05 = 0.1, q = -0.1 + 0.1 * 0.2 = -0.08
    near(percentileLinear(R, 0.05), -0.08);
    near(valueAtRisk95(R, 108_900), 0.08 * 108_900); // ₹8,712
    near(percentileLinear([4, 1, 3, 2], 0.5), 2.5);
    assert.equal(valueAtRisk95([0.01], 100_000), null);
  });

  it('beta = cov / var over aligned days, alpha and information ratio from the same days', () => {
    const b = [0.05, -0.05, 0.05];
    near(beta(R, b), 2); // r = 2b exactly
    near(jensenAlpha(R, b), 0); // mean(r - 2b) = 0
    // b2: mean 0, var = (0.0004 + 0 + 0.0004) / 2 = 0.0004; cov(R, b2) = (0.1*0.02 + 0 + 0.1*-0.02 ... )
    const b2 = [0.02, 0, -0.02];
    // deviations of R: 1/15, -2/15, 1/15; of b2: 0.02, 0, -0.02 -> cov = (1/15 * 0.02 - 1/15 * 0.02) / 2 = 0
    near(beta(R, b2), 0);
    near(jensenAlpha(R, b2), (1 + mean) ** 252 - 1);
    // active = R - b2 = 0.08, -0.1, 0.12: mean 0.1/3, sample var = ((0.08-m)^2 + (-0.1-m)^2 + (0.12-m)^2) / 2
    const m = 0.1 / 3;
    const activeStd = Math.sqrt(((0.08 - m) ** 2 + (-0.1 - m) ** 2 + (0.12 - m) ** 2) / 2);
    near(informationRatio(R, b2), (m / activeStd) * Math.sqrt(252));
    assert.equal(beta([0.01, 0.02], [0.01, 0.01]), null, 'NIFTY flat: no beta');
    assert.throws(() => beta([0.01], [0.01, 0.02]), /aligned/);
  });

  it('rolling Sharpe and beta over trailing windows, the beta on the days NIFTY has a return', () => {
    const days = ['d1', 'd2', 'd3', 'd4'];
    const r = [0.1, -0.1, 0.1, 0.1];
    const b = [0.05, -0.05, 0.05, null];
    const figures = rollingFigures(
      days.map((day, i) => ({ day, r: r[i]!, benchmark: b[i]! })),
      3,
      0,
    );
    assert.deepEqual([...figures.keys()], ['d3', 'd4']);
    // Both windows hold +10% twice and -10% once: Sharpe = (1/30) / sqrt(1/75) * sqrt(252).
    near(figures.get('d3')!.sharpe, (1 / 30 / Math.sqrt(1 / 75)) * Math.sqrt(252));
    near(figures.get('d4')!.sharpe, (1 / 30 / Math.sqrt(1 / 75)) * Math.sqrt(252));
    near(figures.get('d3')!.beta, 2); // r = 2b
    near(figures.get('d4')!.beta, 2); // over d2 and d3, the days NIFTY has a return
    assert.equal(rollingFigures([], 3, 0).size, 0);
  });

  it('rolling figures start at the first full window', () => {
    const days = ['d1', 'd2', 'd3', 'd4'];
    const values = [1, 2, 3, 4];
    assert.deepEqual(
      rolling(days, 3, (from, to) => values.slice(from, to).reduce((a, b) => a + b, 0)),
      [
        { day: 'd3', value: 6 },
        { day: 'd4', value: 9 },
      ],
    );
    assert.deepEqual(
      rolling(days, 5, () => 0),
      [],
    );
  });
});

describe('drawdowns of the wealth index', () => {
  it('measure each point from its running peak', () => {
    const index = wealthIndex(R); // 1, 1.1, 0.99, 1.089
    drawdownSeries(index).forEach((d, i) => near(d, [0, 0, -0.1, -0.01][i]!, `point ${i}`));
    near(maxDrawdown(index), -0.1);
    near(currentDrawdown(index), -0.01);
    assert.equal(maxDrawdown([1, 1.2, 1.3]), 0);
  });

  it('list the deepest episodes with start, trough, recovery and length', () => {
    const days = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'];
    const index = [1, 1.1, 0.99, 1.045, 1.12, 1.064, 1.1];
    const episodes = deepestDrawdowns(days, index);
    assert.equal(episodes.length, 2);
    assert.deepEqual(
      { ...episodes[0]!, depth: 0 },
      {
        start: 'd1',
        trough: 'd2',
        recovery: 'd4',
        depth: 0,
        length: 3,
      },
    );
    near(episodes[0]!.depth, -0.1);
    assert.deepEqual(
      { ...episodes[1]!, depth: 0 },
      {
        start: 'd4',
        trough: 'd5',
        recovery: null,
        depth: 0,
        length: 2,
      },
    );
    near(episodes[1]!.depth, 1.064 / 1.12 - 1); // -5%
    assert.equal(deepestDrawdowns(days, index, 1).length, 1);
  });
});

describe('closed-trade statistics', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 0, 5, 4) + h * 3_600_000);
  const trades = [300, -100, 100, 0, -200].map((netPnl, i) => ({
    netPnl,
    openedAt: at(0),
    closedAt: at(i + 1),
  }));

  it('count winners and losers after costs, a break-even trade as neither', () => {
    const s = tradeStats(trades);
    assert.deepEqual(
      {
        closed: s.closed,
        winners: s.winners,
        losers: s.losers,
        grossProfit: s.grossProfit,
        grossLoss: s.grossLoss,
      },
      { closed: 5, winners: 2, losers: 2, grossProfit: 400, grossLoss: -300 },
    );
    near(s.winRate, 0.4);
    near(s.profitFactor, 400 / 300);
    near(s.averageWin, 200);
    near(s.averageLoss, -150);
    near(s.expectancy, 0.4 * 200 - 0.4 * 150); // ₹20 a trade = mean net P&L
    assert.equal(s.largestWin, 300);
    assert.equal(s.largestLoss, -200);
    near(s.averageHoldHours, 3); // 1 + 2 + 3 + 4 + 5 hours over 5
  });

  it('give null, not 0, for what the trades cannot support', () => {
    const none = tradeStats([]);
    assert.equal(none.winRate, null);
    assert.equal(none.expectancy, null);
    assert.equal(none.largestWin, null);
    assert.equal(none.averageHoldHours, null);
    assert.equal(tradeStats([trades[0]!]).profitFactor, null, 'no losing trade');
  });
});

describe('money-weighted return (XIRR)', () => {
  it('is 10% a year for ₹1,00,000 grown to ₹1,10,000 in 365 days', () => {
    near(moneyWeightedReturn([{ day: '2025-01-01', amount: 100_000 }], '2026-01-01', 110_000), 0.1);
  });

  it('weights money by how long it was invested', () => {
    // ₹1,00,000 on day 0 and ₹1,00,000 after 182.5 days; ₹2,15,000 at 365 days.
    // NPV(r) = -100,000 - 100,000 / (1+r)^0.5 + 215,000 / (1+r) = 0 -> with x = (1+r)^0.5:
    // 100,000 x^2 + 100,000 x - 215,000 = 0 -> x = (-1 + sqrt(1 + 8.6)) / 2
    const x = (-1 + Math.sqrt(9.6)) / 2;
    const start = Date.UTC(2025, 0, 1);
    const mid = new Date(start + 182.5 * 86_400_000);
    // XIRR counts whole days: place the second flow at noon-free day boundaries by using 2 x 182.5 = 365.
    assert.equal(mid.toISOString().slice(0, 10), '2025-07-02');
    const rate = moneyWeightedReturn(
      [
        { day: '2025-01-01', amount: 100_000 },
        { day: '2025-07-02', amount: 100_000 },
      ],
      '2026-01-01',
      215_000,
    );
    // 2025-07-02 is 182 days in: solve with that exponent by bisection as the reference.
    const npv = (r: number) => -100_000 - 100_000 / (1 + r) ** (182 / 365) + 215_000 / (1 + r);
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 200; i += 1) {
      const midRate = (lo + hi) / 2;
      if (npv(midRate) > 0) lo = midRate;
      else hi = midRate;
    }
    near(rate, (lo + hi) / 2);
    assert.ok(Math.abs(rate! - (x * x - 1)) < 0.002, 'close to the half-year closed form');
  });

  it('is null without money paid in or without time', () => {
    assert.equal(moneyWeightedReturn([], '2026-01-01', 100_000), null);
    assert.equal(moneyWeightedReturn([{ day: '2026-01-01', amount: 100_000 }], '2026-01-01', 101_000), null);
  });
});

describe('a deposit or withdrawal in the middle of a series', () => {
  it('changes no figure (time-weighted)', () => {
    fc.assert(
      fc.property(
        // Daily returns in basis points (a real account moves by paise, not by 1e-15).
        fc.array(
          fc.integer({ min: -800, max: 800 }).map((bp) => bp / 10_000),
          { minLength: 4, maxLength: 80 },
        ),
        fc.array(
          fc.integer({ min: -500, max: 500 }).map((bp) => bp / 10_000),
          { minLength: 80, maxLength: 80 },
        ),
        fc.double({ min: 10_000, max: 10_000_000, noNaN: true }),
        fc.nat(),
        fc.double({ min: -0.9, max: 5, noNaN: true }),
        (returns, niftyReturns, start, at, flowShare) => {
          const n = returns.length + 1;
          const values = wealthIndex(returns).map((w) => w * start);
          const nifty = wealthIndex(niftyReturns.slice(0, returns.length)).map((w) => w * 20_000);
          const k = 1 + (at % (n - 1));
          const flow = values[k]! * flowShare;
          const shifted = values.map((v, i) => (i < k ? v : (v * (values[k]! + flow)) / values[k]!));
          const plain = dailyReturns(points(values, [], nifty)).map((d) => d.r);
          const withFlow = dailyReturns(
            points(
              shifted,
              shifted.map((_, i) => (i === k ? flow : 0)),
              nifty,
            ),
          );
          const r2 = withFlow.map((d) => d.r);
          const b = withFlow.map((d) => d.benchmark!);
          const same = (a: number | null, c: number | null) =>
            a === null ? c === null : c !== null && Math.abs(a - c) <= 1e-9 * Math.max(1, Math.abs(a));
          return (
            same(compoundReturn(plain), compoundReturn(r2)) &&
            same(sharpeRatio(plain), sharpeRatio(r2)) &&
            same(sortinoRatio(plain), sortinoRatio(r2)) &&
            same(annualVolatility(plain), annualVolatility(r2)) &&
            same(annualisedReturn(plain), annualisedReturn(r2)) &&
            same(maxDrawdown(wealthIndex(plain)), maxDrawdown(wealthIndex(r2))) &&
            same(currentDrawdown(wealthIndex(plain)), currentDrawdown(wealthIndex(r2))) &&
            same(beta(plain, b), beta(r2, b)) &&
            same(valueAtRisk95(plain, 1), valueAtRisk95(r2, 1)) &&
            n === values.length
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the performance report of a period', () => {
  // 2026-03-02 (Mon) opening ₹10,00,000; the account trades to ₹10,10,000 that day; then:
  // 03-03 ₹9,99,900 (-1%), 03-04 ₹10,49,895 after ₹50,000 paid in (0%: 9,99,895 / 9,99,900 - 1),
  // 04-01 ₹11,54,884.5 (+10%).
  const series: DayValue[] = [
    { day: '2026-03-02', value: 1_010_000, flow: 1_000_000, benchmark: 22_000 },
    { day: '2026-03-03', value: 999_900, flow: 0, benchmark: 21_780 },
    { day: '2026-03-04', value: 1_049_895, flow: 50_000, benchmark: 21_780 },
    { day: '2026-04-01', value: 1_154_884.5, flow: 0, benchmark: 23_958 },
  ];
  const hour = 3_600_000;
  const trade = (
    symbol: string,
    strategy: string,
    netPnl: number,
    closedDay: string,
    hours: number,
  ): TradeRecord => ({
    symbol,
    strategy,
    netPnl,
    closedDay,
    openedAt: new Date(`${closedDay}T04:00:00Z`),
    closedAt: new Date(new Date(`${closedDay}T04:00:00Z`).getTime() + hours * hour),
  });
  const trades = [
    trade('RELIANCE', 'Momentum', 12_000, '2026-03-02', 2),
    trade('TCS', 'Manual', -8_000, '2026-03-03', 4),
    trade('RELIANCE', 'Momentum', 30_000, '2026-04-01', 6),
  ];

  it('chooses the period from today: a month back, a quarter back, the whole history', () => {
    assert.equal(periodBase('month', '2026-03-31'), '2026-02-28');
    assert.equal(periodBase('quarter', '2026-05-31'), '2026-02-28');
    assert.equal(periodBase('week', '2026-04-01'), '2026-03-25');
    assert.equal(periodBase('day', '2026-04-01'), '2026-03-31');
    assert.equal(periodBase('all', '2026-04-01'), null);
    assert.deepEqual(
      pointsOfPeriod(series, '2026-03-03').map((p) => p.day),
      ['2026-03-03', '2026-03-04', '2026-04-01'],
    );
  });

  it('over all time: the first day counts, the deposit does not', () => {
    const report = performanceReport({
      series,
      trades,
      period: 'all',
      today: '2026-04-01',
      riskFreeAnnual: 0,
    });
    const r = [0.01, -0.01, 999_895 / 999_900 - 1, 0.1];
    report.returns.forEach((d, i) => near(d.r, r[i]!, d.day));
    near(report.totalReturn, r.reduce((g, x) => g * (1 + x), 1) - 1, 'total return');
    near(report.netPnl, 1_154_884.5 - 1_050_000, 'net P&L'); // value less the money paid in
    near(report.maxDrawdown, (1.01 * 0.99 * (1 + r[2]!)) / 1.01 - 1, 'max drawdown');
    assert.equal(report.currentDrawdown, 0);
    near(report.sharpe, sharpeRatio(r)!, 'Sharpe');
    assert.equal(report.trades.closed, 3);
    assert.deepEqual(
      report.monthly.map((m) => [m.key, m.trades, m.pnl]),
      [
        ['2026-03', 2, 4_000],
        ['2026-04', 1, 30_000],
      ],
    );
    near(report.monthly[0]!.return, 1.01 * 0.99 * (1 + r[2]!) - 1, 'March');
    near(report.monthly[1]!.return, 0.1, 'April');
    assert.deepEqual(
      report.byStock.map((s) => [s.key, s.trades, s.pnl]),
      [
        ['RELIANCE', 2, 42_000],
        ['TCS', 1, -8_000],
      ],
    );
    assert.deepEqual(
      report.byStrategy.map((s) => [s.key, s.stats.profitFactor]),
      [
        ['Momentum', null],
        ['Manual', 0],
      ],
    );
    near(report.trades.averageHoldHours, 4);
  });

  it("over all time: the tear sheet's money-weighted return, beta, alpha, information ratio and drawdowns", () => {
    const report = performanceReport({
      series,
      trades,
      period: 'all',
      today: '2026-04-01',
      riskFreeAnnual: 0,
    });
    // Flows: ₹10,00,000 paid in on 03-02 and ₹50,000 on 03-04 (2 days later); ₹11,54,884.5 at the
    // end on 04-01 (30 days after 03-02). The rate zeroes their value on 03-02:
    const x = report.moneyWeighted!;
    const npv = -1_000_000 - 50_000 / (1 + x) ** (2 / 365) + 1_154_884.5 / (1 + x) ** (30 / 365);
    assert.ok(Math.abs(npv) < 1e-6, `NPV at the rate is ${npv}`);
    near(
      x,
      moneyWeightedReturn(
        [
          { day: '2026-03-02', amount: 1_000_000 },
          { day: '2026-03-04', amount: 50_000 },
        ],
        '2026-04-01',
        1_154_884.5,
      )!,
    );
    // Aligned days (the first day has no NIFTY return): r = -1%, e, +10% and b = -1%, 0, +10%, where
    // e = 9,99,895 / 9,99,900 - 1. mean(b) = 0.03, var(b) = (0.04^2 + 0.03^2 + 0.07^2) / 2 = 0.0037;
    // cov(r, b) = (0.0074 - 0.03 e) / 2, so beta = 1 - 0.03 e / 0.0074.
    const e = 999_895 / 999_900 - 1;
    const slope = 1 - (0.03 * e) / 0.0074;
    near(report.beta, slope, 'beta');
    // mean(r - beta b) = 0.03 + e / 3 - 0.03 beta.
    near(report.alpha, (1 + 0.03 + e / 3 - 0.03 * slope) ** 252 - 1, 'alpha');
    // r - b = 0, e, 0: mean e / 3, std |e| / sqrt(3), so IR = -sqrt(3) / 3 * sqrt(252) = -sqrt(84).
    near(report.informationRatio, -Math.sqrt(84), 'information ratio');
    // One fall: from the first close (1.01) to 03-04 (1.01 x 0.99 x (1 + e)), back above on 04-01.
    assert.equal(report.deepestDrawdowns.length, 1);
    const [fall] = report.deepestDrawdowns;
    assert.deepEqual(
      { start: fall!.start, trough: fall!.trough, recovery: fall!.recovery, length: fall!.length },
      { start: '2026-03-02', trough: '2026-03-04', recovery: '2026-04-01', length: 3 },
    );
    near(fall!.depth, 0.99 * (1 + e) - 1, 'depth');
  });

  it('dates a fall on the first day from that day, and gives no beta for one aligned day', () => {
    // ₹1,00,000 paid in on 03-02 closes at ₹98,000 (-2%), back to ₹1,00,000 on 03-03.
    const falling: DayValue[] = [
      { day: '2026-03-02', value: 98_000, flow: 100_000, benchmark: 22_000 },
      { day: '2026-03-03', value: 100_000, flow: 0, benchmark: 22_220 },
    ];
    const report = performanceReport({
      series: falling,
      trades: [],
      period: 'all',
      today: '2026-03-03',
      riskFreeAnnual: 0,
    });
    assert.deepEqual(
      report.deepestDrawdowns.map((d) => [d.start, d.trough, d.recovery, d.length]),
      [['2026-03-02', '2026-03-02', '2026-03-03', 2]],
    );
    near(report.deepestDrawdowns[0]!.depth, -0.02);
    assert.equal(report.beta, null, 'one aligned day: no beta');
    assert.equal(report.alpha, null);
    assert.equal(report.informationRatio, null);
    near(report.moneyWeighted, 0, 'nothing gained: ₹1,00,000 in, ₹1,00,000 out a day later is 0%');
  });

  it('over a week: only the days and trades after its base day', () => {
    const report = performanceReport({
      series,
      trades,
      period: 'week',
      today: '2026-04-01',
      riskFreeAnnual: 0,
    });
    // base 2026-03-25: the period starts from the value of 03-04, the last close on or before it.
    assert.deepEqual(
      report.returns.map((d) => d.day),
      ['2026-04-01'],
    );
    near(report.totalReturn, 0.1);
    near(report.netPnl, 1_154_884.5 - 1_049_895);
    assert.equal(report.trades.closed, 1);
    assert.equal(report.trades.largestWin, 30_000);
    // The value on 03-04 paid in, 10% more taken out 28 days later.
    near(report.moneyWeighted, 1.1 ** (365 / 28) - 1, 'money-weighted');
    assert.equal(report.beta, null, 'one aligned day');
    assert.deepEqual(report.deepestDrawdowns, []);
  });

  it('over a month that reaches before the account opened: from the empty account, like all time', () => {
    const month = performanceReport({
      series,
      trades,
      period: 'month',
      today: '2026-04-01',
      riskFreeAnnual: 0,
    });
    const all = performanceReport({ series, trades, period: 'all', today: '2026-04-01', riskFreeAnnual: 0 });
    assert.deepEqual(month, all);
  });

  it('gives each of the last 30 calendar days its net P&L, null when the market was closed', () => {
    const days = dailyPnl(series, '2026-04-01');
    assert.equal(days.length, 30);
    assert.equal(days[0]!.day, '2026-03-03');
    near(days[0]!.pnl, -10_100, '03-03');
    near(days[1]!.pnl, 1_049_895 - 999_900 - 50_000, '03-04'); // -5
    assert.equal(days[2]!.pnl, null, '03-05 has no close');
    near(days[29]!.pnl, 1_154_884.5 - 1_049_895, '04-01');
    near(dailyPnl(series, '2026-03-02', 1)[0]!.pnl, 10_000, 'the opening day');
  });
});
