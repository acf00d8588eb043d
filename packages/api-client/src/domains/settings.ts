/** Operator settings: notification preferences. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs, type RequestOf } from '../request';

const r = contract.settings;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationSettings: build.query<ResponseOf<typeof r.notifications>, void>({
      query: () => toFetchArgs(r.notifications, undefined),
      responseSchema: r.notifications.responses[200],
    }),
    saveNotificationSettings: build.mutation<
      ResponseOf<typeof r.saveNotifications>,
      RequestOf<typeof r.saveNotifications>
    >({
      query: (request) => toFetchArgs(r.saveNotifications, request),
      responseSchema: r.saveNotifications.responses[200],
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
  }),
});

export const { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } = settingsApi;
