/**
 * Notices shared by the risk pages: per-call failures, cached-data warning, a retryable error block,
 * and the settings forms' not-loaded state and save outcome.
 */
import type { ReactNode } from 'react';
import { Alert, Button, List, Stack, Text } from '@nivesh/ui/chakra';
import { errorMessage, type ApiCallError } from '@nivesh/api-client';
import { StaleNotice, Unavailable, type QueryNoticeView } from '@nivesh/ui';
import type { CallFailure } from './useRiskData';
import { RISK_TEXT } from './riskText';
import type { SaveOutcome } from './useSaveOutcome';

/** One line per failing call: which figures are missing, and why. */
export function LoadFailures({ failures }: { failures: CallFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <Alert.Root status="error" rounded="l3" mb="6" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <List.Root gap="1" ps="0" listStyle="none" aria-label="Risk data errors">
          {failures.map((failure) => (
            <List.Item key={failure.call}>
              <Text as="span" fontWeight="semibold">
                {failure.text}
              </Text>{' '}
              <Text as="span" color="fg.muted">
                {failure.detail}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Shown only when figures on screen come from an earlier fetch because the latest one failed: the
 * specification's words, and the shared stale line with the age of the oldest kept figures.
 */
export function CachedDataNotice({ stale }: { stale: QueryNoticeView | undefined }) {
  if (!stale) return null;
  return (
    <Alert.Root status="warning" rounded="l3" mb="6" alignItems="flex-start" role="status">
      <Alert.Indicator />
      <Stack gap="1">
        <Alert.Title>{RISK_TEXT.cachedTitle}</Alert.Title>
        <Alert.Description>
          <Text as="span">{RISK_TEXT.cachedBody}</Text>
          <StaleNotice updatedAt={stale.updatedAt} />
        </Alert.Description>
      </Stack>
    </Alert.Root>
  );
}

/** A block whose data could not be loaded: the sentence, the server's reason and Retry. */
function LoadError({ title, detail, onRetry }: { title: string; detail: string; onRetry: () => void }) {
  return (
    <Unavailable title={title}>
      <Stack as="span" gap="3" align="center">
        <span>{detail}</span>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Unavailable>
  );
}

/** A settings form whose stored values have not arrived: why (with Retry), or `skeleton` while they load. */
export function SettingsNotLoaded({
  query,
  errorTitle,
  loadingLabel,
  skeleton,
}: {
  query: { error?: ApiCallError; isFetching: boolean; refetch: () => unknown };
  errorTitle: string;
  loadingLabel: string;
  skeleton: ReactNode;
}) {
  if (query.error !== undefined && !query.isFetching) {
    return (
      <LoadError
        title={errorTitle}
        detail={errorMessage(query.error, RISK_TEXT.noAnswer)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Stack gap="3" aria-busy="true" aria-label={loadingLabel}>
      {skeleton}
    </Stack>
  );
}

/** The last save's outcome: a failure is announced at once, a success politely. */
export function SaveOutcomeAlert({ outcome }: { outcome: SaveOutcome | null }) {
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.status} rounded="l2" role={outcome.status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{outcome.text}</Alert.Title>
    </Alert.Root>
  );
}
