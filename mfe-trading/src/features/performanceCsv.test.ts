import { makePerformanceAnalytics } from '@nivesh/api-contract/testing';
import { performanceReportCsv } from './performanceCsv';

describe('performanceReportCsv', () => {
  it('writes the period, the metrics and every breakdown as plain numbers', () => {
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
    });
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Performance report,Month',
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
    expect(lines.slice(-4)).toEqual(['Date,Daily P&L', '2026-03-02,-1234.5', '2026-03-01,', '']);
  });

  it('leaves missing figures empty rather than 0', () => {
    const csv = performanceReportCsv(makePerformanceAnalytics({ sharpe_ratio: null }), {
      generatedAt: new Date(),
      stocks: [],
      strategies: [],
    });
    expect(csv.split('\r\n')).toContain('Sharpe ratio,');
  });
});
