/** Daily investment allocation: settings, the AI's recommendation, the daily amount, save. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs, type RequestOf } from '../request';

const r = contract.allocation;

export const allocationApi = api.injectEndpoints({
  endpoints: (build) => ({
    allocationSettings: build.query<ResponseOf<typeof r.settings>, void>({
      query: () => toFetchArgs(r.settings, undefined),
      responseSchema: r.settings.responses[200],
      providesTags: ['Allocation'],
    }),
    aiAllocationRecommendation: build.query<ResponseOf<typeof r.aiRecommendation>, void>({
      query: () => toFetchArgs(r.aiRecommendation, undefined),
      responseSchema: r.aiRecommendation.responses[200],
      providesTags: ['Allocation'],
    }),
    dailyAmount: build.query<ResponseOf<typeof r.dailyAmount>, void>({
      query: () => toFetchArgs(r.dailyAmount, undefined),
      responseSchema: r.dailyAmount.responses[200],
      providesTags: ['Allocation'],
    }),
    setDailyAmount: build.mutation<ResponseOf<typeof r.setDailyAmount>, RequestOf<typeof r.setDailyAmount>>({
      query: (request) => toFetchArgs(r.setDailyAmount, request),
      responseSchema: r.setDailyAmount.responses[200],
      // The answer carries the new figures: write them into the cache instead of fetching again.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            allocationApi.util.upsertQueryData('dailyAmount', undefined, { success: true, data: data.data }),
          );
          dispatch(
            allocationApi.util.updateQueryData('allocationSettings', undefined, (draft) => {
              draft.data.daily_amount = data.data.daily_amount;
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    saveAllocationSettings: build.mutation<ResponseOf<typeof r.save>, RequestOf<typeof r.save>>({
      query: (request) => toFetchArgs(r.save, request),
      responseSchema: r.save.responses[200],
      // The answer is the saved settings: show them at once, then refresh the strategy figures.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            allocationApi.util.upsertQueryData('allocationSettings', undefined, {
              success: true,
              data: data.data,
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (result) => (result ? ['Allocation'] : []),
    }),
  }),
});

export const {
  useAllocationSettingsQuery,
  useAiAllocationRecommendationQuery,
  useDailyAmountQuery,
  useSetDailyAmountMutation,
  useSaveAllocationSettingsMutation,
} = allocationApi;
