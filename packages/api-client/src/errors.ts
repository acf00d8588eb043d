/** Reading errors of api calls: the sentence to show, and whether the service is unreachable. */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export type ApiCallError = FetchBaseQueryError | SerializedError | undefined;

export function httpStatus(error: ApiCallError): number | string | undefined {
  return error && 'status' in error ? error.status : undefined;
}

/** A failure to reach the server at all (no answer). */
export function isNetworkError(error: ApiCallError): boolean {
  const status = httpStatus(error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/** The server is unreachable, or answers that this service is not connected (503). */
export function isDisconnected(error: ApiCallError): boolean {
  return isNetworkError(error) || httpStatus(error) === 503;
}

/** The server's own sentence (`message`, else `error`) when it sent one. */
export function serverMessage(error: ApiCallError): string | undefined {
  if (!error || !('status' in error)) return undefined;
  const data = error.data as { message?: unknown; error?: unknown } | undefined;
  if (data && typeof data === 'object') {
    if (typeof data.message === 'string' && data.message) return data.message;
    if (typeof data.error === 'string' && data.error) return data.error;
  }
  return undefined;
}

/** The sentence to show for a failed call: the server's, else `fallback`. */
export function errorMessage(error: ApiCallError, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
