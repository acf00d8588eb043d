/**
 * @nivesh/api-client: the RTK Query api (one createApi, endpoints injected per domain from the
 * contract), the store's root reducer, the session, and error helpers. A shared singleton.
 */
export { api, CACHE_SECONDS, QUERY_RETRIES } from './api';
export { fromRoute, polledQueryHook, toFetchArgs, type PolledQueryOptions, type RequestOf } from './request';
export * from './errors';
export * from './queryState';
export * from './store';
export * from './hooks';
export * from './session/sessionSlice';
export * from './session/thunks';
export * from './domains/auth';
export * from './domains/system';
export * from './domains/portfolio';
export * from './domains/ml';
export * from './domains/risk';
export * from './domains/performance';
export * from './domains/backtests';
export * from './domains/research';
export * from './domains/allocation';
export * from './domains/broker';
export * from './domains/dataSources';
export * from './domains/trading';
export * from './domains/orders';
export * from './domains/ops';
export * from './domains/management';
export * from './domains/remotes';
export * from './domains/settings';
export * from './tradingMode/useTradingModeSwitch';
export * from './livePortfolio/valuation';
export * from './livePortfolio/useLivePortfolio';
export * from './stream';
export * from './remoteModules';
export { skipToken } from '@reduxjs/toolkit/query/react';
