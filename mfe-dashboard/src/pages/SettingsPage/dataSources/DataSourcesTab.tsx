/**
 * The Data Sources tab (specification part 2): the broker integration, then every data source,
 * by default only the enabled or connected ones; Refresh All checks each enabled source from the
 * server; Add Data Source opens the add dialog.
 */
import { useState } from 'react';
import { Button, Flex, HStack, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { LuEye, LuEyeOff, LuPlus, LuRefreshCw } from 'react-icons/lu';
import type { DataSourceEntry } from '@nivesh/api-contract';
import {
  combinedStatus,
  queryView,
  useDataSourcesQuery,
  useRefreshDataSourceMutation,
} from '@nivesh/api-client';
import { Panel, QueryNotice, ServiceStatusBadge, Unavailable } from '@nivesh/ui';
import { BrokerIntegrationCard } from './BrokerIntegrationCard';
import { DataSourceCard } from './DataSourceCard';
import { DataSourceFormDialog } from './DataSourceFormDialog';
import { DATA_SOURCE_TEXTS, isActive } from './dataSourceDisplay';

export function DataSourcesTab() {
  const query = useDataSourcesQuery();
  const [refreshSource] = useRefreshDataSourceMutation();
  const [showAll, setShowAll] = useState(false);
  const [refreshingAll, setRefreshingAll] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; editing: DataSourceEntry | null }>({
    open: false,
    editing: null,
  });

  // A failed list load is disconnected, whatever the failure (part 2, section 4). Without an
  // earlier list it is empty; after one, that list stays, marked stale.
  const view = queryView(query, 'The data sources service did not answer.');
  const sources = view.data?.sources ?? [];
  const status = view.failure ? 'disconnected' : combinedStatus([view]);
  const shown = showAll ? sources : sources.filter(isActive);

  async function refreshAll() {
    setRefreshingAll(true);
    try {
      const listed = await query.refetch();
      const enabled = listed.data?.sources.filter((source) => source.enabled) ?? [];
      await Promise.all(enabled.map((source) => refreshSource({ params: { id: source.id } })));
    } finally {
      setRefreshingAll(false);
    }
  }

  return (
    <Stack gap="5">
      <BrokerIntegrationCard onTokenSaved={() => void query.refetch()} />

      <Panel
        title="Data sources"
        subtitle={view.data ? `Showing ${shown.length} of ${sources.length} sources` : undefined}
        actions={<ServiceStatusBadge status={status} />}
      >
        <Stack gap="4">
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setShowAll((all) => !all)}>
              {showAll ? <LuEyeOff /> : <LuEye />} {showAll ? 'Show Active Only' : 'Show All APIs'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={refreshAll}
              loading={refreshingAll || query.isFetching}
            >
              <LuRefreshCw /> Refresh All
            </Button>
            <Button size="sm" colorPalette="brand" onClick={() => setDialog({ open: true, editing: null })}>
              <LuPlus /> Add Data Source
            </Button>
          </Flex>

          <QueryNotice
            view={view}
            unavailableTitle="Data sources not connected"
            errorTitle={DATA_SOURCE_TEXTS.fetchFailed}
          />
          {view.state === 'unavailable' || view.state === 'error' ? null : view.state === 'loading' ? (
            <Unavailable title="Loading data sources..." />
          ) : shown.length === 0 ? (
            <Unavailable title={sources.length === 0 ? 'No data sources yet' : 'No active data sources'}>
              {sources.length === 0
                ? 'Add one with Add Data Source.'
                : 'Show All APIs lists the ones switched off.'}
            </Unavailable>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
              {shown.map((source) => (
                <DataSourceCard
                  key={source.id}
                  source={source}
                  onEdit={(editing) => setDialog({ open: true, editing })}
                />
              ))}
            </SimpleGrid>
          )}
          {view.data && !showAll && sources.length > shown.length && (
            <HStack>
              <Text textStyle="xs" color="fg.muted">
                {sources.length - shown.length} inactive{' '}
                {sources.length - shown.length === 1 ? 'source is' : 'sources are'} hidden.
              </Text>
            </HStack>
          )}
        </Stack>
      </Panel>

      <DataSourceFormDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </Stack>
  );
}
