/** POST /api/stream/ticket: the single-use ticket that opens the price stream. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute } from '../request';

const r = contract.stream;

export const streamApi = api.injectEndpoints({
  endpoints: (build) => ({
    streamTicket: build.mutation(fromRoute(r.ticket)),
  }),
});
