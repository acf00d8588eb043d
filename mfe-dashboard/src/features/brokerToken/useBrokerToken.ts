/**
 * The broker access token for a page: its status (polled every 60 s by the api client) and an
 * update that reports its outcome in the specification's words. Used by the Dashboard's token
 * panel and the Settings broker card.
 */
import { useCallback } from 'react';
import type { BrokerName, TokenStatus } from '@nivesh/api-contract';
import {
  isNetworkError,
  queryView,
  serverMessage,
  useTokenStatusQuery,
  useUpdateTokenMutation,
} from '@nivesh/api-client';
import type { QueryState } from '@nivesh/ui';
import { tokenNeedsUpdate } from './tokenState';

export interface BrokerToken {
  broker: BrokerName;
  /** loading, ready, stale (kept after a failed refetch), unavailable (not connected / unreachable) or error. */
  load: QueryState;
  /** The last status the server gave (kept, marked stale, when a refetch fails). */
  status: TokenStatus | undefined;
  /** When `status` arrived (ms since the epoch). */
  updatedAt: number | undefined;
  /** The server's sentence when the status call failed. */
  errorText: string | undefined;
  /** Expired, invalid or missing: live data cannot flow until the token is replaced. */
  needsUpdate: boolean;
  isFetching: boolean;
  refetch: () => void;
}

export function useBrokerToken(broker: BrokerName = 'upstox'): BrokerToken {
  const query = useTokenStatusQuery(broker);
  const view = queryView(query, 'The broker service did not answer.');
  const status = view.data;
  return {
    broker,
    load: view.state,
    status,
    updatedAt: view.updatedAt,
    errorText: view.failureText,
    needsUpdate: status ? tokenNeedsUpdate(status.state) : false,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}

/** The outcome of an update, with the sentence to show (the editor adds ✓ or ✗). */
export type TokenUpdateOutcome =
  { ok: true; message: string; status: TokenStatus } | { ok: false; message: string };

const TOKEN_UPDATE_NETWORK_ERROR = 'Error updating token. Please try again.';

/** Sends a token (trimmed; the caller has checked it is not blank) and words the outcome. */
export function useUpdateBrokerToken(broker: BrokerName = 'upstox') {
  const [updateToken, { isLoading }] = useUpdateTokenMutation();
  const submit = useCallback(
    async (accessToken: string, clientId?: string): Promise<TokenUpdateOutcome> => {
      const body = { access_token: accessToken.trim(), ...(clientId ? { client_id: clientId } : {}) };
      const result = await updateToken({ params: { broker }, body });
      if ('data' in result && result.data) {
        return { ok: true, message: result.data.message, status: result.data.status };
      }
      const error = 'error' in result ? result.error : undefined;
      const reason = serverMessage(error);
      if (reason) return { ok: false, message: `Failed to update token: ${reason}` };
      if (isNetworkError(error)) return { ok: false, message: TOKEN_UPDATE_NETWORK_ERROR };
      return { ok: false, message: 'Failed to update token. Please try again.' };
    },
    [broker, updateToken],
  );
  return { submit, isSaving: isLoading };
}
