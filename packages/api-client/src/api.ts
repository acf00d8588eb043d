/**
 * The one RTK Query api. Each domain file injects its endpoints (`api.injectEndpoints`) built from
 * @nivesh/api-contract, so paths, methods and answer shapes are never written twice.
 *
 * Settings from the specification: data stays cached 5 minutes, no refetch on window focus,
 * queries retry once (network failures and server faults only; a 4xx or a 503 "not connected" is
 * an answer, not a glitch), mutations never retry.
 */
import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { sessionExpired } from './session/sessionSlice';

export const CACHE_SECONDS = 300;
export const QUERY_RETRIES = 1;

interface StateWithSession {
  session?: { sessionToken: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithSession).session?.sessionToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

function isRetryable(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500 && error.status !== 503;
}

const PUBLIC_AUTH_PATHS = [
  '/api/auth/login',
  '/api/auth/request-password-setup',
  '/api/auth/set-password',
  '/api/auth/config',
];

/** A 401 from any call that needs a session means the session is gone: sign out everywhere. */
const baseQueryWithSession: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && !PUBLIC_AUTH_PATHS.some((path) => url.startsWith(path))) {
    const hadSession = Boolean((api.getState() as StateWithSession).session?.sessionToken);
    if (hadSession) api.dispatch(sessionExpired());
  }
  return result;
};

const baseQuery = retry(baseQueryWithSession, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) => {
    if (baseQueryApi.type === 'mutation' || attempt > QUERY_RETRIES) return false;
    return isRetryable(error as FetchBaseQueryError);
  },
});

/** The base query every endpoint of `api` runs through (for typing hooks built on its endpoints). */
export type ApiBaseQuery = typeof baseQuery;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: CACHE_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: true,
  tagTypes: [
    'Session',
    'TradingMode',
    // Every figure of the account the trading mode selects (paper or live): refetched on a switch.
    'Account',
    'MarketStatus',
    'Portfolio',
    'PaperAccount',
    // The automation's status, runs and decisions.
    'Automation',
    'Trades',
    'Orders',
    'Risk',
    'Allocation',
    'Broker',
    'DataSources',
    'Research',
    'Performance',
    // Backtest runs: their list, progress and results.
    'Backtests',
    'Ml',
    'Ops',
    'Releases',
    // The notification delivery log (a test message adds to it).
    'Notifications',
  ],
  endpoints: () => ({}),
  // An answer that does not match the contract is reported as an error, not shown as data.
  catchSchemaFailure: (error) => ({
    status: 'CUSTOM_ERROR' as const,
    error: 'The server answered in an unexpected shape',
    data: error.issues,
  }),
  onSchemaFailure: (error, info) => {
    console.error(`Answer of ${info.endpoint} does not match the contract`, error.issues);
  },
});
