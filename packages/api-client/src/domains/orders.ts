/**
 * Orders: place, preview (estimated price, charges and the limit check, before submitting), list
 * and cancel. Placing or cancelling an order changes cash, holdings, trades and the paper account's
 * limit checks, so both invalidate every cached figure that depends on them.
 */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs, type RequestOf } from '../request';

const r = contract.orders;

/** What a fill (or a cancelled reservation) changes. */
const AFTER_ORDER = ['Portfolio', 'Trades', 'PaperAccount', 'Orders'] as const;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<ResponseOf<typeof r.place>, RequestOf<typeof r.place>>({
      query: (request) => toFetchArgs(r.place, request),
      responseSchema: r.place.responses[200],
      // A refused order (422) wrote nothing; a broker failure may have recorded a rejected order.
      invalidatesTags: (result) => (result ? [...AFTER_ORDER] : ['Orders']),
    }),
    /**
     * A POST that changes nothing, so it is a query: the answer is cached per order and a newer
     * preview replaces an older one. Prices move, so an estimate is dropped as soon as no ticket
     * shows it, and the latest fill makes every estimate stale (its balance and limits changed).
     */
    previewOrder: build.query<ResponseOf<typeof r.preview>, RequestOf<typeof r.preview>>({
      query: (request) => toFetchArgs(r.preview, request),
      responseSchema: r.preview.responses[200],
      keepUnusedDataFor: 0,
      providesTags: ['Orders', 'PaperAccount', 'Account'],
    }),
    orders: build.query<ResponseOf<typeof r.list>, RequestOf<typeof r.list>>({
      query: (request) => toFetchArgs(r.list, request),
      responseSchema: r.list.responses[200],
      providesTags: ['Orders', 'Account'],
    }),
    cancelOrder: build.mutation<ResponseOf<typeof r.cancel>, RequestOf<typeof r.cancel>>({
      query: (request) => toFetchArgs(r.cancel, request),
      responseSchema: r.cancel.responses[200],
      // Cancelling releases reserved cash (a resting buy) or shares (a resting sell).
      invalidatesTags: (result) => (result ? [...AFTER_ORDER] : ['Orders']),
    }),
  }),
});

export const { usePlaceOrderMutation, usePreviewOrderQuery, useOrdersQuery, useCancelOrderMutation } =
  ordersApi;

/** The open orders (limit orders waiting for their price, or orders placed while the market was shut). */
export function useOpenOrdersQuery(options: { skip?: boolean } = {}) {
  return ordersApi.endpoints.orders.useQuery(
    { query: { status: 'open' } },
    { ...pollingFor(r.list), ...options },
  );
}
