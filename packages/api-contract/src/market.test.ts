import { contract } from './index';
import { MARKET_INDEX_NAMES, MarketOverview } from './market';

const quote = (name: string, exchange: 'NSE' | 'BSE', value: number, previousClose: number) => ({
  name,
  exchange,
  value,
  previous_close: previousClose,
  change: value - previousClose,
  change_percent: ((value - previousClose) / previousClose) * 100,
});

const overview = {
  indices: {
    NIFTY_50: quote('NIFTY 50', 'NSE', 24_350.5, 24_200),
    SENSEX: quote('SENSEX', 'BSE', 80_100.25, 80_400),
    BANK_NIFTY: quote('Bank NIFTY', 'NSE', 52_000, 52_000),
  },
  data_source: 'simulated',
  as_of: '2026-11-20T09:45:00.000Z',
};

describe('market overview contract', () => {
  it('is GET /api/market/overview behind a session, in the success/data envelope', () => {
    const route = contract.market.overview;
    expect(route.method).toBe('GET');
    expect(route.path).toBe('/api/market/overview');
    expect(route.access).toBe('session');
    expect(
      route.responses[200].parse({ success: true, data: overview }).data.indices.SENSEX.change,
    ).toBeCloseTo(-299.75);
  });

  it('requires all three indices and a known data source', () => {
    const { BANK_NIFTY: _missing, ...twoIndices } = overview.indices;
    expect(MarketOverview.safeParse({ ...overview, indices: twoIndices }).success).toBe(false);
    expect(MarketOverview.safeParse({ ...overview, data_source: 'made-up' }).success).toBe(false);
    expect(MarketOverview.safeParse({ ...overview, data_source: 'upstox' }).success).toBe(true);
  });

  it('names the indices as the dashboard shows them', () => {
    expect(Object.values(MARKET_INDEX_NAMES)).toEqual(['NIFTY 50', 'SENSEX', 'Bank NIFTY']);
  });
});
