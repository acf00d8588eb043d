/** The broker: token status and update, connection, credentials. */
import { contract, type BrokerName, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs, type RequestOf } from '../request';

const r = contract.broker;

export const brokerApi = api.injectEndpoints({
  endpoints: (build) => ({
    tokenStatus: build.query<ResponseOf<typeof r.tokenStatus>, BrokerName>({
      query: (broker) => toFetchArgs(r.tokenStatus, { params: { broker } }),
      responseSchema: r.tokenStatus.responses[200],
      providesTags: ['Broker'],
    }),
    updateToken: build.mutation<ResponseOf<typeof r.tokenUpdate>, RequestOf<typeof r.tokenUpdate>>({
      query: (request) => toFetchArgs(r.tokenUpdate, request),
      responseSchema: r.tokenUpdate.responses[200],
      invalidatesTags: ['Broker', 'Portfolio'],
    }),
    brokerStatus: build.query<ResponseOf<typeof r.status>, BrokerName>({
      query: (broker) => toFetchArgs(r.status, { params: { broker } }),
      responseSchema: r.status.responses[200],
      providesTags: ['Broker'],
    }),
    connectBroker: build.mutation<ResponseOf<typeof r.connect>, RequestOf<typeof r.connect>>({
      query: (request) => toFetchArgs(r.connect, request),
      responseSchema: r.connect.responses[200],
    }),
    brokerCredentials: build.query<ResponseOf<typeof r.getCredentials>, BrokerName>({
      query: (broker) => toFetchArgs(r.getCredentials, { params: { broker } }),
      responseSchema: r.getCredentials.responses[200],
      providesTags: ['Broker'],
    }),
    saveBrokerCredentials: build.mutation<
      ResponseOf<typeof r.saveCredentials>,
      RequestOf<typeof r.saveCredentials>
    >({
      query: (request) => toFetchArgs(r.saveCredentials, request),
      responseSchema: r.saveCredentials.responses[200],
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
export function useTokenStatusQuery(broker: BrokerName, options: { skip?: boolean } = {}) {
  return brokerApi.endpoints.tokenStatus.useQuery(broker, { ...pollingFor(r.tokenStatus), ...options });
}
