import { useEffect } from 'react';
import { isDisconnected, type ApiCallError } from '@nivesh/api-client';

/**
 * Logs failures of a group of calls that are not the expected "not connected" answer (a 503 or no
 * network): the page shows those as "not available" and says nothing more, as the specification
 * asks, but a server fault or a contract mismatch still leaves a trace for the operator.
 */
export function useLogUnexpectedErrors(context: string, errors: ApiCallError[]) {
  const unexpected = errors.filter((error) => error !== undefined && !isDisconnected(error));
  const first = unexpected[0];
  useEffect(() => {
    if (first) console.error(context, first);
  }, [context, first]);
}
