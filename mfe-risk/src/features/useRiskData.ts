/**
 * The risk page's four reads (metrics, positions, alerts, limits; each polled every 30 s by its
 * hook), each as its query view (the one rule of @nivesh/api-client: a failed refresh keeps the last
 * figures, marked stale), and what follows from them: the connection state and one error per
 * failing call.
 */
import {
  queryView,
  staleSummary,
  useRiskAlertsQuery,
  useRiskLimitsQuery,
  useRiskMetricsQuery,
  useRiskPositionsQuery,
  type QueryView,
} from '@nivesh/api-client';
import { LOAD_ERRORS, RISK_TEXT, type RiskCall } from './riskText';

export type RiskConnection = 'connected' | 'connecting' | 'disconnected';

export interface CallFailure {
  call: RiskCall;
  /** Which figures are missing, e.g. 'Risk metrics could not be loaded.' */
  text: string;
  /** What the server said, or a generic reason. */
  detail: string;
}

type RiskViews = Partial<Record<RiskCall, QueryView<unknown>>>;

/** Still waiting for a first answer, or asking again after one failed without data (a skeleton). */
export function isWaiting(view: QueryView<unknown>): boolean {
  return view.data === undefined && (view.state === 'loading' || view.fetching);
}

/**
 * The risk page's three connection words (specification part 2, section 4) from the calls' views:
 * connecting while a first answer, or a retry after a failure, is on its way; disconnected when any
 * call's latest answer failed; connected otherwise.
 */
export function connectionOf(views: ReadonlyArray<QueryView<unknown>>): RiskConnection {
  if (views.some((view) => view.state === 'loading' || (view.failure && view.fetching))) return 'connecting';
  return views.some((view) => view.failure) ? 'disconnected' : 'connected';
}

/** One line per call whose latest answer failed (and is not being asked again). */
export function failuresOf(views: RiskViews): CallFailure[] {
  return (Object.entries(views) as Array<[RiskCall, QueryView<unknown>]>)
    .filter(([, view]) => view.failure && !view.fetching)
    .map(([call, view]) => ({
      call,
      text: LOAD_ERRORS[call],
      detail: view.failureText ?? RISK_TEXT.noAnswer,
    }));
}

export function useRiskData() {
  const metricsQuery = useRiskMetricsQuery();
  const positionsQuery = useRiskPositionsQuery();
  const alertsQuery = useRiskAlertsQuery();
  const limitsQuery = useRiskLimitsQuery();
  const metrics = queryView(metricsQuery, RISK_TEXT.noAnswer);
  const positions = queryView(positionsQuery, RISK_TEXT.noAnswer);
  const alerts = queryView(alertsQuery, RISK_TEXT.noAnswer);
  const limits = queryView(limitsQuery, RISK_TEXT.noAnswer);
  const all = [metrics, positions, alerts, limits];

  return {
    metrics,
    positions,
    alerts,
    limits,
    connection: connectionOf(all),
    failures: failuresOf({ metrics, positions, alerts, limits }),
    /** Figures kept from earlier answers after a failed refresh: the oldest one's age. */
    stale: staleSummary(all),
    /** Ask every call again (the banner's Retry). */
    retry: () => {
      void metricsQuery.refetch();
      void positionsQuery.refetch();
      void alertsQuery.refetch();
      void limitsQuery.refetch();
    },
  };
}
