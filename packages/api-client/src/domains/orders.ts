/**
 * Orders: place, preview (estimated price, charges and the limit check, before submitting), list
 * and cancel. Placing or cancelling an order changes cash, holdings, trades and the paper account's
 * limit checks, so both invalidate every cached figure that depends on them.
 */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.orders;

/** What a fill (or a cancelled reservation) changes. */
const AFTER_ORDER = ['Portfolio', 'Trades', 'PaperAccount', 'Orders'] as const;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation({
      ...fromRoute(r.place),
      // A refused order (422) wrote nothing; a broker failure may have recorded a rejected order.
      invalidatesTags: (result) => (result ? [...AFTER_ORDER] : ['Orders']),
    }),
    /**
     * A POST that changes nothing, so it is a query: the answer is cached per order and a newer
     * preview replaces an older one. Prices move, so an estimate is dropped as soon as no ticket
     * shows it, and the latest fill makes every estimate stale (its balance and limits changed).
     */
    previewOrder: build.query({
      ...fromRoute(r.preview),
      keepUnusedDataFor: 0,
      providesTags: ['Orders', 'PaperAccount', 'Account'],
    }),
    orders: build.query({
      ...fromRoute(r.list),
      providesTags: ['Orders', 'Account'],
    }),
    cancelOrder: build.mutation({
      ...fromRoute(r.cancel),
      // Cancelling releases reserved cash (a resting buy) or shares (a resting sell).
      invalidatesTags: (result) => (result ? [...AFTER_ORDER] : ['Orders']),
    }),
  }),
});

export const { usePlaceOrderMutation, usePreviewOrderQuery, useOrdersQuery, useCancelOrderMutation } =
  ordersApi;

/** The open orders (limit orders waiting for their price, or orders placed while the market was shut). */
export const useOpenOrdersQuery = polledQueryHook(ordersApi.endpoints.orders, r.list, {
  query: { status: 'open' },
});
