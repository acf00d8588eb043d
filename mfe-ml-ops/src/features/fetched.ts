/** One call's state for a card: its data, or why there is none. */
import type { ApiCallError } from '@nivesh/api-client';

export interface Fetched<T> {
  /** The answer's data; undefined while loading and whenever the latest call failed. */
  data: T | undefined;
  error: ApiCallError;
  loading: boolean;
}

interface QueryState<T> {
  data?: { data: T };
  error?: ApiCallError;
  isLoading: boolean;
}

/**
 * A query result as a card needs it. After a failed re-fetch the last answer is dropped: a card
 * shows "not available" rather than figures that may no longer be true.
 */
export function fetched<T>(result: QueryState<T>): Fetched<T> {
  return {
    data: result.error ? undefined : result.data?.data,
    error: result.error,
    loading: result.isLoading,
  };
}
