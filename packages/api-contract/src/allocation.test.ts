import {
  AllocationSettings,
  DAILY_RISK_BUDGET_CHOICES,
  DEFAULT_ALLOCATION_SETTINGS,
  DEFAULT_STRATEGY_PERCENTAGES,
  allocationRoutes,
} from './allocation';
import { DataSourceEntry, NewDataSource, dataSourcesRoutes } from './dataSources';

const SETTINGS = {
  allocation_strategy: 'moderate',
  ai_enabled: true,
  manual_allocation_pct: 2.5,
  daily_amount: 25_000,
  daily_risk_budget: 1.5,
  total_capital: 1_000_000,
  portfolio_value: 1_000_000,
  available_cash: 900_000,
};

describe('allocation contract', () => {
  it('holds the specification constants', () => {
    expect(DEFAULT_STRATEGY_PERCENTAGES).toEqual({
      conservative: 1.5,
      moderate: 2.5,
      aggressive: 4.0,
      ai_optimized: 'dynamic',
    });
    expect(DEFAULT_ALLOCATION_SETTINGS).toEqual({
      allocation_strategy: 'moderate',
      ai_enabled: true,
      daily_risk_budget: 1.5,
    });
    expect(DAILY_RISK_BUDGET_CHOICES).toEqual([0.5, 1.0, 1.5, 2.0, 2.5]);
  });

  it('accepts manual allocation from 0.5 to 6.0 in steps of 0.1 only', () => {
    for (const pct of [0.5, 0.7, 2.5, 5.9, 6.0]) {
      expect(AllocationSettings.safeParse({ ...SETTINGS, manual_allocation_pct: pct }).success).toBe(true);
    }
    for (const pct of [0.4, 6.1, 2.55]) {
      expect(AllocationSettings.safeParse({ ...SETTINGS, manual_allocation_pct: pct }).success).toBe(false);
    }
  });

  it('accepts only the five daily risk budgets', () => {
    expect(AllocationSettings.safeParse({ ...SETTINGS, daily_risk_budget: 2 }).success).toBe(true);
    expect(AllocationSettings.safeParse({ ...SETTINGS, daily_risk_budget: 3 }).success).toBe(false);
    expect(AllocationSettings.safeParse({ ...SETTINGS, daily_risk_budget: 1.25 }).success).toBe(false);
  });

  it('takes a direct daily amount only in whole thousands of at least ₹1,000', () => {
    const body = allocationRoutes.setDailyAmount.body;
    expect(body.safeParse({ daily_amount: 1000 }).success).toBe(true);
    expect(body.safeParse({ daily_amount: 42_000 }).success).toBe(true);
    expect(body.safeParse({ daily_amount: 500 }).success).toBe(false);
    expect(body.safeParse({ daily_amount: 1500 }).success).toBe(false);
    expect(body.safeParse({ daily_amount: 2000.5 }).success).toBe(false);
  });
});

describe('data sources contract', () => {
  it('fills the new-source defaults: empty description, enabled; headers only when sent', () => {
    expect(
      NewDataSource.parse({ name: ' Feed ', endpoint: 'https://feed.test/x', type: 'Custom API' }),
    ).toEqual({
      name: 'Feed',
      endpoint: 'https://feed.test/x',
      type: 'Custom API',
      description: '',
      enabled: true,
    });
  });

  it('refuses a new source without a name, with a non-URL endpoint or an unknown type', () => {
    const valid = { name: 'Feed', endpoint: 'https://feed.test/x', type: 'Market Data API' };
    expect(NewDataSource.safeParse({ ...valid, name: '  ' }).success).toBe(false);
    expect(NewDataSource.safeParse({ ...valid, endpoint: 'feed.test' }).success).toBe(false);
    expect(NewDataSource.safeParse({ ...valid, endpoint: 'file:///etc/passwd' }).success).toBe(false);
    expect(NewDataSource.safeParse({ ...valid, type: 'Broker' }).success).toBe(false);
  });

  it('never carries an API key back in a source', () => {
    expect(Object.keys(DataSourceEntry.shape)).not.toContain('apiKey');
    expect(dataSourcesRoutes.refresh.path).toBe('/api/data-sources/:id/refresh');
  });
});
