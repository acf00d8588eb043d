/**
 * Notifications: the channels (email over the server's SMTP, Telegram through a bot) each with a
 * test button, which alerts leave the console (every alert shows there) by email or Telegram, and the delivery log
 * with its retries. The original showed fixed text here; this is backed by
 * /api/settings/notifications (the bot token is only ever sent, never shown back).
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Field,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@nivesh/ui/chakra';
import { LuSave, LuSend } from 'react-icons/lu';
import {
  NOTIFICATION_ALERT_TEXTS,
  NotificationAlert,
  TelegramBotToken,
  TelegramChatId,
  type AlertDelivery,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationSettings,
  type SaveNotificationSettings,
} from '@nivesh/api-contract';
import {
  errorMessage,
  queryView,
  useNotificationDeliveriesQuery,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useTestNotificationMutation,
} from '@nivesh/api-client';
import { formatIstDateTime, Panel, QueryNotice, Unavailable } from '@nivesh/ui';

type Alerts = NotificationSettings['alerts'];
type Outcome = { ok: boolean; text: string } | null;

const NOTIFICATIONS_SAVED = 'Notification settings saved';
const DELIVERY_LOG_LIMIT = 50;
const DELIVERY_LOG_POLL_MS = 30_000;

const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'Email', telegram: 'Telegram' };
const STATUS_PALETTES: Record<NotificationDelivery['status'], string> = {
  sent: 'green',
  pending: 'yellow',
  failed: 'red',
};

function OutcomeText({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Text textStyle="sm" color={outcome.ok ? 'gain' : 'loss'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Text>
  );
}

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

/** A channel's test button and what the test answered. */
function TestButton({ channel, disabled }: { channel: NotificationChannel; disabled: boolean }) {
  const [test, state] = useTestNotificationMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const label = channel === 'email' ? 'Send test email' : 'Send test message';
  async function run() {
    setOutcome(null);
    const result = await test({ body: { channel } });
    if ('error' in result) {
      setOutcome({
        ok: false,
        text: `Test failed: ${errorMessage(result.error, 'the server did not answer.')}`,
      });
    } else {
      setOutcome({ ok: result.data.success, text: result.data.message });
    }
  }
  return (
    <Stack gap="2">
      <Button size="sm" variant="outline" onClick={run} disabled={disabled} loading={state.isLoading}>
        <LuSend /> {label}
      </Button>
      <OutcomeText outcome={outcome} />
    </Stack>
  );
}

function DeliveryLog() {
  const query = useNotificationDeliveriesQuery(
    { query: { limit: DELIVERY_LOG_LIMIT } },
    { pollingInterval: DELIVERY_LOG_POLL_MS },
  );
  const view = queryView(query);
  const rows = view.data?.data;
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Delivery log</Text>
      <QueryNotice
        view={view}
        unavailableTitle="Delivery log not connected"
        errorTitle="The delivery log could not be loaded"
      />
      {rows && rows.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          No notification has been sent yet.
        </Text>
      )}
      {rows && rows.length > 0 && (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Delivery log">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>Alert</Table.ColumnHeader>
                <Table.ColumnHeader>Channel</Table.ColumnHeader>
                <Table.ColumnHeader>Subject</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
                <Table.ColumnHeader>Detail</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell whiteSpace="nowrap">{formatIstDateTime(d.created_at)}</Table.Cell>
                  <Table.Cell>
                    {d.alert === 'test' ? 'Test' : NOTIFICATION_ALERT_TEXTS[d.alert].label}
                  </Table.Cell>
                  <Table.Cell>{CHANNEL_LABELS[d.channel]}</Table.Cell>
                  <Table.Cell>{d.subject}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_PALETTES[d.status]}>{d.status}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
                  <Table.Cell>
                    <Text textStyle="xs" color={d.status === 'failed' ? 'loss' : 'fg.muted'}>
                      {d.status === 'sent' && d.sent_at
                        ? `Sent ${formatIstDateTime(d.sent_at)}`
                        : d.status === 'pending' && d.next_attempt_at
                          ? `${d.last_error ? `${d.last_error} ` : ''}Next attempt ${formatIstDateTime(d.next_attempt_at)}`
                          : (d.last_error ?? '')}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

export function NotificationsTab() {
  const query = useNotificationSettingsQuery();
  const [save, saveState] = useSaveNotificationSettingsMutation();
  const view = queryView(query);
  const settings = view.data?.data;
  const [draft, setDraft] = useState<Alerts | null>(null);
  const [chatId, setChatId] = useState<string | null>(null);
  const [botToken, setBotToken] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
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
  const telegramReady = settings.telegram.configured;
  const telegramChanged = chatId !== null || botToken.trim() !== '';
  const changed = draft !== null || telegramChanged;

  function change(alert: NotificationAlert, delivery: Partial<AlertDelivery>) {
    if (!alerts) return;
    setDraft({ ...alerts, [alert]: { ...alerts[alert], ...delivery } });
    setOutcome(null);
  }

  /** The body to save, or the sentence that says why the Telegram fields cannot be saved. */
  function bodyToSave(current: Alerts, stored: NotificationSettings): SaveNotificationSettings | string {
    if (!telegramChanged) return { alerts: current };
    const chat = (chatId ?? stored.telegram.chat_id ?? '').trim();
    const token = botToken.trim();
    if (chat !== '') {
      const parsed = TelegramChatId.safeParse(chat);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? 'The chat id is not valid.';
    }
    if (token !== '') {
      const parsed = TelegramBotToken.safeParse(token);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? 'The bot token is not valid.';
    }
    return {
      alerts: current,
      telegram: { chat_id: chat === '' ? null : chat, ...(token !== '' ? { bot_token: token } : {}) },
    };
  }

  async function submit() {
    if (!alerts || !settings) return;
    const body = bodyToSave(alerts, settings);
    if (typeof body === 'string') {
      setOutcome({ ok: false, text: body });
      return;
    }
    const result = await save({ body });
    if ('error' in result) {
      setOutcome({
        ok: false,
        text: `Failed to save notification settings: ${errorMessage(result.error, 'the server did not answer.')}`,
      });
    } else {
      setDraft(null);
      setChatId(null);
      setBotToken('');
      setOutcome({ ok: true, text: NOTIFICATIONS_SAVED });
    }
  }

  return (
    <Panel title="Notifications" subtitle="Which alerts you get, and where">
      <Stack gap="6">
        <QueryNotice view={view} unavailableTitle="Notification settings not connected" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Stack gap="3" borderWidth="1px" rounded="l2" p="4" aria-label="Email channel" role="group">
            <HStack justify="space-between">
              <Text fontWeight="semibold">Email</Text>
              <Badge colorPalette={emailReady ? 'green' : 'gray'}>
                {emailReady ? 'Configured' : 'Not configured'}
              </Badge>
            </HStack>
            {emailReady ? (
              <Text textStyle="sm" data-testid="email-destination">
                Alert emails go to <Text as="strong">{settings.email.address ?? 'the operator address'}</Text>
                .
              </Text>
            ) : (
              <Alert.Root status="info" variant="subtle" rounded="l2">
                <Alert.Indicator />
                <Alert.Description>
                  Email delivery is not configured on the server (NIVESH_SMTP_URL), so no alert goes by email.
                </Alert.Description>
              </Alert.Root>
            )}
            <TestButton channel="email" disabled={!emailReady} />
          </Stack>
          <Stack gap="3" borderWidth="1px" rounded="l2" p="4" aria-label="Telegram channel" role="group">
            <HStack justify="space-between">
              <Text fontWeight="semibold">Telegram</Text>
              <Badge colorPalette={telegramReady ? 'green' : 'gray'}>
                {telegramReady ? 'Configured' : 'Not configured'}
              </Badge>
            </HStack>
            <Field.Root>
              <Field.Label>Bot token</Field.Label>
              <Input
                type="password"
                value={botToken}
                onChange={(event) => {
                  setBotToken(event.target.value);
                  setOutcome(null);
                }}
                autoComplete="off"
                fontFamily="mono"
                placeholder={
                  settings.telegram.token_stored
                    ? 'A token is stored; enter a new one to replace it'
                    : '123456789:AAE... from BotFather'
                }
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>Chat id</Field.Label>
              <Input
                value={chatId ?? settings.telegram.chat_id ?? ''}
                onChange={(event) => {
                  setChatId(event.target.value);
                  setOutcome(null);
                }}
                autoComplete="off"
                fontFamily="mono"
                placeholder="123456789 or @channel_name"
              />
              <Field.HelperText>Save, then send a test message.</Field.HelperText>
            </Field.Root>
            <TestButton channel="telegram" disabled={!telegramReady || telegramChanged} />
          </Stack>
        </SimpleGrid>
        <Text textStyle="sm" color="fg.muted">
          Every alert shows in the console (Risk Management and the dashboard). Choose which are also sent by
          email or Telegram.
        </Text>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Alerts">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Alert</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="center">Email</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="center">Telegram</Table.ColumnHeader>
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
                        label={`${text.label} by email`}
                        checked={emailReady && alerts[alert].email}
                        disabled={!emailReady}
                        onChange={(checked) => change(alert, { email: checked })}
                      />
                    </Table.Cell>
                    <Table.Cell textAlign="center">
                      <DeliverySwitch
                        label={`${text.label} by Telegram`}
                        checked={alerts[alert].telegram}
                        onChange={(checked) => change(alert, { telegram: checked })}
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
            disabled={!changed}
            loading={saveState.isLoading}
          >
            <LuSave /> Save notifications
          </Button>
          <OutcomeText outcome={outcome} />
        </HStack>
        <DeliveryLog />
      </Stack>
    </Panel>
  );
}
