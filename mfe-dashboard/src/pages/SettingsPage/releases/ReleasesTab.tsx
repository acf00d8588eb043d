/**
 * The Releases tab: for each page-group remote, its stable release and canary with their failure
 * figures, the rollout actions, and the history of every change (who, when). Polled every 30 s
 * while open (the contract route's interval), so an automatic rollback shows up by itself.
 */
import { HStack, Icon, Stack, Text } from '@nivesh/ui/chakra';
import { LuShieldCheck } from 'react-icons/lu';
import { queryView, useReleasesListQuery } from '@nivesh/api-client';
import { ConnectionBanner, formatIstTime, Panel, Unavailable } from '@nivesh/ui';
import { RemoteReleaseCard } from './RemoteReleaseCard';
import { policySentence } from './releaseDisplay';

export function ReleasesTab() {
  const query = useReleasesListQuery();
  const view = queryView(query);
  // The one exception to keeping stale figures: the rollout actions act on this state, so a state
  // that could not be confirmed is not shown at all.
  const data = view.state === 'ready' ? view.data?.data : undefined;

  return (
    <Stack gap="5">
      {view.failure && (
        <ConnectionBanner
          status={view.failure === 'unavailable' ? 'warning' : 'error'}
          title={
            view.failure === 'unavailable' ? 'Release registry not connected' : 'Releases could not be loaded'
          }
          description={view.failureText}
          onRetry={() => void query.refetch()}
        />
      )}

      <Panel
        title="Releases"
        subtitle="Which release of each page group browsers load, canaries and their failures, and every change with who made it and when."
        actions={
          query.fulfilledTimeStamp && data ? (
            <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
              Checked {formatIstTime(new Date(query.fulfilledTimeStamp))}
            </Text>
          ) : undefined
        }
      >
        {data ? (
          <HStack gap="2" align="flex-start" color="fg.muted">
            <Icon as={LuShieldCheck} boxSize="4" mt="0.5" flexShrink="0" />
            <Text textStyle="sm">{policySentence(data.policy)}</Text>
          </HStack>
        ) : view.failure ? (
          <Unavailable title="Releases not shown">
            The rollout state could not be read, so no action can be taken here until it is.
          </Unavailable>
        ) : (
          <Unavailable title="Loading releases..." />
        )}
      </Panel>

      {data?.remotes.map((remote) => (
        <RemoteReleaseCard key={remote.name} remote={remote} policy={data.policy} />
      ))}
    </Stack>
  );
}
