import type { Holding, IndexQuote, PortfolioOverview, StreamTick } from '@nivesh/api-contract';
import { liveIndexQuote, priceMove, valueHoldings, valueOverview } from './valuation';

const AS_OF = '2026-11-20T05:00:00.000Z';
const AFTER = Date.parse(AS_OF) + 1_000;
const BEFORE = Date.parse(AS_OF) - 1_000;

function holding(symbol: string, quantity: number, avg: number, price: number): Holding {
  return {
    symbol,
    name: symbol,
    quantity,
    avg_price: avg,
    current_price: price,
    market_value: quantity * price,
    total_returns: (price - avg) * quantity,
    total_returns_percent: ((price - avg) / avg) * 100 * Math.sign(quantity),
    pnl_basis: 'after_charges',
    day_change_percent: 0,
    product: quantity < 0 ? 'MIS' : 'CNC',
  };
}

function tick(symbol: string, ltp: number, ts = AFTER): StreamTick {
  return { symbol, ltp, previous_close: 100, change: ltp - 100, change_percent: ltp - 100, volume: 0, ts };
}

// Cash 5,00,000; RELIANCE 100 @ avg 2,400 now 2,500; INFY 50 @ avg 1,600 now 1,500.
// Holdings value 2,50,000 + 75,000 = 3,25,000; portfolio 8,25,000; started with 8,00,000; at the
// previous close the portfolio was worth 8,20,000.
const holdings = [holding('RELIANCE', 100, 2_400, 2_500), holding('INFY', 50, 1_600, 1_500)];
const overview: PortfolioOverview = {
  portfolio_value: 825_000,
  total_value: 825_000,
  invested_value: 325_000,
  cash_balance: 500_000,
  available_balance: 500_000,
  blocked_funds: 0,
  day_change: 5_000,
  day_change_percent: (5_000 / 820_000) * 100,
  active_positions: 2,
  total_returns: 25_000,
  total_returns_percent: (25_000 / 800_000) * 100,
  unrealized_pnl: 5_000,
  realized_pnl: 20_000,
  pnl_basis: 'after_charges',
  trades_today: 1,
  total_trades: 9,
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
  data_source: 'simulated',
  limits_status: null,
  as_of: AS_OF,
};

describe('valueHoldings', () => {
  it('prices a holding at the tick: value, P&L against the average price, and return %', () => {
    const [reliance, infy] = valueHoldings(holdings, { RELIANCE: tick('RELIANCE', 2_520.5) });
    expect(reliance).toMatchObject({
      current_price: 2_520.5,
      market_value: 252_050,
      total_returns: 12_050, // (2,520.50 - 2,400) x 100
      day_change_percent: 2_420.5,
    });
    expect(reliance!.total_returns_percent).toBeCloseTo(5.0208, 4); // 120.50 / 2,400
    expect(infy).toBe(holdings[1]);
  });

  it("keeps the server's P&L after charges: moves it by the price change, never back to before charges", () => {
    // 10 INFY bought at ₹1,500.75, now ₹1,500: -₹7.50 at the price, -₹48.74 after the buy's charges.
    const infy = { ...holding('INFY', 10, 1_500.75, 1_500), total_returns: -48.74 };
    const [moved] = valueHoldings([infy], { INFY: tick('INFY', 1_502) });
    expect(moved!.total_returns).toBe(-28.74); // + 10 x ₹2
    expect(moved!.total_returns_percent).toBeCloseTo((-28.74 / 15_007.5) * 100, 6);
    expect(moved!.pnl_basis).toBe('after_charges');
  });

  it('gains on a short position as the price falls', () => {
    const short = holding('SBIN', -10, 800, 800);
    const [moved] = valueHoldings([short], { SBIN: tick('SBIN', 790) });
    expect(moved!.total_returns).toBe(100);
    expect(moved!.total_returns_percent).toBeCloseTo(1.25, 6); // 100 / 8,000
    expect(moved!.market_value).toBe(-7_900);
  });

  it('ignores a tick older than the server figures', () => {
    const [reliance] = valueHoldings(
      holdings,
      { RELIANCE: tick('RELIANCE', 2_000, BEFORE) },
      Date.parse(AS_OF),
    );
    expect(reliance).toBe(holdings[0]);
  });
});

describe('valueOverview', () => {
  it('is the server overview itself while no price has moved', () => {
    expect(valueOverview(overview, holdings, {})).toBe(overview);
    expect(valueOverview(overview, holdings, { RELIANCE: tick('RELIANCE', 2_500) })).toBe(overview);
  });

  it('moves value, P&L and returns by quantity x price change, and their percentages over their bases', () => {
    // RELIANCE +10 x 100 = +1,000; INFY -20 x 50 = -1,000; TCS is not held.
    const ticks = {
      RELIANCE: tick('RELIANCE', 2_510),
      INFY: tick('INFY', 1_480),
      TCS: tick('TCS', 4_000),
    };
    expect(priceMove(holdings, ticks)).toBe(0);

    const up = valueOverview(overview, holdings, { RELIANCE: tick('RELIANCE', 2_530.25) });
    // +30.25 x 100 = +3,025
    expect(up).toMatchObject({
      portfolio_value: 828_025,
      total_value: 828_025,
      invested_value: 328_025,
      day_change: 8_025,
      total_returns: 28_025,
      unrealized_pnl: 8_025,
      cash_balance: 500_000,
      available_balance: 500_000,
      realized_pnl: 20_000,
      active_positions: 2,
    });
    expect(up.day_change_percent).toBeCloseTo((8_025 / 820_000) * 100, 10); // 0.9787%
    expect(up.total_returns_percent).toBeCloseTo((28_025 / 800_000) * 100, 10); // 3.5031%
  });

  it('does not move on ticks older than its as_of', () => {
    const stale = valueOverview(overview, holdings, { RELIANCE: tick('RELIANCE', 3_000, BEFORE) });
    expect(stale).toBe(overview);
  });
});

describe('liveIndexQuote', () => {
  const nifty: IndexQuote = {
    name: 'NIFTY 50',
    exchange: 'NSE',
    value: 24_000,
    previous_close: 23_900,
    change: 100,
    change_percent: 0.4184,
  };

  it('takes level and change from the tick', () => {
    const live = liveIndexQuote(nifty, {
      symbol: 'NIFTY_50',
      ltp: 24_100.5,
      previous_close: 23_900,
      change: 200.5,
      change_percent: 0.8389,
      volume: 0,
      ts: AFTER,
    });
    expect(live).toEqual({ ...nifty, value: 24_100.5, change: 200.5, change_percent: 0.8389 });
  });

  it('keeps the server quote without a tick', () => {
    expect(liveIndexQuote(nifty, undefined)).toBe(nifty);
  });
});
