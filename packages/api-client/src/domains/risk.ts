/**
 * Risk management: metrics, position risk, alerts, limits and alert settings (each polled every
 * 30 s), and the operator's actions (emergency stop, dismiss / clear alerts, save settings).
 */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs, type RequestOf } from '../request';

const r = contract.risk;

const METRICS = { type: 'Risk', id: 'METRICS' } as const;
const POSITIONS = { type: 'Risk', id: 'POSITIONS' } as const;
const ALERTS = { type: 'Risk', id: 'ALERTS' } as const;
const LIMITS = { type: 'Risk', id: 'LIMITS' } as const;
const ALERT_SETTINGS = { type: 'Risk', id: 'ALERT_SETTINGS' } as const;

export const riskApi = api.injectEndpoints({
  endpoints: (build) => ({
    riskMetrics: build.query<ResponseOf<typeof r.metrics>, void>({
      query: () => toFetchArgs(r.metrics, undefined),
      responseSchema: r.metrics.responses[200],
      providesTags: [METRICS, 'Account'],
    }),
    riskPositions: build.query<ResponseOf<typeof r.positions>, void>({
      query: () => toFetchArgs(r.positions, undefined),
      responseSchema: r.positions.responses[200],
      providesTags: [POSITIONS, 'Account'],
    }),
    riskAlerts: build.query<ResponseOf<typeof r.alerts>, void>({
      query: () => toFetchArgs(r.alerts, undefined),
      responseSchema: r.alerts.responses[200],
      providesTags: [ALERTS],
    }),
    riskLimits: build.query<ResponseOf<typeof r.limits>, void>({
      query: () => toFetchArgs(r.limits, undefined),
      responseSchema: r.limits.responses[200],
      providesTags: [LIMITS],
    }),
    riskAlertSettings: build.query<ResponseOf<typeof r.alertSettings>, void>({
      query: () => toFetchArgs(r.alertSettings, undefined),
      responseSchema: r.alertSettings.responses[200],
      providesTags: [ALERT_SETTINGS],
    }),
    dismissRiskAlert: build.mutation<ResponseOf<typeof r.dismissAlert>, RequestOf<typeof r.dismissAlert>>({
      query: (request) => toFetchArgs(r.dismissAlert, request),
      responseSchema: r.dismissAlert.responses[200],
      // The server keeps it dismissed; drop it from the cached list instead of fetching again.
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            riskApi.util.updateQueryData('riskAlerts', undefined, (draft) => {
              draft.data = draft.data.filter((alert) => alert.id !== params.id);
            }),
          );
        } catch {
          // The caller shows the failure; the alert stays listed.
        }
      },
    }),
    clearRiskAlerts: build.mutation<ResponseOf<typeof r.clearAlerts>, void>({
      query: () => toFetchArgs(r.clearAlerts, undefined),
      responseSchema: r.clearAlerts.responses[200],
      invalidatesTags: [ALERTS],
    }),
    updateRiskLimits: build.mutation<ResponseOf<typeof r.updateLimits>, RequestOf<typeof r.updateLimits>>({
      query: (request) => toFetchArgs(r.updateLimits, request),
      responseSchema: r.updateLimits.responses[200],
      // The answer is the new state of the limits: write it into the cache.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(riskApi.util.upsertQueryData('riskLimits', undefined, { success: true, data: data.data }));
        } catch {
          // The caller shows the failure; the cached limits stay as they were.
        }
      },
    }),
    saveRiskAlertSettings: build.mutation<
      ResponseOf<typeof r.saveAlertSettings>,
      RequestOf<typeof r.saveAlertSettings>
    >({
      query: (request) => toFetchArgs(r.saveAlertSettings, request),
      responseSchema: r.saveAlertSettings.responses[200],
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            riskApi.util.upsertQueryData('riskAlertSettings', undefined, { success: true, data: data.data }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    emergencyStop: build.mutation<ResponseOf<typeof r.emergencyStop>, RequestOf<typeof r.emergencyStop>>({
      query: (request) => toFetchArgs(r.emergencyStop, request),
      responseSchema: r.emergencyStop.responses[200],
      // Orders and positions changed: every figure built on them is stale now.
      invalidatesTags: [METRICS, POSITIONS, ALERTS, LIMITS, 'Portfolio', 'PaperAccount', 'Trades'],
    }),
  }),
});

export const {
  useDismissRiskAlertMutation,
  useClearRiskAlertsMutation,
  useUpdateRiskLimitsMutation,
  useSaveRiskAlertSettingsMutation,
  useEmergencyStopMutation,
} = riskApi;

type QueryOptions = { skip?: boolean };

/** Risk metrics, polled every 30 s (specification part 1, section 7). */
export function useRiskMetricsQuery(options: QueryOptions = {}) {
  return riskApi.endpoints.riskMetrics.useQuery(undefined, { ...pollingFor(r.metrics), ...options });
}
/** Position risk, polled every 30 s. */
export function useRiskPositionsQuery(options: QueryOptions = {}) {
  return riskApi.endpoints.riskPositions.useQuery(undefined, { ...pollingFor(r.positions), ...options });
}
/** Active risk alerts, polled every 30 s. */
export function useRiskAlertsQuery(options: QueryOptions = {}) {
  return riskApi.endpoints.riskAlerts.useQuery(undefined, { ...pollingFor(r.alerts), ...options });
}
/** Risk limits, polled every 30 s. */
export function useRiskLimitsQuery(options: QueryOptions = {}) {
  return riskApi.endpoints.riskLimits.useQuery(undefined, { ...pollingFor(r.limits), ...options });
}
/** Alert settings, polled every 30 s like every risk read. */
export function useRiskAlertSettingsQuery(options: QueryOptions = {}) {
  return riskApi.endpoints.riskAlertSettings.useQuery(undefined, {
    ...pollingFor(r.alertSettings),
    ...options,
  });
}
