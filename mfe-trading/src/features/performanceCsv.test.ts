import { makePerformanceAnalytics, makeTrade } from '@nivesh/api-contract/testing';
import { performanceReportCsv } from './performanceCsv';

describe('performanceReportCsv', () => {
  it('writes the period, the metrics, every breakdown and the closed trades as plain numbers', () => {
    const analytics = makePerformanceAnalytics({
      daily_pnl: [
        { date: '2026-03-02', pnl: -1234.5 },
        { date: '2026-03-01', pnl: null },
      ],
    });
    const csv = performanceReportCsv(analytics, {
      generatedAt: new Date('2026-03-10T04:00:00Z'),
      stocks: analytics.by_stock.slice(0, 1),
      strategies: analytics.by_strategy,
      filterNote: 'symbol contains REL',
      trades: [makeTrade(), makeTrade({ trade_id: 'T-2', symbol: 'TCS', net_pnl: -250.5 })],
    });
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 8)).toEqual([
      'Performance report,Month',
      'From,2026-02-01',
      'To,2026-03-01',
      'Generated (IST),2026-03-10 09:30:00',
      'Filter,symbol contains REL',
      '',
      'Metric,Value',
      'Total return %,4.37',
    ]);
    expect(lines).toContain('Average loss,-2286.4');
    expect(lines).toContain('Average hold time (hours),5.75');
    expect(lines).toContain('Month,Return %,P&L,Trades,Win rate %');
    expect(lines).toContain('2026-02,-0.8,-8400,22,45.5');
    // Only the filtered stock.
    expect(lines).toContain('RELIANCE,12,18200,66.7');
    expect(lines).not.toContain('TCS,9,-3100,33.3');
    expect(lines).toContain('Momentum,24,31000,66.7,2.9');
    // The tear sheet.
    expect(lines).toContain('Money-weighted return (XIRR) %,51.3');
    expect(lines).toContain('Beta to NIFTY 50,0.82');
    expect(lines).toContain('Alpha (annualised) %,21.4');
    expect(lines).toContain('Information ratio,1.27');
    expect(lines).toContain('Drawdown start,Trough,Recovery,Depth %,Length (trading days)');
    expect(lines).toContain('2026-02-03,2026-02-10,2026-02-18,-8.63,11');
    expect(lines).toContain('2026-02-20,2026-02-24,,-3.15,6');
    const daily = lines.indexOf('Date,Daily P&L');
    expect(lines.slice(daily, daily + 3)).toEqual(['Date,Daily P&L', '2026-03-02,-1234.5', '2026-03-01,']);
    // The period's closed trades, as the trade history exports them.
    const trades = lines.indexOf('Closed trades,2');
    expect(trades).toBeGreaterThan(daily);
    expect(lines[trades + 1]).toMatch(/^Trade ID,Symbol,Mode,Side,/);
    expect(lines[trades + 2]).toMatch(
      /^T-1,RELIANCE,PAPER,BUY,"Long · sold all 10 at ₹2,550.00",CNC,10,10,2500,2550,,500,100,400,/,
    );
    expect(lines[trades + 3]).toMatch(
      /^T-2,TCS,PAPER,BUY,"Long · sold all 10 at ₹2,550.00",CNC,10,10,2500,2550,,500,100,-250.5,/,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('leaves missing figures empty rather than 0', () => {
    const csv = performanceReportCsv(
      makePerformanceAnalytics({
        sharpe_ratio: null,
        money_weighted_return: null,
        beta: null,
        alpha: null,
        period: 'all',
        period_start: null,
      }),
      { generatedAt: new Date(), stocks: [], strategies: [], trades: [] },
    );
    const lines = csv.split('\r\n');
    expect(lines).toContain('Sharpe ratio,');
    expect(lines).toContain('Money-weighted return (XIRR) %,');
    expect(lines).toContain('Beta to NIFTY 50,');
    expect(lines).toContain('Alpha (annualised) %,');
    expect(lines).toContain('From,account opening');
    expect(lines).toContain('Closed trades,0');
  });
});
