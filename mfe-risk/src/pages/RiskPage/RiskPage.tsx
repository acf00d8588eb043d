/**
 * Risk Management (specification part 2, section 2): connection banner, Emergency Stop All, six
 * metric cards and the overview / positions / limits / alerts tabs. Every figure comes from the
 * risk calls (polled every 30 s); when a call fails the page says which, and shows earlier data
 * only with a notice saying it is cached and from when. The open tab is kept in the address
 * (`?tab=alerts`), so the dashboard can link to the alerts.
 */
import { Badge, Tabs } from '@nivesh/ui/chakra';
import { queryView, useMarketStatusQuery, type QueryView } from '@nivesh/api-client';
import { useTabInAddress } from '@nivesh/api-client/router';
import { RISK_TABS } from '@nivesh/api-contract';
import { ConnectionBanner, formatIstTime, PageHeader } from '@nivesh/ui';
import { standingAlerts } from '../../features/AlertStatusBadge';
import { CachedDataNotice, LoadFailures } from '../../features/RiskNotices';
import { RISK_TEXT } from '../../features/riskText';
import { isWaiting, useRiskData } from '../../features/useRiskData';
import { EmergencyStopActions } from './EmergencyStop';
import { MetricCards } from './MetricCards';
import { AlertsTab } from './tabs/AlertsTab';
import { LimitsTab } from './tabs/LimitsTab';
import { OverviewTab } from './tabs/OverviewTab';
import { PositionsTab } from './tabs/PositionsTab';

function failureDetail(view: QueryView<unknown>): string | null {
  return view.failureText ?? null;
}

export default function RiskPage() {
  const risk = useRiskData();
  // The top bar polls the market status; this page reads the same answer for its data source.
  const market = queryView(useMarketStatusQuery());
  const { metrics, positions, alerts, limits, connection } = risk;
  const metricsData = metrics.data?.data;
  const alertCount = alerts.data ? standingAlerts(alerts.data.data).length : undefined;
  const [tab, openTab] = useTabInAddress(RISK_TABS);

  const firstFailure = risk.failures[0];

  return (
    <>
      <PageHeader
        title="Risk Management"
        subtitle={
          metricsData
            ? `Drawdown, exposure and limits · as of ${formatIstTime(metricsData.as_of)}`
            : 'Drawdown, exposure and limits across your portfolio'
        }
        actions={<EmergencyStopActions />}
      />

      {connection === 'connecting' && (
        <ConnectionBanner
          status="info"
          title={RISK_TEXT.connecting}
          description="Fetching risk metrics, positions, alerts and limits."
          onRetry={risk.retry}
        />
      )}
      {connection === 'disconnected' && (
        <ConnectionBanner
          status="warning"
          title={RISK_TEXT.offline}
          description={firstFailure?.detail ?? 'The risk management system did not answer.'}
          onRetry={risk.retry}
        />
      )}
      <CachedDataNotice stale={risk.stale} />
      <LoadFailures failures={risk.failures} />

      <MetricCards metrics={metricsData} loading={metrics.state === 'loading'} />

      <Tabs.Root value={tab} onValueChange={(details) => openTab(details.value)} variant="line" lazyMount>
        <Tabs.List mb="6" overflowX="auto">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="positions">Positions</Tabs.Trigger>
          <Tabs.Trigger value="limits">Limits</Tabs.Trigger>
          <Tabs.Trigger value="alerts">
            Alerts
            {alertCount !== undefined && alertCount > 0 && (
              <Badge size="sm" colorPalette="orange" ms="1">
                {alertCount}
              </Badge>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab
            metrics={metricsData}
            metricsLoading={isWaiting(metrics)}
            positions={positions.data?.data}
            positionsLoading={isWaiting(positions)}
            connection={connection}
            feed={market.data?.feed}
          />
        </Tabs.Content>
        <Tabs.Content value="positions">
          <PositionsTab
            positions={positions.data?.data}
            loading={isWaiting(positions)}
            errorDetail={failureDetail(positions)}
          />
        </Tabs.Content>
        <Tabs.Content value="limits">
          <LimitsTab
            limits={limits.data?.data}
            loading={isWaiting(limits)}
            errorDetail={failureDetail(limits)}
          />
        </Tabs.Content>
        <Tabs.Content value="alerts">
          <AlertsTab
            alerts={alerts.data?.data}
            loading={isWaiting(alerts)}
            errorDetail={failureDetail(alerts)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
