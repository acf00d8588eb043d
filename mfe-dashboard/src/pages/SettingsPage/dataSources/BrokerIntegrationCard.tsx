/**
 * The broker integration card of the Data Sources tab (specification part 2, sections 2, 4, 5, 8):
 * the API key masked to its first 8 characters, the access token's state and expiry, a red 'Fix
 * Now' banner when the token is expired, invalid or expiring, the inline token editor, and the
 * credentials dialog.
 */
import { useState } from 'react';
import { Alert, Badge, Box, Button, DataList, Flex, HStack, Stack, Text } from '@nivesh/ui/chakra';
import { LuKeyRound, LuSettings2 } from 'react-icons/lu';
import { maskApiKey, type TokenState } from '@nivesh/api-contract';
import { queryView, useBrokerCredentialsQuery, useBrokerStatusQuery } from '@nivesh/api-client';
import { Panel, StaleNotice } from '@nivesh/ui';
import {
  TOKEN_ACTION_LABELS,
  TokenEditor,
  TokenStatusBadge,
  TokenTiming,
  tokenBanner,
  useBrokerToken,
} from '../../../features/brokerToken';
import { CredentialsDialog } from './CredentialsDialog';
import { onThisTab } from './dataSourceDisplay';

const TOKEN_TEXTS = {
  blank: 'Please enter a valid access token',
  updated: 'Access token updated successfully!',
} as const;

const ACTION_PALETTE: Record<TokenState, string> = {
  missing: 'brand',
  expired: 'red',
  invalid: 'red',
  expiring: 'orange',
  valid: 'brand',
};

export function BrokerIntegrationCard({ onTokenSaved }: { onTokenSaved: () => void }) {
  const token = useBrokerToken('upstox');
  const credentialsQuery = useBrokerCredentialsQuery('upstox');
  const statusQuery = useBrokerStatusQuery('upstox');
  const credentialsView = queryView(credentialsQuery);
  const credentials = credentialsView.data?.credentials;
  const brokerView = queryView(statusQuery, 'The broker service did not answer.');
  const broker = brokerView.data;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [credentialsOpen, setCredentialsOpen] = useState(false);

  const state = token.status?.state;
  const banner = token.status ? tokenBanner(token.status) : null;
  const actionLabel = state ? TOKEN_ACTION_LABELS[state] : TOKEN_ACTION_LABELS.valid;

  function openEditor() {
    setSaved(false);
    setEditing(true);
  }

  return (
    <Panel
      title="Upstox broker integration"
      subtitle="Live market data and order routing"
      actions={
        <Button size="sm" variant="outline" onClick={() => setCredentialsOpen(true)}>
          <LuSettings2 /> Credentials
        </Button>
      }
    >
      <Stack gap="4">
        {banner && !editing && (
          <Alert.Root
            status="error"
            variant="surface"
            rounded="l2"
            alignItems="center"
            data-testid="token-fix-banner"
          >
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{banner.title}</Alert.Title>
              <Alert.Description>{banner.description}</Alert.Description>
            </Alert.Content>
            <Button size="sm" colorPalette="red" onClick={openEditor}>
              Fix Now
            </Button>
          </Alert.Root>
        )}

        <DataList.Root orientation="horizontal" size="sm" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Connection</DataList.ItemLabel>
            <DataList.ItemValue>
              {broker ? (
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette={broker.connected ? 'green' : 'red'}>
                    {broker.connected ? 'Connected' : 'Not connected'}
                  </Badge>
                  <Text textStyle="sm" color="fg.muted">
                    {onThisTab(broker.message)}
                  </Text>
                  {brokerView.state === 'stale' && (
                    <StaleNotice updatedAt={brokerView.updatedAt} detail={brokerView.failureText} />
                  )}
                </HStack>
              ) : brokerView.failureText ? (
                <Text color="fg.muted">{brokerView.failureText}</Text>
              ) : (
                'Checking...'
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>API key</DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono" data-testid="masked-api-key">
              {credentials
                ? credentials.api_key
                  ? maskApiKey(credentials.api_key, '••••••••')
                  : 'Not set'
                : credentialsView.failure
                  ? 'Unavailable'
                  : '...'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Access token</DataList.ItemLabel>
            <DataList.ItemValue>
              <Stack gap="1">
                <HStack gap="2">
                  <TokenStatusBadge state={state} />
                  {token.load === 'unavailable' || token.load === 'error' ? (
                    <Text textStyle="sm" color="fg.muted">
                      {token.errorText}
                    </Text>
                  ) : null}
                </HStack>
                {token.status && <TokenTiming status={token.status} />}
                {token.load === 'stale' && (
                  <StaleNotice updatedAt={token.updatedAt} detail={token.errorText} />
                )}
              </Stack>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>

        {saved && !editing && (
          <Text color="gain" fontWeight="medium" role="status">
            {TOKEN_TEXTS.updated}
          </Text>
        )}

        {editing ? (
          <Box borderWidth="1px" borderColor="border" rounded="l2" p="3">
            <TokenEditor
              broker="upstox"
              submitLabel={state === 'missing' ? 'Add Token' : 'Update Token'}
              emptyMessage={TOKEN_TEXTS.blank}
              disableWhenEmpty
              onCancel={() => setEditing(false)}
              onSaved={() => {
                // The editor closes, the list reloads and the state is recomputed (part 2, section 4).
                setEditing(false);
                setSaved(true);
                onTokenSaved();
              }}
            />
          </Box>
        ) : (
          <Flex>
            <Button
              size="sm"
              colorPalette={state ? ACTION_PALETTE[state] : 'brand'}
              variant={state === 'valid' || !state ? 'outline' : 'solid'}
              onClick={openEditor}
            >
              <LuKeyRound /> {actionLabel}
            </Button>
          </Flex>
        )}
      </Stack>

      <CredentialsDialog
        open={credentialsOpen}
        stored={credentials}
        onClose={() => setCredentialsOpen(false)}
      />
    </Panel>
  );
}
