/**
 * The risk page's four reads (metrics, positions, alerts, limits; each polled every 30 s by its
 * hook) and what follows from them: the connection state, one error per failing call, and whether
 * figures on screen are cached from an earlier fetch.
 */
import {
  errorMessage,
  useRiskAlertsQuery,
  useRiskLimitsQuery,
  useRiskMetricsQuery,
  useRiskPositionsQuery,
  type ApiCallError,
} from '@nivesh/api-client';
import { LOAD_ERRORS, type RiskCall } from './riskText';

export type RiskConnection = 'connected' | 'connecting' | 'disconnected';

/** The parts of a query result this page reads. */
export interface QueryView {
  data?: unknown;
  error?: ApiCallError;
  isLoading: boolean;
  isFetching: boolean;
  isUninitialized: boolean;
  fulfilledTimeStamp?: number;
}

export interface CallFailure {
  call: RiskCall;
  /** Which figures are missing, e.g. 'Risk metrics could not be loaded.' */
  text: string;
  /** What the server said, or a generic reason. */
  detail: string;
}

/** Cached figures on screen after a failed refresh, and the time of the oldest of them. */
export interface StaleData {
  calls: RiskCall[];
  fetchedAt: number;
}

/** RTK Query keeps `error` through a refetch until it succeeds: a fetch after a failure is "connecting". */
function isConnecting(query: QueryView): boolean {
  return query.isUninitialized || query.isLoading || (query.isFetching && query.error !== undefined);
}

function hasFailed(query: QueryView): boolean {
  return query.error !== undefined && !query.isFetching;
}

export function connectionOf(queries: readonly QueryView[]): RiskConnection {
  if (queries.some(isConnecting)) return 'connecting';
  if (queries.some((query) => query.error !== undefined)) return 'disconnected';
  return 'connected';
}

export function failuresOf(queries: Partial<Record<RiskCall, QueryView>>): CallFailure[] {
  return (Object.entries(queries) as Array<[RiskCall, QueryView]>)
    .filter(([, query]) => hasFailed(query))
    .map(([call, query]) => ({
      call,
      text: LOAD_ERRORS[call],
      detail: errorMessage(query.error, 'The risk management system did not answer.'),
    }));
}

export function staleOf(queries: Partial<Record<RiskCall, QueryView>>): StaleData | null {
  const stale = (Object.entries(queries) as Array<[RiskCall, QueryView]>).filter(
    ([, query]) =>
      query.error !== undefined && query.data !== undefined && query.fulfilledTimeStamp !== undefined,
  );
  if (stale.length === 0) return null;
  return {
    calls: stale.map(([call]) => call),
    fetchedAt: Math.min(...stale.map(([, query]) => query.fulfilledTimeStamp ?? Date.now())),
  };
}

export function useRiskData() {
  const metrics = useRiskMetricsQuery();
  const positions = useRiskPositionsQuery();
  const alerts = useRiskAlertsQuery();
  const limits = useRiskLimitsQuery();
  const byCall = { metrics, positions, alerts, limits };
  const all = [metrics, positions, alerts, limits];

  return {
    metrics,
    positions,
    alerts,
    limits,
    connection: connectionOf(all),
    failures: failuresOf(byCall),
    stale: staleOf(byCall),
    /** Ask every call again (the banner's Retry). */
    retry: () => {
      void metrics.refetch();
      void positions.refetch();
      void alerts.refetch();
      void limits.refetch();
    },
  };
}

export type RiskData = ReturnType<typeof useRiskData>;
