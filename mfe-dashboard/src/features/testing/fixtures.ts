/**
 * Server answers for this remote's tests, typed with the contract (the api client also validates
 * them against its schemas, so a fixture that drifts from the contract fails the test loudly).
 * Test-only: imported by *.test.tsx files, never by a page.
 */
import {
  contract,
  TRADING_MODE_LABELS,
  type Order,
  type PlaceOrderRequest,
  type StreamTick,
  type TokenStatus,
} from '@nivesh/api-contract';
import {
  makeActivityItem,
  makeEnginesStatus,
  makeHolding,
  makeMarketOverview,
  makeMarketSentiment,
  makeMarketStatus,
  makeMlIntelligenceMetrics,
  makeNews,
  makeOrderPreview,
  makePlacedOrder,
  makePortfolioOverview,
  makeTokenStatus,
  makeTradingMode,
  makeTradingModeCheck,
  ok,
} from '@nivesh/api-contract/testing';
import { errorBody, HttpResponse, mockRoute, mockRouteError } from '@nivesh/api-client/testing';

const AS_OF = '2026-11-20T09:45:00.000Z';

export const portfolioOverview = makePortfolioOverview({
  portfolio_value: 1_234_567.89,
  total_value: 1_234_567.89,
  invested_value: 734_567.89,
  cash_balance: 500_000,
  available_balance: 497_974.35,
  blocked_funds: 2_025.65,
  day_change: -2_345.5,
  day_change_percent: -0.19,
  active_positions: 7,
  total_returns: 234_567.89,
  total_returns_percent: 23.46,
  unrealized_pnl: 34_567.89,
  realized_pnl: 200_000,
  trades_today: 3,
  total_trades: 41,
  limits_status: null,
  as_of: AS_OF,
});

export const holdings = [
  makeHolding(),
  makeHolding({
    symbol: 'INFY',
    name: 'Infosys Ltd',
    quantity: 50,
    avg_price: 1_600,
    current_price: 1_520.2,
    market_value: 76_010,
    total_returns: -3_990,
    total_returns_percent: -4.99,
    day_change_percent: -1.1,
  }),
];

export const activity = [
  makeActivityItem({ id: 'fill-2' }),
  makeActivityItem({
    id: 'fill-1',
    action: 'Sold',
    symbol: 'HDFCBANK',
    quantity: 25,
    price: 1_700,
    value: 42_500,
    timestamp: '2026-11-20T07:45:00.000Z',
    time_ago: '2 hours ago',
  }),
];

export const marketOverview = makeMarketOverview({ as_of: AS_OF });

const marketStatus = makeMarketStatus('OPEN', {
  now_ist: '2026-11-20T15:15:00+05:30',
  next_open: '2026-11-20T03:45:00.000Z',
  next_close: '2026-11-20T10:00:00.000Z',
});

export function tradingMode(mode: 'live' | 'paper') {
  return makeTradingMode(mode, { updated_at: AS_OF, message: `${TRADING_MODE_LABELS[mode]} active` });
}

/** A token status; `hours` sets hours_remaining and an expiry that far from AS_OF. */
export const tokenStatus = (state: TokenStatus['state'], hours: number | null = null) =>
  makeTokenStatus(state, hours, AS_OF);

/**
 * The metrics of a fresh install, as the server answers them while the first model is trained: no
 * model, no decision, no trade, so no health score and no figure (each with its reason).
 */
export function freshInstallMlMetrics() {
  return makeMlIntelligenceMetrics({
    system_health: {
      overall_health: null,
      learning_health: null,
      model_health: null,
      data_health: 1,
      engine_health: 1,
      critical_alerts: 0,
      emergency_alerts: 0,
      health_trend: 'stable',
      monitoring_active: true,
    },
    decision_quality: {
      average_quality_score: null,
      approval_rates: { approved: null },
      quality_trend: 'stable',
      missing: {
        average_quality_score: 'No automated entry has been made yet.',
        approved: 'The automation has not decided on any signal yet.',
      },
    },
    learning_metrics: { learning_active: true, recent_learning_events: 0 },
    performance_trends: {
      win_rate: null,
      average_return: null,
      sharpe_ratio: null,
      missing: {
        win_rate: 'No trade has closed yet.',
        average_return: 'No automated entry has an outcome yet.',
        sharpe_ratio: 'Not enough daily history yet: it needs a few days of returns.',
      },
    },
    shortcomings_analysis: { recommendations: [] },
    model: {
      state: 'training',
      version: null,
      trained_at: null,
      last_full_training_at: null,
      training: {
        started_at: '2026-11-20T09:44:00.000Z',
        reason: 'no model yet',
        progress: 0.4,
        ready_at_estimate: '2026-11-20T09:46:30.000Z',
      },
      last_failure: null,
      next_pass_at: '2026-11-20T10:44:00.000Z',
    },
    as_of: AS_OF,
  });
}

export function mlMetrics(overallHealth = 0.83, learningActive = true) {
  return makeMlIntelligenceMetrics({
    system_health: {
      overall_health: overallHealth,
      learning_health: 0.71,
      model_health: 0.9,
      critical_alerts: 0,
      emergency_alerts: 0,
      health_trend: 'improving',
      monitoring_active: true,
    },
    decision_quality: {
      average_quality_score: 0.66,
      approval_rates: { approved: 0.58 },
      quality_trend: 'stable',
      missing: {},
    },
    learning_metrics: { learning_active: learningActive, recent_learning_events: 12 },
    performance_trends: { win_rate: 61.5, average_return: 0.8, sharpe_ratio: 1.42, missing: {} },
    shortcomings_analysis: {
      recommendations: [
        { title: 'Widen the training window', description: 'More history', priority: 'medium' },
      ],
    },
    as_of: AS_OF,
  });
}

const sentiment = makeMarketSentiment({ as_of: AS_OF });

export const engines = makeEnginesStatus();

const news = makeNews();

const NOT_CONNECTED = (service: string) => `${service} is not connected on this server.`;

/** 503 with the server's sentence, as every not-yet-running domain answers today. */
export function notConnected(service: string) {
  return () => HttpResponse.json(errorBody(NOT_CONNECTED(service)), { status: 503 });
}

/** Every call the Dashboard makes, answered with data. */
export function connectedDashboardHandlers(options: { token?: TokenStatus; mode?: 'live' | 'paper' } = {}) {
  return [
    mockRoute(contract.portfolio.overview, ok(portfolioOverview)),
    mockRoute(contract.portfolio.holdings, ok(holdings)),
    mockRoute(contract.portfolio.activity, ok(activity)),
    mockRoute(contract.market.overview, ok(marketOverview)),
    mockRoute(contract.market.status, marketStatus),
    mockRoute(contract.trading.getMode, tradingMode(options.mode ?? 'paper')),
    // Real trading would be taken: the check before the confirmation passes.
    mockRoute(contract.trading.checkMode, () => makeTradingModeCheck()),
    mockRoute(contract.broker.tokenStatus, options.token ?? tokenStatus('valid', 10)),
    mockRoute(contract.ml.intelligenceMetrics, ok(mlMetrics())),
    mockRoute(contract.ml.marketSentiment, sentiment),
    mockRoute(contract.ml.enginesStatus, engines),
    mockRoute(contract.ml.news, news),
  ];
}

/**
 * A server without the portfolio, market data, broker or ML services: trading mode and market
 * status answer; everything else is not connected (503).
 */
export function disconnectedDashboardHandlers() {
  return [
    mockRouteError(contract.portfolio.overview, 503, NOT_CONNECTED('The portfolio service')),
    mockRouteError(contract.portfolio.holdings, 503, NOT_CONNECTED('The portfolio service')),
    mockRouteError(contract.portfolio.activity, 503, NOT_CONNECTED('The portfolio service')),
    mockRouteError(contract.market.overview, 503, NOT_CONNECTED('The market data service')),
    mockRoute(contract.market.status, marketStatus),
    mockRoute(contract.trading.getMode, tradingMode('paper')),
    mockRouteError(contract.broker.tokenStatus, 503, NOT_CONNECTED('The broker connection')),
    mockRouteError(contract.ml.intelligenceMetrics, 503, NOT_CONNECTED('The ML intelligence service')),
    mockRouteError(contract.ml.marketSentiment, 503, NOT_CONNECTED('The ML intelligence service')),
    mockRouteError(contract.ml.enginesStatus, 503, NOT_CONNECTED('The ML intelligence service')),
    mockRouteError(contract.ml.news, 503, NOT_CONNECTED('The news service')),
  ];
}

/** The preview of BUY 10 RELIANCE at market (charges worked out in the contract's factory). */
export const orderPreview = makeOrderPreview;

/** The order the server answers for `request`, filled at `price` (or left open). */
export const placedOrder = (
  request: PlaceOrderRequest,
  status: Order['status'] = 'filled',
  price = 2_456.75,
) => makePlacedOrder(request, status, price, AS_OF);

/** A price tick `seconds` after AS_OF (newer than the fixtures' server figures). */
export function tickAt(symbol: string, ltp: number, previousClose: number, seconds = 1): StreamTick {
  const change = ltp - previousClose;
  return {
    symbol,
    ltp,
    previous_close: previousClose,
    change,
    change_percent: (change / previousClose) * 100,
    volume: 0,
    ts: Date.parse(AS_OF) + seconds * 1000,
  };
}
