import { makePerformanceAnalytics } from './testing';
import {
  PerformanceAnalytics,
  PerformanceAnalyticsResponse,
  PerformanceQuery,
  performanceRoutes,
} from './performance';

describe('performance contract', () => {
  it('defaults the period to month and refuses unknown ones', () => {
    expect(PerformanceQuery.parse({})).toEqual({ period: 'month' });
    expect(PerformanceQuery.parse({ period: 'all' })).toEqual({ period: 'all' });
    expect(PerformanceQuery.safeParse({ period: 'today' }).success).toBe(false);
  });

  it('accepts "no data yet" as success false with the reason', () => {
    const parsed = PerformanceAnalyticsResponse.parse({
      success: false,
      error: 'No closed trades yet',
      message: 'No closed trades yet',
    });
    expect(parsed.success).toBe(false);
  });

  it('refuses analytics with a missing figure rather than inventing one', () => {
    const result = PerformanceAnalyticsResponse.safeParse({
      success: true,
      data: { period: 'month', total_return: 1 },
    });
    expect(result.success).toBe(false);
  });

  it('lists at most five drawdowns, each with its recovery or null while not recovered', () => {
    const [deepest] = makePerformanceAnalytics().deepest_drawdowns;
    const episodes = Array.from({ length: 6 }, () => ({ ...deepest!, recovery: null }));
    expect(
      PerformanceAnalytics.safeParse(makePerformanceAnalytics({ deepest_drawdowns: episodes.slice(0, 5) }))
        .success,
    ).toBe(true);
    expect(
      PerformanceAnalytics.safeParse({ ...makePerformanceAnalytics(), deepest_drawdowns: episodes }).success,
    ).toBe(false);
  });

  it('serves analytics and returns at the specification paths', () => {
    expect(performanceRoutes.analytics).toMatchObject({ method: 'GET', path: '/api/performance/analytics' });
    expect(performanceRoutes.returns).toMatchObject({ method: 'GET', path: '/api/performance/returns' });
  });
});
