/** POST /api/stream/ticket: the single-use ticket that opens the price stream. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs } from '../request';

const r = contract.stream;

export const streamApi = api.injectEndpoints({
  endpoints: (build) => ({
    streamTicket: build.mutation<ResponseOf<typeof r.ticket>, void>({
      query: () => toFetchArgs(r.ticket, undefined),
      responseSchema: r.ticket.responses[200],
    }),
  }),
});
