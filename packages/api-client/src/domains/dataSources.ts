/** Data sources: list, switch on/off, validate, add, edit and a server-side check. */
import { contract, type DataSourceEntry, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs, type RequestOf } from '../request';

const r = contract.dataSources;

/**
 * A switched source's status (specification part 2, section 4): on, an 'available' source becomes
 * 'connected' and any other status is kept; off, it is 'disabled'.
 */
export function statusAfterToggle(source: DataSourceEntry, enabled: boolean): DataSourceEntry['status'] {
  if (!enabled) return 'disabled';
  return source.status === 'available' ? 'connected' : source.status;
}

export const dataSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    dataSources: build.query<ResponseOf<typeof r.list>, void>({
      query: () => toFetchArgs(r.list, undefined),
      responseSchema: r.list.responses[200],
      providesTags: ['DataSources'],
    }),
    toggleDataSource: build.mutation<ResponseOf<typeof r.toggle>, RequestOf<typeof r.toggle>>({
      query: (request) => toFetchArgs(r.toggle, request),
      responseSchema: r.toggle.responses[200],
      // The local change applies only once the server has accepted it.
      async onQueryStarted({ params, body }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          dataSourcesApi.util.updateQueryData('dataSources', undefined, (draft) => {
            const source = draft.sources.find((candidate) => candidate.id === params.id);
            if (!source) return;
            source.status = statusAfterToggle(source, body.enabled);
            source.enabled = body.enabled;
          }),
        );
      },
    }),
    validateDataSource: build.mutation<ResponseOf<typeof r.validate>, RequestOf<typeof r.validate>>({
      query: (request) => toFetchArgs(r.validate, request),
      responseSchema: r.validate.responses[200],
    }),
    addDataSource: build.mutation<ResponseOf<typeof r.add>, RequestOf<typeof r.add>>({
      query: (request) => toFetchArgs(r.add, request),
      responseSchema: r.add.responses[200],
      // Appended at once, then the list is reloaded from the server.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            dataSourcesApi.util.updateQueryData('dataSources', undefined, (draft) => {
              draft.sources.push(data);
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (result) => (result ? ['DataSources'] : []),
    }),
    updateDataSource: build.mutation<ResponseOf<typeof r.update>, RequestOf<typeof r.update>>({
      query: (request) => toFetchArgs(r.update, request),
      responseSchema: r.update.responses[200],
      invalidatesTags: (result) => (result ? ['DataSources'] : []),
    }),
    refreshDataSource: build.mutation<ResponseOf<typeof r.refresh>, RequestOf<typeof r.refresh>>({
      query: (request) => toFetchArgs(r.refresh, request),
      responseSchema: r.refresh.responses[200],
      // The answer is the source with its fresh status: replace it in the list.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            dataSourcesApi.util.updateQueryData('dataSources', undefined, (draft) => {
              const index = draft.sources.findIndex((candidate) => candidate.id === data.id);
              if (index >= 0) draft.sources[index] = data;
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const {
  useDataSourcesQuery,
  useToggleDataSourceMutation,
  useValidateDataSourceMutation,
  useAddDataSourceMutation,
  useUpdateDataSourceMutation,
  useRefreshDataSourceMutation,
} = dataSourcesApi;
