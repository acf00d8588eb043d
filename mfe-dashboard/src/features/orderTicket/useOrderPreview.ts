/**
 * The server's estimate of the order the fields make (price, value, every charge, net amount, and
 * the refusal a limit would give), asked for once the operator pauses typing.
 */
import { useMemo } from 'react';
import type { OrderPreview, PlaceOrderRequest } from '@nivesh/api-contract';
import { errorMessage, skipToken, usePreviewOrderQuery } from '@nivesh/api-client';
import type { DraftCheck } from './orderForm';
import { useDebouncedValue } from './useDebouncedValue';

/** Quiet time after the last change before the preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 300;

export interface OrderPreviewState {
  /** The latest estimate (possibly of the fields as they were a moment ago: see `current`). */
  preview: OrderPreview | undefined;
  /** The estimate shown is of the fields as they are now, and no newer one is on its way. */
  current: boolean;
  /** An estimate is on its way (or waits for the typing to stop). */
  pending: boolean;
  /** Why the server would not estimate these fields (unknown symbol, service not connected). */
  errorText: string | undefined;
}

export function useOrderPreview(check: DraftCheck): OrderPreviewState {
  const key = check.ok ? JSON.stringify(check.request) : '';
  const settledKey = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const request = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as PlaceOrderRequest) : undefined),
    [settledKey],
  );
  const query = usePreviewOrderQuery(request ? { body: request } : skipToken);
  const settled = key !== '' && key === settledKey;
  const pending = key !== '' && (!settled || query.isFetching);

  return {
    preview: key === '' ? undefined : query.data?.data,
    current: settled && !query.isFetching && !query.isError && query.currentData !== undefined,
    pending,
    errorText:
      settled && !query.isFetching && query.isError
        ? errorMessage(query.error, 'The order could not be estimated.')
        : undefined,
  };
}
