/**
 * Server answers for this remote's tests, typed with the contract (the api client also validates
 * them against its schemas, so a fixture that drifts from the contract fails the test loudly).
 * Test-only: imported by *.test.tsx files, never by a page.
 */
import type {
  ActivityItem,
  contract,
  Holding,
  MarketOverview,
  MarketStatusResponse,
  MlIntelligenceMetrics,
  Order,
  OrderPreview,
  PlaceOrderRequest,
  PortfolioOverview,
  ResponseOf,
  StreamTick,
  TokenStatus,
  TradingModeResponse,
} from '@nivesh/api-contract';
import { errorBody, http, HttpResponse } from '@nivesh/api-client/testing';

export const AS_OF = '2026-11-20T09:45:00.000Z';

export const portfolioOverview: PortfolioOverview = {
  portfolio_value: 1_234_567.89,
  total_value: 1_234_567.89,
  invested_value: 734_567.89,
  available_balance: 500_000,
  day_change: -2_345.5,
  day_change_percent: -0.19,
  active_positions: 7,
  total_returns: 234_567.89,
  total_returns_percent: 23.46,
  unrealized_pnl: 34_567.89,
  realized_pnl: 200_000,
  trades_today: 3,
  total_trades: 41,
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
  data_source: 'simulated',
  limits_status: null,
  as_of: AS_OF,
};

export const holdings: Holding[] = [
  {
    symbol: 'RELIANCE',
    name: 'Reliance Industries Ltd',
    quantity: 1_200,
    avg_price: 2_400.5,
    current_price: 2_456.75,
    market_value: 2_948_100,
    total_returns: 67_500,
    total_returns_percent: 2.34,
    day_change_percent: 0.4,
    product: 'CNC',
  },
  {
    symbol: 'INFY',
    name: 'Infosys Ltd',
    quantity: 50,
    avg_price: 1_600,
    current_price: 1_520.2,
    market_value: 76_010,
    total_returns: -3_990,
    total_returns_percent: -4.99,
    day_change_percent: -1.1,
    product: 'CNC',
  },
];

export const activity: ActivityItem[] = [
  {
    id: 'fill-2',
    action: 'Bought',
    symbol: 'TCS',
    quantity: 10,
    price: 3_850.25,
    value: 38_502.5,
    timestamp: '2026-11-20T09:40:00.000Z',
    time_ago: '5 minutes ago',
  },
  {
    id: 'fill-1',
    action: 'Sold',
    symbol: 'HDFCBANK',
    quantity: 25,
    price: 1_700,
    value: 42_500,
    timestamp: '2026-11-20T07:45:00.000Z',
    time_ago: '2 hours ago',
  },
];

export const marketOverview: MarketOverview = {
  indices: {
    NIFTY_50: {
      name: 'NIFTY 50',
      exchange: 'NSE',
      value: 24_350.5,
      previous_close: 24_200,
      change: 150.5,
      change_percent: 0.6219,
    },
    SENSEX: {
      name: 'SENSEX',
      exchange: 'BSE',
      value: 80_100.25,
      previous_close: 80_400,
      change: -299.75,
      change_percent: -0.3728,
    },
    BANK_NIFTY: {
      name: 'Bank NIFTY',
      exchange: 'NSE',
      value: 52_000,
      previous_close: 51_480,
      change: 520,
      change_percent: 1.0101,
    },
  },
  data_source: 'simulated',
  as_of: AS_OF,
};

export const marketStatus: MarketStatusResponse = {
  success: true,
  exchange: 'NSE',
  status: 'OPEN',
  is_open: true,
  closed_reason: null,
  holiday_name: null,
  is_trading_day: true,
  now_ist: '2026-11-20T15:15:00+05:30',
  next_open: '2026-11-20T03:45:00.000Z',
  next_close: '2026-11-20T10:00:00.000Z',
  holidays_known: true,
};

export function tradingMode(mode: 'live' | 'paper'): TradingModeResponse {
  const label = mode === 'live' ? 'Live Trading' : 'Paper Trading';
  return {
    success: true,
    mode,
    trading_mode: mode,
    trading_mode_label: label,
    current_mode: mode,
    current_mode_label: label,
    updated_at: AS_OF,
    message: `${label} active`,
  };
}

/** A token status; `hours` sets hours_remaining and an expiry that far from AS_OF. */
export function tokenStatus(state: TokenStatus['state'], hours: number | null = null): TokenStatus {
  const expiresAt = hours === null ? null : new Date(Date.parse(AS_OF) + hours * 3_600_000).toISOString();
  return {
    success: true,
    broker: 'upstox',
    state,
    is_expired: state === 'expired',
    hours_remaining: hours,
    expires_at: expiresAt,
    updated_at: state === 'missing' ? null : '2026-11-19T22:30:00.000Z',
    message: `Token ${state}`,
  };
}

export function mlMetrics(overallHealth = 0.83, learningActive = true): MlIntelligenceMetrics {
  return {
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
    },
    learning_metrics: { learning_active: learningActive, recent_learning_events: 12 },
    performance_trends: { win_rate: 61.5, average_return: 0.8, sharpe_ratio: 1.42 },
    shortcomings_analysis: {
      recommendations: [
        { title: 'Widen the training window', description: 'More history', priority: 'medium' },
      ],
    },
    as_of: AS_OF,
  };
}

export const sentiment: ResponseOf<typeof contract.ml.marketSentiment> = {
  success: true,
  sentiment: {
    overall: { score: 0.42, confidence: 0.73, label: 'Positive' },
    sources: { news: { count: 128 } },
  },
  as_of: AS_OF,
};

export const engines: ResponseOf<typeof contract.ml.enginesStatus> = {
  success: true,
  data: {
    engines_active: 3,
    total_engines: 3,
    synchronized: true,
    trading_mode: 'paper',
    engines: [
      { name: 'Signal engine', status: 'running', last_heartbeat: AS_OF },
      { name: 'Sentiment engine', status: 'running', last_heartbeat: AS_OF },
      { name: 'Risk engine', status: 'idle', last_heartbeat: null },
    ],
  },
};

const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;

export const news: ResponseOf<typeof contract.ml.news> = {
  success: true,
  data: {
    headlines: Array.from({ length: 7 }, (_, index) => ({
      title: `Headline ${index + 1}`,
      summary: `Summary of story ${index + 1}`,
      sentiment: SENTIMENTS[index % 3] ?? 'neutral',
      source: 'Wire',
      url: null,
      symbols: [],
      timestamp: AS_OF,
    })),
    themes: Array.from({ length: 10 }, (_, index) => ({ theme: `Theme ${index + 1}`, count: 10 - index })),
  },
};

export const NOT_CONNECTED = (service: string) => `${service} is not connected on this server.`;

/** 503 with the server's sentence, as every not-yet-running domain answers today. */
export function notConnected(service: string) {
  return () => HttpResponse.json(errorBody(NOT_CONNECTED(service)), { status: 503 });
}

/** Every call the Dashboard makes, answered with data. */
export function connectedDashboardHandlers(options: { token?: TokenStatus; mode?: 'live' | 'paper' } = {}) {
  return [
    http.get('/api/portfolio/overview', () => HttpResponse.json({ success: true, data: portfolioOverview })),
    http.get('/api/portfolio/holdings', () => HttpResponse.json({ success: true, data: holdings })),
    http.get('/api/portfolio/activity', () => HttpResponse.json({ success: true, data: activity })),
    http.get('/api/market/overview', () => HttpResponse.json({ success: true, data: marketOverview })),
    http.get('/api/market/status', () => HttpResponse.json(marketStatus)),
    http.get('/api/trading/mode', () => HttpResponse.json(tradingMode(options.mode ?? 'paper'))),
    http.get('/api/upstox/token/status', () => HttpResponse.json(options.token ?? tokenStatus('valid', 10))),
    http.get('/api/ml/intelligence-metrics', () => HttpResponse.json({ success: true, data: mlMetrics() })),
    http.get('/api/ml/sentiment/market', () => HttpResponse.json(sentiment)),
    http.get('/api/engines/status', () => HttpResponse.json(engines)),
    http.get('/api/news', () => HttpResponse.json(news)),
  ];
}

/**
 * A server without the portfolio, market data, broker or ML services: trading mode and market
 * status answer; everything else is not connected (503).
 */
export function disconnectedDashboardHandlers() {
  return [
    http.get('/api/portfolio/overview', notConnected('The portfolio service')),
    http.get('/api/portfolio/holdings', notConnected('The portfolio service')),
    http.get('/api/portfolio/activity', notConnected('The portfolio service')),
    http.get('/api/market/overview', notConnected('The market data service')),
    http.get('/api/market/status', () => HttpResponse.json(marketStatus)),
    http.get('/api/trading/mode', () => HttpResponse.json(tradingMode('paper'))),
    http.get('/api/upstox/token/status', notConnected('The broker connection')),
    http.get('/api/ml/intelligence-metrics', notConnected('The ML intelligence service')),
    http.get('/api/ml/sentiment/market', notConnected('The ML intelligence service')),
    http.get('/api/engines/status', notConnected('The ML intelligence service')),
    http.get('/api/news', notConnected('The news service')),
  ];
}

/**
 * The preview of BUY 10 RELIANCE at market, delivery, as the paper engine would estimate it at
 * ₹2,456.75: value ₹24,567.50; brokerage ₹20; STT 0.1% = ₹24.57, rounded to ₹25; exchange
 * 0.00297% = ₹0.73; SEBI ₹10 per crore = ₹0.02; stamp 0.015% = ₹3.69, rounded to ₹4; GST 18% of
 * (20 + 0.73 + 0.02) = ₹3.74; no DP charge on a buy. Total ₹53.49; cash it takes ₹24,620.99.
 */
export function orderPreview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    symbol: 'RELIANCE',
    name: 'Reliance Industries Ltd',
    estimated_price: 2_456.75,
    order_value: 24_567.5,
    charges: {
      brokerage: 20,
      stt: 25,
      exchange_charge: 0.73,
      sebi_fee: 0.02,
      stamp_duty: 4,
      gst: 3.74,
      dp_charge: 0,
      total: 53.49,
    },
    net_amount: 24_620.99,
    available_balance: 500_000,
    rejection: null,
    market_open: true,
    ...overrides,
  };
}

/** The order the server answers for `request`, filled at `price` (or left open). */
export function placedOrder(
  request: PlaceOrderRequest,
  status: Order['status'] = 'filled',
  price = 2_456.75,
): Order {
  return {
    order_id: 'ord-1',
    account: 'paper',
    symbol: request.symbol.toUpperCase(),
    side: request.side,
    quantity: request.quantity,
    filled_quantity: status === 'filled' ? request.quantity : 0,
    order_type: request.order_type,
    limit_price: request.limit_price ?? null,
    product: request.product,
    status,
    average_price: status === 'filled' ? price : null,
    charges: status === 'filled' ? orderPreview().charges : null,
    status_message: null,
    broker_order_id: null,
    strategy: 'Manual',
    placed_at: AS_OF,
    updated_at: AS_OF,
    filled_at: status === 'filled' ? AS_OF : null,
  };
}

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
