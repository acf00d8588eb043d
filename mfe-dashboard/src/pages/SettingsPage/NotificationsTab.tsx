/**
 * Notifications: which alerts the operator gets, in the console and by email (when the server can
 * send email). The original showed fixed text here; this is backed by GET/POST /api/settings/notifications.
 */
import { useState } from 'react';
import { Alert, Button, HStack, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { LuSave } from 'react-icons/lu';
import {
  NOTIFICATION_ALERT_TEXTS,
  NotificationAlert,
  type AlertDelivery,
  type NotificationSettings,
} from '@nivesh/api-contract';
import {
  errorMessage,
  queryView,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} from '@nivesh/api-client';
import { Panel, QueryNotice, Unavailable } from '@nivesh/ui';

type Alerts = NotificationSettings['alerts'];

const NOTIFICATIONS_SAVED = 'Notification settings saved';

function DeliverySwitch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root
      size="sm"
      colorPalette="brand"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(d) => onChange(d.checked)}
    >
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
    </Switch.Root>
  );
}

export function NotificationsTab() {
  const query = useNotificationSettingsQuery();
  const [save, saveState] = useSaveNotificationSettingsMutation();
  const view = queryView(query);
  const settings = view.data?.data;
  const [draft, setDraft] = useState<Alerts | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const alerts = draft ?? settings?.alerts;

  if (view.state === 'unavailable' || view.state === 'error') {
    return (
      <Panel title="Notifications">
        <QueryNotice
          view={view}
          unavailableTitle="Notification settings not connected"
          errorTitle="Notification settings could not be loaded"
        />
      </Panel>
    );
  }
  if (!settings || !alerts) {
    return (
      <Panel title="Notifications">
        <Unavailable title="Loading notification settings..." />
      </Panel>
    );
  }

  const emailReady = settings.email.configured;

  function change(alert: NotificationAlert, delivery: Partial<AlertDelivery>) {
    if (!alerts) return;
    setDraft({ ...alerts, [alert]: { ...alerts[alert], ...delivery } });
    setOutcome(null);
  }

  async function submit() {
    if (!alerts) return;
    const result = await save({ body: { alerts } });
    if ('error' in result) {
      setOutcome({
        ok: false,
        text: `Failed to save notification settings: ${errorMessage(result.error, 'the server did not answer.')}`,
      });
    } else {
      setDraft(null);
      setOutcome({ ok: true, text: NOTIFICATIONS_SAVED });
    }
  }

  return (
    <Panel title="Notifications" subtitle="Which alerts you get, and where">
      <Stack gap="4">
        <QueryNotice view={view} unavailableTitle="Notification settings not connected" />
        {emailReady ? (
          <Text textStyle="sm" data-testid="email-destination">
            Alert emails go to <Text as="strong">{settings.email.address ?? 'the operator address'}</Text>.
          </Text>
        ) : (
          <Alert.Root status="info" variant="subtle" rounded="l2">
            <Alert.Indicator />
            <Alert.Description>
              Email delivery is not configured on the server, so alerts show in the console only.
            </Alert.Description>
          </Alert.Root>
        )}
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Alerts">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Alert</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="center">In console</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="center">Email</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {NotificationAlert.options.map((alert) => {
                const text = NOTIFICATION_ALERT_TEXTS[alert];
                return (
                  <Table.Row key={alert}>
                    <Table.Cell>
                      <Text fontWeight="medium">{text.label}</Text>
                      <Text textStyle="xs" color="fg.muted">
                        {text.description}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="center">
                      <DeliverySwitch
                        label={`${text.label} in console`}
                        checked={alerts[alert].in_app}
                        onChange={(checked) => change(alert, { in_app: checked })}
                      />
                    </Table.Cell>
                    <Table.Cell textAlign="center">
                      <DeliverySwitch
                        label={`${text.label} by email`}
                        checked={emailReady && alerts[alert].email}
                        disabled={!emailReady}
                        onChange={(checked) => change(alert, { email: checked })}
                      />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <HStack gap="3" wrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            onClick={submit}
            disabled={!draft}
            loading={saveState.isLoading}
          >
            <LuSave /> Save notifications
          </Button>
          {outcome && (
            <Text textStyle="sm" color={outcome.ok ? 'gain' : 'loss'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Text>
          )}
        </HStack>
      </Stack>
    </Panel>
  );
}
