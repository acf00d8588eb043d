/** Operator settings: notification preferences, a test message per channel, the delivery log. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute } from '../request';

const r = contract.settings;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationSettings: build.query(fromRoute(r.notifications)),
    saveNotificationSettings: build.mutation({
      ...fromRoute(r.saveNotifications),
      // The answer is the saved state: write it into the cache.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            settingsApi.util.upsertQueryData('notificationSettings', undefined, {
              success: true,
              data: data.data,
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    notificationDeliveries: build.query({
      ...fromRoute(r.notificationDeliveries),
      providesTags: ['Notifications'],
    }),
    // A test message is logged: the delivery log is read again.
    testNotification: build.mutation({
      ...fromRoute(r.testNotification),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const {
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useNotificationDeliveriesQuery,
  useTestNotificationMutation,
} = settingsApi;
