/**
 * Risk management: metrics, position risk, alerts, limits and alert settings (each polled every
 * 30 s), the trading state (normal / reducing / halted), and the operator's actions (emergency stop
 * and lifting it, dismiss / clear alerts, save settings).
 */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.risk;

const METRICS = { type: 'Risk', id: 'METRICS' } as const;
const POSITIONS = { type: 'Risk', id: 'POSITIONS' } as const;
const ALERTS = { type: 'Risk', id: 'ALERTS' } as const;
const LIMITS = { type: 'Risk', id: 'LIMITS' } as const;
const ALERT_SETTINGS = { type: 'Risk', id: 'ALERT_SETTINGS' } as const;
const TRADING_STATE = { type: 'Risk', id: 'TRADING_STATE' } as const;

export const riskApi = api.injectEndpoints({
  endpoints: (build) => ({
    riskMetrics: build.query({
      ...fromRoute(r.metrics),
      providesTags: [METRICS, 'Account'],
    }),
    riskPositions: build.query({
      ...fromRoute(r.positions),
      providesTags: [POSITIONS, 'Account'],
    }),
    riskAlerts: build.query({
      ...fromRoute(r.alerts),
      providesTags: [ALERTS],
    }),
    riskLimits: build.query({
      ...fromRoute(r.limits),
      providesTags: [LIMITS],
    }),
    // Normal, reducing or halted: any order or price move can cross a loss limit, so it follows the account.
    tradingState: build.query({
      ...fromRoute(r.tradingState),
      providesTags: [TRADING_STATE, 'Account', 'Portfolio'],
    }),
    riskAlertSettings: build.query({
      ...fromRoute(r.alertSettings),
      providesTags: [ALERT_SETTINGS],
    }),
    dismissRiskAlert: build.mutation({
      ...fromRoute(r.dismissAlert),
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
    clearRiskAlerts: build.mutation({
      ...fromRoute(r.clearAlerts),
      invalidatesTags: [ALERTS],
    }),
    updateRiskLimits: build.mutation({
      ...fromRoute(r.updateLimits),
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
    saveRiskAlertSettings: build.mutation({
      ...fromRoute(r.saveAlertSettings),
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
    emergencyStop: build.mutation({
      ...fromRoute(r.emergencyStop),
      // Orders and positions changed: every figure built on them is stale now.
      invalidatesTags: [
        TRADING_STATE,
        METRICS,
        POSITIONS,
        ALERTS,
        LIMITS,
        'Portfolio',
        'PaperAccount',
        'Trades',
        'Orders',
      ],
    }),
    liftEmergencyStop: build.mutation({
      ...fromRoute(r.liftEmergencyStop),
      invalidatesTags: [TRADING_STATE, ALERTS, LIMITS],
    }),
  }),
});

export const {
  useDismissRiskAlertMutation,
  useClearRiskAlertsMutation,
  useUpdateRiskLimitsMutation,
  useSaveRiskAlertSettingsMutation,
  useEmergencyStopMutation,
  useLiftEmergencyStopMutation,
} = riskApi;

const e = riskApi.endpoints;

// Every risk read is polled every 30 s (specification part 1, section 7).
export const useRiskMetricsQuery = polledQueryHook(e.riskMetrics, r.metrics);
export const useRiskPositionsQuery = polledQueryHook(e.riskPositions, r.positions);
export const useRiskAlertsQuery = polledQueryHook(e.riskAlerts, r.alerts);
export const useRiskLimitsQuery = polledQueryHook(e.riskLimits, r.limits);
export const useTradingStateQuery = polledQueryHook(e.tradingState, r.tradingState);
export const useRiskAlertSettingsQuery = polledQueryHook(e.riskAlertSettings, r.alertSettings);
