/**
 * Daily investment allocation: settings, the AI's recommendation, the daily amount, save; and the
 * automated execution's status, switch and decisions.
 */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.allocation;

export const allocationApi = api.injectEndpoints({
  endpoints: (build) => ({
    allocationSettings: build.query({
      ...fromRoute(r.settings),
      providesTags: ['Allocation'],
    }),
    aiAllocationRecommendation: build.query({
      ...fromRoute(r.aiRecommendation),
      providesTags: ['Allocation'],
    }),
    dailyAmount: build.query({
      ...fromRoute(r.dailyAmount),
      providesTags: ['Allocation'],
    }),
    setDailyAmount: build.mutation({
      ...fromRoute(r.setDailyAmount),
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
    saveAllocationSettings: build.mutation({
      ...fromRoute(r.save),
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
    automationStatus: build.query({
      ...fromRoute(r.automation),
      providesTags: ['Automation', 'Account'],
    }),
    setAutomation: build.mutation({
      ...fromRoute(r.setAutomation),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            allocationApi.util.upsertQueryData('automationStatus', undefined, {
              success: true,
              data: data.data,
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    decisions: build.query({
      ...fromRoute(r.decisions),
      providesTags: ['Automation', 'Account'],
    }),
  }),
});

/** Whether automation is on, its next and last run: polled (the route's interval) by the shell and the page. */
export const useAutomationStatusQuery = polledQueryHook(
  allocationApi.endpoints.automationStatus,
  r.automation,
);

export const {
  useAllocationSettingsQuery,
  useAiAllocationRecommendationQuery,
  useDailyAmountQuery,
  useSetDailyAmountMutation,
  useSaveAllocationSettingsMutation,
  useSetAutomationMutation,
  useDecisionsQuery,
} = allocationApi;
