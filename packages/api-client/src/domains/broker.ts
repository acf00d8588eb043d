/** The broker: token status and update, connection, credentials. */
import { contract, type BrokerName } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.broker;

/** The broker's calls take the broker's name as their argument. */
const byBroker = (broker: BrokerName) => ({ params: { broker } });

export const brokerApi = api.injectEndpoints({
  endpoints: (build) => ({
    tokenStatus: build.query({
      ...fromRoute(r.tokenStatus, byBroker),
      providesTags: ['Broker'],
    }),
    updateToken: build.mutation({
      ...fromRoute(r.tokenUpdate),
      invalidatesTags: ['Broker', 'Portfolio'],
    }),
    brokerStatus: build.query({
      ...fromRoute(r.status, byBroker),
      providesTags: ['Broker'],
    }),
    connectBroker: build.mutation(fromRoute(r.connect)),
    brokerCredentials: build.query({
      ...fromRoute(r.getCredentials, byBroker),
      providesTags: ['Broker'],
    }),
    saveBrokerCredentials: build.mutation({
      ...fromRoute(r.saveCredentials),
      invalidatesTags: ['Broker'],
    }),
  }),
});

export const {
  useUpdateTokenMutation,
  useBrokerStatusQuery,
  useConnectBrokerMutation,
  useBrokerCredentialsQuery,
  useSaveBrokerCredentialsMutation,
} = brokerApi;

/** Token status, polled every 60 s (specification part 1, section 7). */
export const useTokenStatusQuery = polledQueryHook(brokerApi.endpoints.tokenStatus, r.tokenStatus);
