/**
 * The Releases tab: for each page-group remote, its stable release and canary with their failure
 * figures, the rollout actions, and the history of every change (who, when). Polled every 30 s
 * while open (the contract route's interval), so an automatic rollback shows up by itself.
 */
import { HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';
import { errorMessage, isDisconnected, useReleasesListQuery } from '@nivesh/api-client';
import { ConnectionBanner, formatIstTime, Panel, Unavailable } from '@nivesh/ui';
import { readyData } from '../../../features/queryState/loadState';
import { RemoteReleaseCard } from './RemoteReleaseCard';
import { policySentence } from './releaseDisplay';

export function ReleasesTab() {
  const query = useReleasesListQuery();
  // A failed refresh hides the previous answer: a rollout state that could not be confirmed is not shown as current.
  const data = readyData(query)?.data;

  return (
    <Stack gap="5">
      {query.isError && (
        <ConnectionBanner
          status={isDisconnected(query.error) ? 'warning' : 'error'}
          title={
            isDisconnected(query.error) ? 'Release registry not connected' : 'Releases could not be loaded'
          }
          description={errorMessage(query.error, 'The server did not answer.')}
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
        ) : query.isError ? (
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
