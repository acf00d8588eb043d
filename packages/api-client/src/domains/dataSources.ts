/** Data sources: list, switch on/off, validate, add, edit and a server-side check. */
import { contract, type DataSourceEntry } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute } from '../request';

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
    dataSources: build.query({
      ...fromRoute(r.list),
      providesTags: ['DataSources'],
    }),
    toggleDataSource: build.mutation({
      ...fromRoute(r.toggle),
      // The local change applies only once the server has accepted it; the list is then reloaded,
      // since the server knows better (a source switched on without its token is not connected).
      invalidatesTags: (result) => (result ? ['DataSources'] : []),
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
    validateDataSource: build.mutation(fromRoute(r.validate)),
    addDataSource: build.mutation({
      ...fromRoute(r.add),
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
    updateDataSource: build.mutation({
      ...fromRoute(r.update),
      invalidatesTags: (result) => (result ? ['DataSources'] : []),
    }),
    refreshDataSource: build.mutation({
      ...fromRoute(r.refresh),
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
