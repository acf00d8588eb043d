/** ML Intelligence (specification part 2, ML Intelligence; sections 4, 7 and 9). */
import { Box, Button, Icon, Tabs } from '@nivesh/ui/chakra';
import { LuRefreshCw } from 'react-icons/lu';
import { PageHeader, PageLoading, QueryNotice } from '@nivesh/ui';
import { AnalyticsTab } from './AnalyticsTab';
import { EnhancementsTab } from './EnhancementsTab';
import { OverviewTab } from './OverviewTab';
import { useMlIntelligenceData } from './useMlIntelligenceData';

export default function MlIntelligencePage() {
  const ml = useMlIntelligenceData();
  if (ml.loading) return <PageLoading label="Loading ML Intelligence Data..." />;
  return (
    <Box>
      <PageHeader
        title="ML Intelligence System"
        subtitle="Advanced AI learning, memory, and decision-making analytics"
        actions={
          <Button size="sm" variant="outline" onClick={() => void ml.refresh()} disabled={ml.refreshing}>
            <Icon animation={ml.refreshing ? 'spin' : undefined} data-spinning={ml.refreshing || undefined}>
              <LuRefreshCw />
            </Icon>
            Refresh
          </Button>
        }
      />
      {ml.stale && <QueryNotice view={ml.stale} unavailableTitle="ML metrics unavailable" />}
      <Tabs.Root defaultValue="overview" lazyMount unmountOnExit variant="line" colorPalette="brand">
        <Tabs.List mb="6" overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="overview">System Overview</Tabs.Trigger>
          <Tabs.Trigger value="enhancements">ML Enhancements</Tabs.Trigger>
          <Tabs.Trigger value="analytics">ML Analytics (Live Data)</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab overview={ml.overview} />
        </Tabs.Content>
        <Tabs.Content value="enhancements">
          <EnhancementsTab enhancements={ml.enhancements} model={ml.overview.metrics.data?.model} />
        </Tabs.Content>
        <Tabs.Content value="analytics">
          <AnalyticsTab analytics={ml.analytics} />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
