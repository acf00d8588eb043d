/**
 * What a block of a page shows for one api call. A failed latest call wins over data an earlier
 * call brought: a figure that could not be refreshed is not presented as current.
 */
import { errorMessage, isDisconnected, type ApiCallError } from '@nivesh/api-client';

/** `unavailable`: no answer, or the service says it is not connected (503); `error`: any other failure. */
export type LoadState = 'loading' | 'ready' | 'unavailable' | 'error';

export interface QueryLike {
  data?: unknown;
  isError: boolean;
  error?: ApiCallError;
}

export function loadState(query: QueryLike): LoadState {
  if (query.isError) return isDisconnected(query.error) ? 'unavailable' : 'error';
  return query.data === undefined ? 'loading' : 'ready';
}

/** The data of a call whose latest answer succeeded, else undefined. */
export function readyData<T>(query: { data?: T; isError: boolean }): T | undefined {
  return query.isError ? undefined : query.data;
}

/** The server's sentence for a failed call, or `fallback`. */
export function failureText(query: QueryLike, fallback: string): string | undefined {
  return query.isError ? errorMessage(query.error, fallback) : undefined;
}
