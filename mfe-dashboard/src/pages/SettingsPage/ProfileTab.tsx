/**
 * Profile: the signed-in operator and the session (its 12-hour idle limit and the absolute end the
 * server set at sign-in, NIVESH_SESSION_MAX_DAYS), and a password change by a one-time setup link
 * (POST /api/auth/request-password-setup with the operator's email).
 */
import { Button, DataList, Stack, Text } from '@nivesh/ui/chakra';
import { LuKeyRound } from 'react-icons/lu';
import {
  errorMessage,
  selectSessionEndsAt,
  selectSessionToken,
  selectUser,
  useAppSelector,
  useRequestPasswordSetupMutation,
} from '@nivesh/api-client';
import { SESSION_IDLE_HOURS } from '@nivesh/api-contract';
import { formatIstDateTime, Panel } from '@nivesh/ui';

const PASSWORD_SETUP_FAILED = 'Failed to send password setup instructions.';

export function ProfileTab() {
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectSessionToken);
  const endsAt = useAppSelector(selectSessionEndsAt);
  const [requestSetup, setupState] = useRequestPasswordSetupMutation();
  const displayName = user?.name ?? user?.username ?? 'User';

  return (
    <Stack gap="5">
      <Panel title="Operator" subtitle="The one account that may use this console">
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Name</DataList.ItemLabel>
            <DataList.ItemValue>{displayName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Username</DataList.ItemLabel>
            <DataList.ItemValue>{user?.username ?? 'Not set'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Email</DataList.ItemLabel>
            <DataList.ItemValue>{user?.email ?? 'Not signed in'}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Panel>

      <Panel title="Session">
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Status</DataList.ItemLabel>
            <DataList.ItemValue>{token ? 'Signed in' : 'Signed out'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Kept</DataList.ItemLabel>
            <DataList.ItemValue>In this browser until you sign out or the server ends it</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Idle limit</DataList.ItemLabel>
            <DataList.ItemValue>Ends after {SESSION_IDLE_HOURS} hours without use</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Ends at the latest</DataList.ItemLabel>
            <DataList.ItemValue data-testid="session-ends-at">
              {endsAt ? `${formatIstDateTime(endsAt)}, however often it is used` : 'Not known'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Panel>

      <Panel title="Password" subtitle="Change it with a one-time setup link, valid for 15 minutes">
        <Stack gap="3" align="flex-start">
          <Button
            size="sm"
            variant="outline"
            onClick={() => user && void requestSetup({ body: { email: user.email } })}
            disabled={!user}
            loading={setupState.isLoading}
          >
            <LuKeyRound /> Change password
          </Button>
          {setupState.isSuccess && (
            <Text color="gain" role="status">
              {setupState.data.message}
            </Text>
          )}
          {setupState.isError && (
            <Stack gap="0.5" role="alert">
              <Text color="loss" fontWeight="medium">
                {PASSWORD_SETUP_FAILED}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {errorMessage(setupState.error, 'The server did not answer.')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Panel>
    </Stack>
  );
}
