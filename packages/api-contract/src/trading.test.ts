import {
  DEFAULT_PAPER_LIMITS,
  PAPER_RESET_BALANCE,
  PaperLimits,
  TradeHistoryQuery,
  mapTradeStatus,
  periodFirstDay,
  summarizeTrades,
  tradeMatchesFilter,
  tradingRoutes,
  type TradeHistoryFilter,
} from './trading';
import { istDay } from './time';
import { makeTrade } from './testing';

const NOW = new Date('2026-03-10T10:00:00Z'); // 15:30 IST, 10 March
const ALL: Omit<TradeHistoryFilter, 'page' | 'page_size'> = { period: 'all', status: 'all' };

describe('mapTradeStatus (specification part 2, section 4)', () => {
  it('maps CLOSED, FILLED and COMPLETED to completed', () => {
    expect(['CLOSED', 'FILLED', 'COMPLETED'].map(mapTradeStatus)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });
  it('maps OPEN to open and PENDING or pending to pending', () => {
    expect(mapTradeStatus('OPEN')).toBe('open');
    expect(mapTradeStatus('PENDING')).toBe('pending');
    expect(mapTradeStatus('pending')).toBe('pending');
  });
  it('maps cancelled and rejected orders to cancelled, never to an open position', () => {
    expect(mapTradeStatus('CANCELLED')).toBe('cancelled');
    expect(mapTradeStatus('canceled')).toBe('cancelled');
    expect(mapTradeStatus('REJECTED')).toBe('cancelled');
  });
  it('keeps anything else open', () => {
    expect(mapTradeStatus('TRIGGER_PENDING')).toBe('open');
    expect(mapTradeStatus('')).toBe('open');
  });
});

describe('periods by IST calendar day', () => {
  it('puts 20:00 UTC on the next IST day', () => {
    expect(istDay('2026-03-09T20:00:00Z')).toBe('2026-03-10');
    expect(istDay('2026-03-09T18:29:59Z')).toBe('2026-03-09');
  });
  it('counts today, week 7, month 30, quarter 90, year 365 days back including today', () => {
    expect(periodFirstDay('today', NOW)).toBe('2026-03-10');
    expect(periodFirstDay('week', NOW)).toBe('2026-03-04');
    expect(periodFirstDay('month', NOW)).toBe('2026-02-09');
    expect(periodFirstDay('quarter', NOW)).toBe('2025-12-11');
    expect(periodFirstDay('year', NOW)).toBe('2025-03-11');
    expect(periodFirstDay('all', NOW)).toBeNull();
  });
});

describe('tradeMatchesFilter', () => {
  const reliance = makeTrade({ trade_id: 'PT-001', symbol: 'RELIANCE', status: 'open' });
  const tcs = makeTrade({ trade_id: 'PT-002', symbol: 'TCS', status: 'completed' });
  const infyRel = makeTrade({ trade_id: 'REL-77', symbol: 'INFY', status: 'completed' });

  it('matches the search on symbol or trade id, ignoring case, combined with the status', () => {
    const pick = (filter: Partial<TradeHistoryFilter>) =>
      [reliance, tcs, infyRel]
        .filter((t) => tradeMatchesFilter(t, { ...ALL, ...filter }, NOW))
        .map((t) => t.trade_id);
    expect(pick({ search: 'rel' })).toEqual(['PT-001', 'REL-77']);
    expect(pick({ search: 'rel', status: 'completed' })).toEqual(['REL-77']);
    expect(pick({ search: 'pt-00', status: 'open' })).toEqual(['PT-001']);
    expect(pick({ status: 'pending' })).toEqual([]);
  });

  it('applies the period to the entry day in IST', () => {
    const yesterday = makeTrade({ entry_time: '2026-03-09T10:00:00Z' });
    const lateLastNight = makeTrade({ entry_time: '2026-03-09T19:00:00Z' }); // 00:30 IST on the 10th
    expect(tradeMatchesFilter(yesterday, { ...ALL, period: 'today' }, NOW)).toBe(false);
    expect(tradeMatchesFilter(lateLastNight, { ...ALL, period: 'today' }, NOW)).toBe(true);
    expect(tradeMatchesFilter(yesterday, { ...ALL, period: 'week' }, NOW)).toBe(true);
  });

  it('applies side, mode, product, net P&L bounds and the date range', () => {
    const t = makeTrade({ side: 'SELL', mode: 'live', product: 'MIS', net_pnl: -250 });
    expect(tradeMatchesFilter(t, { ...ALL, side: 'SELL', mode: 'live', product: 'MIS' }, NOW)).toBe(true);
    expect(tradeMatchesFilter(t, { ...ALL, side: 'BUY' }, NOW)).toBe(false);
    expect(tradeMatchesFilter(t, { ...ALL, mode: 'paper' }, NOW)).toBe(false);
    expect(tradeMatchesFilter(t, { ...ALL, product: 'CNC' }, NOW)).toBe(false);
    expect(tradeMatchesFilter(t, { ...ALL, min_pnl: -250, max_pnl: 0 }, NOW)).toBe(true);
    expect(tradeMatchesFilter(t, { ...ALL, min_pnl: -249 }, NOW)).toBe(false);
    expect(tradeMatchesFilter(t, { ...ALL, max_pnl: -251 }, NOW)).toBe(false);
    expect(tradeMatchesFilter(t, { ...ALL, from: '2026-03-10', to: '2026-03-10' }, NOW)).toBe(true);
    expect(tradeMatchesFilter(t, { ...ALL, from: '2026-03-11' }, NOW)).toBe(false);
    expect(tradeMatchesFilter(t, { ...ALL, to: '2026-03-09' }, NOW)).toBe(false);
  });

  it('leaves a row without P&L (an unfilled order) outside any P&L bound', () => {
    const order = makeTrade({
      status: 'pending',
      opened_quantity: null,
      pnl: null,
      pnl_percent: null,
      net_pnl: null,
    });
    expect(tradeMatchesFilter(order, ALL, NOW)).toBe(true);
    expect(tradeMatchesFilter(order, { ...ALL, min_pnl: -1_000 }, NOW)).toBe(false);
    expect(tradeMatchesFilter(order, { ...ALL, max_pnl: 1_000 }, NOW)).toBe(false);
  });
});

describe('summarizeTrades', () => {
  it('counts trades (closed and open), wins among completed trades, net P&L, charges and open positions', () => {
    const unfilled = { opened_quantity: null, pnl: null, pnl_percent: null, net_pnl: null, fees: 0 };
    const summary = summarizeTrades([
      makeTrade({ status: 'completed', net_pnl: 400, fees: 40.1 }),
      makeTrade({ status: 'completed', net_pnl: -150.25, fees: 35.2 }),
      makeTrade({ status: 'completed', net_pnl: 0, fees: 20 }),
      makeTrade({ status: 'open', net_pnl: 75.5, fees: 20 }),
      makeTrade({ status: 'pending', ...unfilled }),
      makeTrade({ status: 'cancelled', ...unfilled }),
    ]);
    expect(summary).toEqual({
      total_trades: 4,
      completed_trades: 3,
      winning_trades: 1,
      win_rate: (1 / 3) * 100,
      net_pnl: 325.25,
      total_charges: 115.3,
      open_positions: 1,
      unfilled_orders: 2,
    });
  });
  it('has no win rate without completed trades', () => {
    expect(summarizeTrades([makeTrade({ status: 'open' })]).win_rate).toBeNull();
    expect(summarizeTrades([])).toMatchObject({ total_trades: 0, win_rate: null, net_pnl: 0 });
  });
});

describe('the history query', () => {
  it('defaults to today, all statuses, page 1', () => {
    expect(TradeHistoryQuery.parse({})).toEqual({ period: 'today', status: 'all', page: 1, page_size: 50 });
  });
  it('reads numbers from the query string and refuses unknown periods', () => {
    expect(TradeHistoryQuery.parse({ page: '3', page_size: '25', min_pnl: '-100' })).toMatchObject({
      page: 3,
      page_size: 25,
      min_pnl: -100,
    });
    expect(TradeHistoryQuery.safeParse({ period: 'decade' }).success).toBe(false);
    expect(TradeHistoryQuery.safeParse({ page_size: '500' }).success).toBe(false);
    expect(TradeHistoryQuery.safeParse({ from: '10-03-2026' }).success).toBe(false);
  });
  it('is the history route', () => {
    expect(tradingRoutes.history).toMatchObject({ method: 'GET', path: '/api/trading/history' });
  });
});

describe('paper account constants (specification part 2, section 9)', () => {
  it('has the specification defaults, which are valid limits', () => {
    expect(DEFAULT_PAPER_LIMITS).toEqual({
      max_position_size: 50000,
      max_daily_loss: 25000,
      max_portfolio_exposure: 0.8,
      max_positions_count: 10,
      min_balance_threshold: 100000,
      brokerage_per_trade: 20,
      stt_rate: 0.001,
      transaction_charges: 0.00345,
    });
    expect(PaperLimits.parse(DEFAULT_PAPER_LIMITS)).toEqual(DEFAULT_PAPER_LIMITS);
    expect(PAPER_RESET_BALANCE).toBe(1_000_000);
  });
  it('refuses exposure above 1 and fractional amounts', () => {
    expect(PaperLimits.safeParse({ ...DEFAULT_PAPER_LIMITS, max_portfolio_exposure: 1.2 }).success).toBe(
      false,
    );
    expect(PaperLimits.safeParse({ ...DEFAULT_PAPER_LIMITS, max_daily_loss: 100.5 }).success).toBe(false);
  });
  it('has the paper routes at the specification paths', () => {
    expect(tradingRoutes.setPaperLimits).toMatchObject({ method: 'POST', path: '/api/trading/paper-limits' });
    expect(tradingRoutes.getPaperLimits).toMatchObject({ method: 'GET', path: '/api/trading/paper-limits' });
    expect(tradingRoutes.resetPaperAccount).toMatchObject({
      method: 'POST',
      path: '/api/trading/paper-reset',
    });
    expect(tradingRoutes.setPaperBalance).toMatchObject({
      method: 'POST',
      path: '/api/trading/paper/balance',
    });
  });
});
