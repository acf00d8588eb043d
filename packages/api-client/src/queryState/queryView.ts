/**
 * The one query-state rule every page follows. A call that has answered once keeps its last good
 * answer after a failed refetch: the figures stay on screen, marked stale with their age (RTK
 * Query keeps `currentData` and `fulfilledTimeStamp` from the last success, and keeps `error` set
 * through a refetch until one succeeds). Without any answer a call is loading, unavailable (no
 * answer, or the service says it is not connected: 503) or in error. A page's connection status
 * comes from the views of exactly the calls it shows.
 */
import type { QueryNoticeView, QueryState, ServiceStatus } from '@nivesh/ui';
import { errorMessage, isDisconnected, type ApiCallError } from '../errors';

/** The parts of an RTK Query hook result the rule reads. */
export interface QueryResultLike<T> {
  /** The last good answer for the current arguments (kept through failed refetches). */
  currentData?: T;
  /** Set by a failed call, and kept through later refetches until one succeeds. */
  error?: ApiCallError;
  /** When the last good answer arrived (ms since the epoch). */
  fulfilledTimeStamp?: number;
  isFetching?: boolean;
}

/** How a call failed: no answer or not connected (503), or any other failure. */
export type QueryFailure = 'unavailable' | 'error';

export interface QueryView<T> extends QueryNoticeView {
  state: QueryState;
  /** The last good answer: fresh when `ready`, kept when `stale`, undefined otherwise. */
  data: T | undefined;
  /** When `data` arrived (ms since the epoch). */
  updatedAt: number | undefined;
  /** How the latest call failed; undefined when it did not (or has not finished yet). */
  failure: QueryFailure | undefined;
  /** The server's sentence for the failure, else the fallback; undefined when nothing failed. */
  failureText: string | undefined;
  error: ApiCallError;
  /** A call is on its way (first load or refetch). */
  fetching: boolean;
}

const DEFAULT_FAILURE_TEXT = 'The server did not answer.';

/** The view of one call. `fallback` is the sentence when the server did not give one. */
export function queryView<T>(
  query: QueryResultLike<T>,
  fallback: string = DEFAULT_FAILURE_TEXT,
): QueryView<T> {
  const { currentData: data, error } = query;
  const failure: QueryFailure | undefined =
    error === undefined ? undefined : isDisconnected(error) ? 'unavailable' : 'error';
  const state: QueryState = data !== undefined ? (failure ? 'stale' : 'ready') : (failure ?? 'loading');
  return {
    state,
    data,
    updatedAt: data === undefined ? undefined : query.fulfilledTimeStamp,
    failure,
    failureText: failure ? errorMessage(error, fallback) : undefined,
    error,
    fetching: query.isFetching ?? false,
  };
}

/**
 * A page's service status from the views of the calls it shows. connected: every call answered
 * last time; checking: nothing failed, some still loading; warning: some answered, some failed
 * (a stale call counts as failed); disconnected: every failed call is not connected or got no
 * answer, and none answered; error: none answered and some failed another way.
 */
export function combinedStatus(
  views: ReadonlyArray<Pick<QueryView<unknown>, 'state' | 'failure'>>,
): ServiceStatus {
  const failed = views.filter((view) => view.failure !== undefined);
  const answered = views.filter((view) => view.state === 'ready');
  if (failed.length === 0) return answered.length === views.length ? 'connected' : 'checking';
  if (answered.length > 0) return 'warning';
  return failed.every((view) => view.failure === 'unavailable') ? 'disconnected' : 'error';
}

/**
 * One stale notice for a block fed by several calls: undefined when none is stale, else the age of
 * the oldest kept answer and the first failure's sentence.
 */
export function staleSummary(
  views: ReadonlyArray<Pick<QueryView<unknown>, 'state' | 'updatedAt' | 'failureText'>>,
): QueryNoticeView | undefined {
  const stale = views.filter((view) => view.state === 'stale');
  if (stale.length === 0) return undefined;
  const times = stale.flatMap((view) => (view.updatedAt === undefined ? [] : [view.updatedAt]));
  return {
    state: 'stale',
    updatedAt: times.length > 0 ? Math.min(...times) : undefined,
    failureText: stale.find((view) => view.failureText)?.failureText,
  };
}

/** The same view over a part of the answer, e.g. its `data` field. */
export function selectView<A, T>(view: QueryView<A>, select: (answer: A) => T): QueryView<T> {
  return { ...view, data: view.data === undefined ? undefined : select(view.data) };
}
