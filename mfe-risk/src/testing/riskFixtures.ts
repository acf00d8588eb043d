/**
 * Server answers for the risk tests: the contract's risk factories (figures worked out by hand) and
 * handlers for every risk read, connected or not.
 */
import { contract } from '@nivesh/api-contract';
import {
  makeAlertSettings,
  makeMarketStatus,
  makeRiskAlerts,
  makeRiskLimits,
  makeRiskMetrics,
  makeRiskPositions,
  makeTradingState,
  ok,
} from '@nivesh/api-contract/testing';
import { errorBody, HttpResponse, mockRoute, mockRouteError } from '@nivesh/api-client/testing';

export const NOT_CONNECTED = 'The risk management service is not connected on this server.';

export const metrics = makeRiskMetrics();
/** Two low, one medium, one high: 50% / 25% / 25%. */
export const positions = makeRiskPositions();
export const alerts = makeRiskAlerts();
export const limits = makeRiskLimits();
const alertSettings = makeAlertSettings();

export const notConnected = () => HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 });

/** The market status the top bar polls: the simulated market, its newest tick at 10:30:05 IST. */
export const marketStatus = makeMarketStatus('OPEN', {
  feed: { source: 'simulated', connection: 'connected', last_tick_at: '2026-03-02T05:00:05.000Z' },
});
const marketHandler = mockRoute(contract.market.status, marketStatus);

/** Every risk read answering with the fixtures. */
export const connectedHandlers = [
  marketHandler,
  mockRoute(contract.risk.metrics, ok(metrics)),
  mockRoute(contract.risk.positions, ok(positions)),
  mockRoute(contract.risk.alerts, ok(alerts)),
  mockRoute(contract.risk.limits, ok(limits)),
  mockRoute(contract.risk.alertSettings, ok(alertSettings)),
  mockRoute(contract.risk.tradingState, ok(makeTradingState())),
];

/** Every risk read the pages make. */
export const RISK_READS = [
  contract.risk.metrics,
  contract.risk.positions,
  contract.risk.alerts,
  contract.risk.limits,
  contract.risk.alertSettings,
];

/** Every risk read answering 503, as the server does while the risk domain is not running. */
export const offlineHandlers = [
  marketHandler,
  ...[contract.risk.tradingState, ...RISK_READS].map((route) => mockRouteError(route, 503, NOT_CONNECTED)),
];
