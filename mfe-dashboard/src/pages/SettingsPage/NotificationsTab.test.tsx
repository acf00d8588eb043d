import { screen, waitFor, within } from '@testing-library/react';
import {
  contract,
  TELEGRAM_CHAT_ID_RULE,
  type NotificationDelivery,
  type NotificationSettings,
  type SaveNotificationSettings,
} from '@nivesh/api-contract';
import { HttpResponse, mockRoute, renderWithProviders, setupServer } from '@nivesh/api-client/testing';
import { NotificationsTab } from './NotificationsTab';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
jest.setTimeout(30_000);

const on = { email: true, telegram: true };
const consoleOnly = { email: false, telegram: false };

const SETTINGS: NotificationSettings = {
  email: { configured: true, address: 'operator@nivesh.local' },
  telegram: { configured: false, token_stored: false, chat_id: null },
  alerts: {
    portfolio_loss: on,
    circuit_breaker: on,
    ml_confidence_drop: on,
    token_expiry: on,
    order_fills: consoleOnly,
    emergency_stop: on,
    limit_breach: on,
    automated_order: consoleOnly,
  },
};

const FAILED: NotificationDelivery = {
  id: 7,
  created_at: '2026-11-16T05:00:00.000Z',
  alert: 'circuit_breaker',
  channel: 'telegram',
  subject: 'Circuit breaker tripped: Liquidity',
  status: 'failed',
  attempts: 5,
  next_attempt_at: null,
  last_error: 'Telegram refused the message (HTTP 500): Internal Server Error',
  sent_at: null,
};
const SENT: NotificationDelivery = {
  ...FAILED,
  id: 6,
  channel: 'email',
  status: 'sent',
  attempts: 1,
  last_error: null,
  sent_at: '2026-11-16T05:00:10.000Z',
};

function serve(settings: NotificationSettings, deliveries: NotificationDelivery[] = []) {
  server.use(
    mockRoute(contract.settings.notifications, () => ({ success: true, data: settings })),
    mockRoute(contract.settings.notificationDeliveries, () => ({ success: true, data: deliveries })),
  );
}

describe('NotificationsTab', () => {
  it('shows the channels, the alert matrix and the delivery log with its failures', async () => {
    serve(SETTINGS, [FAILED, SENT]);
    renderWithProviders(<NotificationsTab />);

    expect(await screen.findByTestId('email-destination')).toHaveTextContent(
      'Alert emails go to operator@nivesh.local.',
    );
    const telegramChannel = screen.getByRole('group', { name: 'Telegram channel' });
    expect(within(telegramChannel).getByText('Not configured')).toBeInTheDocument();
    expect(within(telegramChannel).getByRole('button', { name: 'Send test message' })).toBeDisabled();

    const matrix = screen.getByRole('table', { name: 'Alerts' });
    expect(within(matrix).getAllByRole('row')).toHaveLength(9);
    expect(screen.getByText('Emergency Stop All halts order entry.')).toBeInTheDocument();
    expect(screen.getByLabelText('Order fills by email')).not.toBeChecked();
    expect(screen.getByLabelText('Emergency stop by Telegram')).toBeChecked();

    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const rows = within(log).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Circuit breaker');
    expect(rows[1]).toHaveTextContent('Telegram');
    expect(rows[1]).toHaveTextContent('failed');
    expect(rows[1]).toHaveTextContent('Telegram refused the message (HTTP 500): Internal Server Error');
    expect(rows[2]).toHaveTextContent('sent');
    expect(rows[2]).toHaveTextContent('Sent 16 Nov 2026, 10:30 am IST');
  });

  it('saves the Telegram token and chat id with the alerts, and refuses a bad chat id first', async () => {
    const saved: SaveNotificationSettings[] = [];
    serve(SETTINGS);
    server.use(
      mockRoute(contract.settings.saveNotifications, async ({ request }) => {
        const body = (await request.json()) as SaveNotificationSettings;
        saved.push(body);
        return HttpResponse.json({
          success: true,
          message: 'Notification settings saved.',
          data: {
            ...SETTINGS,
            alerts: body.alerts,
            telegram: { configured: true, token_stored: true, chat_id: body.telegram?.chat_id ?? null },
          },
        });
      }),
    );
    const { user } = renderWithProviders(<NotificationsTab />);
    await screen.findByTestId('email-destination');
    expect(screen.getByRole('button', { name: 'Save notifications' })).toBeDisabled();

    await user.click(screen.getByLabelText('Chat id'));
    await user.paste('my chat');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText(TELEGRAM_CHAT_ID_RULE)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(screen.getByLabelText('Chat id'));
    await user.paste('-1001234567890');
    await user.click(screen.getByLabelText('Bot token'));
    await user.paste('123456789:AAE-test_token_for_the_fake_bot_api_0123');
    await user.click(screen.getByLabelText('Order fills by Telegram'));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        alerts: { ...SETTINGS.alerts, order_fills: { email: false, telegram: true } },
        telegram: {
          chat_id: '-1001234567890',
          bot_token: '123456789:AAE-test_token_for_the_fake_bot_api_0123',
        },
      },
    ]);
    // The token field empties; the stored state shows.
    expect(screen.getByLabelText('Bot token')).toHaveValue('');
    const telegramChannel = screen.getByRole('group', { name: 'Telegram channel' });
    expect(within(telegramChannel).getByText('Configured')).toBeInTheDocument();
  });

  it('sends a test message per channel and shows what the server answered', async () => {
    const tested: unknown[] = [];
    serve({ ...SETTINGS, telegram: { configured: true, token_stored: true, chat_id: '12345' } });
    server.use(
      mockRoute(contract.settings.testNotification, async ({ request }) => {
        const body = (await request.json()) as { channel: string };
        tested.push(body);
        return body.channel === 'email'
          ? { success: true, message: 'Test email sent to operator@nivesh.local.' }
          : {
              success: false,
              message:
                'The test Telegram message was not sent: Telegram refused the message (HTTP 401): Unauthorized',
            };
      }),
    );
    const { user } = renderWithProviders(<NotificationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('Test email sent to operator@nivesh.local.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    expect(
      await screen.findByText(
        'The test Telegram message was not sent: Telegram refused the message (HTTP 401): Unauthorized',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(tested).toEqual([{ channel: 'email' }, { channel: 'telegram' }]);
  });

  it('keeps email switches off and its test button disabled while the server cannot send email', async () => {
    serve({ ...SETTINGS, email: { configured: false, address: null } });
    renderWithProviders(<NotificationsTab />);
    expect(
      await screen.findByText(
        'Email delivery is not configured on the server (NIVESH_SMTP_URL), so no alert goes by email.',
      ),
    ).toBeInTheDocument();
    const email = screen.getByLabelText('Portfolio loss by email');
    expect(email).toBeDisabled();
    expect(email).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send test email' })).toBeDisabled();
    await waitFor(() => expect(screen.getByText('No notification has been sent yet.')).toBeInTheDocument());
  });
});
