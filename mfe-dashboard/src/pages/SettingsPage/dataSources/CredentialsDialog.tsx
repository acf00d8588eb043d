/**
 * The broker's API credentials (specification part 2, Data Sources tab): API key, secret, access
 * token and redirect URI. 'Save & Connect' stores them, then starts the broker's OAuth sign-in in a
 * new tab.
 */
import { useState } from 'react';
import { Button, Dialog, Field, Input, Link, Stack, Text } from '@nivesh/ui/chakra';
import { LuExternalLink, LuLink } from 'react-icons/lu';
import type { BrokerCredentials } from '@nivesh/api-contract';
import { errorMessage, useConnectBrokerMutation, useSaveBrokerCredentialsMutation } from '@nivesh/api-client';
import { WorkDialog } from '../../../features/layout/WorkDialog';
import { onThisTab } from './dataSourceDisplay';

interface CredentialsFormProps {
  stored: BrokerCredentials | undefined;
  onClose: () => void;
}

function CredentialsForm({ stored, onClose }: CredentialsFormProps) {
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [redirectUri, setRedirectUri] = useState(stored?.redirect_uri ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [authUrl, setAuthUrl] = useState<string | null>(null);
  const [save, saveState] = useSaveBrokerCredentialsMutation();
  const [connect, connectState] = useConnectBrokerMutation();
  const busy = saveState.isLoading || connectState.isLoading;
  const canSave = apiKey.trim() !== '' && apiSecret.trim() !== '' && !busy;

  async function saveAndConnect() {
    setFailure(null);
    const saved = await save({
      params: { broker: 'upstox' },
      body: {
        api_key: apiKey.trim(),
        api_secret: apiSecret.trim(),
        ...(accessToken.trim() ? { access_token: accessToken.trim() } : {}),
        ...(redirectUri.trim() ? { redirect_uri: redirectUri.trim() } : {}),
      },
    });
    if ('error' in saved) {
      setFailure(
        `Failed to save credentials: ${onThisTab(errorMessage(saved.error, 'the server did not answer.'))}`,
      );
      return;
    }
    const started = await connect({ params: { broker: 'upstox' } });
    if ('error' in started) {
      setFailure(
        `Credentials saved, but the sign-in could not start: ${onThisTab(errorMessage(started.error, 'the server did not answer.'))}`,
      );
      return;
    }
    setAuthUrl(started.data.auth_url);
    window.open(started.data.auth_url, '_blank', 'noopener,noreferrer');
  }

  if (authUrl) {
    return (
      <>
        <Dialog.Body>
          <Stack gap="3" role="status">
            <Text fontWeight="medium" color="gain">
              Credentials saved. Sign in to Upstox in the new tab to connect.
            </Text>
            <Text textStyle="sm" color="fg.muted">
              If no tab opened (a pop-up blocker), open the sign-in page here:
            </Text>
            <Link
              href={authUrl}
              target="_blank"
              rel="noopener noreferrer"
              colorPalette="brand"
              fontWeight="medium"
            >
              <LuExternalLink /> Open Upstox sign-in
            </Link>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>Done</Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>
              API key <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              autoComplete="off"
              placeholder={
                stored?.api_key
                  ? `Stored: ${stored.api_key.slice(0, 8)}…`
                  : 'From the Upstox developer console'
              }
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              API secret <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="password"
              value={apiSecret}
              onChange={(event) => setApiSecret(event.target.value)}
              autoComplete="off"
              placeholder={stored?.api_secret_set ? 'A secret is stored; enter it again to replace' : ''}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Access token (optional)</Field.Label>
            <Input
              type="password"
              value={accessToken}
              onChange={(event) => setAccessToken(event.target.value)}
              autoComplete="off"
              fontFamily="mono"
            />
            <Field.HelperText>Usually left blank: the sign-in issues one.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Redirect URI</Field.Label>
            <Input
              type="url"
              value={redirectUri}
              onChange={(event) => setRedirectUri(event.target.value)}
              placeholder="https://your-host/api/upstox/callback"
              fontFamily="mono"
            />
            <Field.HelperText>Must match the redirect URI registered for the Upstox app.</Field.HelperText>
          </Field.Root>
          {failure && (
            <Text textStyle="sm" color="loss" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" onClick={saveAndConnect} disabled={!canSave} loading={busy}>
          <LuLink /> Save & Connect
        </Button>
      </Dialog.Footer>
    </>
  );
}

export function CredentialsDialog({
  open,
  stored,
  onClose,
}: {
  open: boolean;
  stored: BrokerCredentials | undefined;
  onClose: () => void;
}) {
  return (
    <WorkDialog open={open} onClose={onClose} title="Upstox API credentials" size="md">
      <CredentialsForm stored={stored} onClose={onClose} />
    </WorkDialog>
  );
}
