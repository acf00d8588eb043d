/** Portfolio answers: the overview, holdings, fills and quick stats. */
import { ActivityItem, Holding, PortfolioOverview, QuickStats } from '../portfolio';
import { fixture } from './fixture';

/**
 * A paper account of ₹10,52,340 with four positions; its exposure is above the 80% limit. Cash
 * ₹7,39,840 + holdings ₹3,12,500; of the cash, ₹24,620.99 is held by a resting buy (10 RELIANCE
 * at ₹2,456.75 with ₹53.49 of charges), so ₹7,15,219.01 is available.
 */
export const makePortfolioOverview = fixture(PortfolioOverview, 'PortfolioOverview', {
  portfolio_value: 1_052_340,
  total_value: 1_052_340,
  invested_value: 312_500,
  cash_balance: 739_840,
  available_balance: 715_219.01,
  blocked_funds: 24_620.99,
  day_change: -4_250,
  day_change_percent: -0.4,
  active_positions: 4,
  total_returns: 52_340,
  total_returns_percent: 5.23,
  unrealized_pnl: 12_870,
  realized_pnl: 39_470,
  pnl_basis: 'after_charges',
  trades_today: 3,
  total_trades: 57,
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
  data_source: 'simulated',
  limits_status: {
    balance_status: { current: 715_219.01, threshold: 100_000, safe: true },
    daily_loss_status: { current_loss: 4_250, limit: 25_000, safe: true },
    positions_status: { current: 4, limit: 10, safe: true },
    exposure_status: { current_percentage: 92.5, limit_percentage: 80, safe: false },
  },
  as_of: '2026-03-02T05:00:00.000Z',
});

/** 1,200 RELIANCE bought at 2,400.50, now 2,456.75; its P&L after its entry charges. */
export const makeHolding = fixture(Holding, 'Holding', {
  symbol: 'RELIANCE',
  name: 'Reliance Industries Ltd',
  quantity: 1_200,
  avg_price: 2_400.5,
  current_price: 2_456.75,
  market_value: 2_948_100,
  total_returns: 67_500,
  total_returns_percent: 2.34,
  pnl_basis: 'after_charges',
  day_change_percent: 0.4,
  product: 'CNC',
});

/** A buy of 10 TCS at 3,850.25. */
export const makeActivityItem = fixture(ActivityItem, 'ActivityItem', {
  id: 'fill-1',
  action: 'Bought',
  symbol: 'TCS',
  quantity: 10,
  price: 3_850.25,
  value: 38_502.5,
  timestamp: '2026-11-20T09:40:00.000Z',
  time_ago: '5 minutes ago',
});

export const makeQuickStats = fixture(QuickStats, 'QuickStats', {
  active_positions: 4,
  win_rate: 65,
  monthly_return: 2.5,
  connection_status: 'connected',
  data_source: 'simulated',
});
