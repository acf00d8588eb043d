/** Errors a handler throws to answer with a status other than 200. */
import { apiError, type ErrorStatus } from '@nivesh/api-contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: ErrorStatus,
    message: string,
    /** Extra fields of the error body (for example `setup_required`). */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers (for example Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body() {
    return apiError(this.message, this.extra);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required. Please sign in.') =>
  new HttpError(401, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);
