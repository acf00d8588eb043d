import { screen, waitFor, within } from '@testing-library/react';
import { contract, type TokenStatus, type TradingMode } from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { notConnected, tokenStatus } from '../../features/testing/fixtures';
import { BrokerTokenPanel } from './BrokerTokenPanel';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const STATUS = contract.broker.tokenStatus;
const UPDATE = contract.broker.tokenUpdate;

function serveStatus(status: TokenStatus) {
  server.use(mockRoute(STATUS, () => HttpResponse.json(status)));
}

function renderPanel(tradingMode: TradingMode | undefined = 'paper') {
  return renderWithProviders(<BrokerTokenPanel tradingMode={tradingMode} />);
}

const tokenField = () => screen.queryByRole('textbox', { name: 'Access token' });

describe('BrokerTokenPanel states', () => {
  it('opens by itself when the token has expired, with the expired banner', async () => {
    serveStatus(tokenStatus('expired', -2));
    renderPanel();
    expect(await screen.findByText('Token Expired!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your portfolio data is showing fallback values. Update your token to restore live data.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('EXPIRED')).toBeInTheDocument();
    expect(tokenField()).toBeInTheDocument();
    expect(screen.getByTestId('token-hours')).toHaveAttribute('data-tone', 'loss');
  });

  it('opens by itself for an invalid token, with the invalid banner', async () => {
    serveStatus(tokenStatus('invalid'));
    renderPanel();
    expect(await screen.findByText('Token Invalid!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your access token is invalid or corrupted. Please update with a new token to restore live data.',
      ),
    ).toBeInTheDocument();
    expect(tokenField()).toBeInTheDocument();
  });

  it('opens by itself, red, when no token is stored in live mode', async () => {
    serveStatus(tokenStatus('missing'));
    renderPanel('live');
    expect(await screen.findByText('Missing')).toBeInTheDocument();
    expect(screen.getByText('Broker Token')).toBeInTheDocument();
    expect(tokenField()).toBeInTheDocument();
  });

  it.each<[string, TradingMode | undefined]>([
    ['in paper mode', 'paper'],
    ['while the trading mode is not known', undefined],
  ])('invites to connect Upstox, quietly and closed, when no token was ever stored %s', async (_, mode) => {
    serveStatus(tokenStatus('missing'));
    const { user } = renderPanel(mode);
    expect(await screen.findByText('Connect Upstox for live trading')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Paper trading needs no broker. Add an Upstox access token when you want live broker data and real-money orders.',
      ),
    ).toBeInTheDocument();
    // Not an error: no red "Missing" state, no alert, and the editor waits for the operator.
    expect(screen.queryByText('Missing')).not.toBeInTheDocument();
    expect(screen.queryByText('Broker Token')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tokenField()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ADD TOKEN' }));
    expect(tokenField()).toBeInTheDocument();
  });

  it('keeps the red panel for an expired token in paper mode too', async () => {
    serveStatus(tokenStatus('expired', -2));
    renderPanel('paper');
    expect(await screen.findByText('Token Expired!')).toBeInTheDocument();
    expect(screen.getByText('EXPIRED')).toBeInTheDocument();
    expect(screen.queryByText('Connect Upstox for live trading')).not.toBeInTheDocument();
    expect(tokenField()).toBeInTheDocument();
  });

  it('warns when the token expires soon, with hours left, expiry in IST and the warning colour', async () => {
    serveStatus(tokenStatus('expiring', 1.5));
    const { user } = renderPanel();
    expect(await screen.findByText('Token Expiring Soon!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Token expires in 1 h 30 min (20 Nov 2026, 04:45 pm IST). Update now to avoid data interruption.',
      ),
    ).toBeInTheDocument();
    const hours = screen.getByTestId('token-hours');
    expect(hours).toHaveTextContent('1 h 30 min remaining');
    expect(hours).toHaveAttribute('data-tone', 'warning');
    expect(hours).toHaveStyle({ color: 'var(--chakra-colors-orange-fg)' });
    expect(screen.getByText('Expires 20 Nov 2026, 04:45 pm IST')).toBeInTheDocument();
    expect(screen.getByText('Expires Soon')).toBeInTheDocument();
    // Still usable: the editor waits for the operator.
    expect(tokenField()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'UPDATE SOON' }));
    expect(tokenField()).toBeInTheDocument();
  });

  it('uses the warning colour under 3 hours even while the token is still valid', async () => {
    serveStatus(tokenStatus('valid', 2.5));
    renderPanel();
    const hours = await screen.findByTestId('token-hours');
    expect(hours).toHaveTextContent('2 h 30 min remaining');
    expect(hours).toHaveAttribute('data-tone', 'warning');
    expect(screen.queryByText(/Token Expiring Soon!/)).not.toBeInTheDocument();
  });

  it('shows a valid token calmly, closed, with an EDIT TOKEN button', async () => {
    serveStatus(tokenStatus('valid', 10));
    const { user } = renderPanel();
    const hours = await screen.findByTestId('token-hours');
    expect(hours).toHaveTextContent('10 h remaining');
    expect(hours).toHaveAttribute('data-tone', 'gain');
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(tokenField()).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'EDIT TOKEN' }));
    expect(tokenField()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(tokenField()).not.toBeInTheDocument();
  });

  it('says the broker connection is not available on 503, with no expiry', async () => {
    server.use(mockRoute(STATUS, notConnected('The broker connection')));
    renderPanel();
    expect(await screen.findByText('Broker connection not available')).toBeInTheDocument();
    expect(screen.getByText(/The broker connection is not connected on this server\./)).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.queryByText(/Expires|remaining/)).not.toBeInTheDocument();
    expect(tokenField()).not.toBeInTheDocument();
  });
});

describe('BrokerTokenPanel token editor', () => {
  const sent: unknown[] = [];
  afterEach(() => {
    sent.length = 0;
  });

  it('asks for a token when the field is blank after trimming, without calling the server', async () => {
    serveStatus(tokenStatus('expired', -1));
    const { user } = renderPanel();
    await user.type(await screen.findByRole('textbox', { name: 'Access token' }), '   ');
    server.use(
      mockRoute(UPDATE, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(errorBody('should not be called'), { status: 400 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(await screen.findByText('Please paste your access token')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('pastes from the clipboard, and asks for a manual paste when the clipboard is denied', async () => {
    serveStatus(tokenStatus('expired', -1));
    const { user } = renderPanel();
    const field = await screen.findByRole('textbox', { name: 'Access token' });

    jest.spyOn(navigator.clipboard, 'readText').mockResolvedValueOnce('  eyJhbGciOi.payload.signature  ');
    await user.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(field).toHaveValue('eyJhbGciOi.payload.signature'));

    jest
      .spyOn(navigator.clipboard, 'readText')
      .mockRejectedValueOnce(new DOMException('Read permission denied.', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await screen.findByText('Please paste token manually.')).toBeInTheDocument();
  });

  it('sends the trimmed token and shows ✓ with the server message, then the new status', async () => {
    let current = tokenStatus('expired', -1);
    server.use(
      mockRoute(STATUS, () => HttpResponse.json(current)),
      mockRoute(UPDATE, async ({ request }) => {
        sent.push(await request.json());
        current = tokenStatus('valid', 18);
        return HttpResponse.json({
          success: true,
          message: 'Access token updated successfully!',
          status: current,
        });
      }),
    );
    const { user } = renderPanel();
    await user.type(await screen.findByRole('textbox', { name: 'Access token' }), '  eyJ.new.token  ');
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(await screen.findByText('✓ Access token updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual([{ access_token: 'eyJ.new.token' }]);
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(screen.queryByText('Token Expired!')).not.toBeInTheDocument();
    // The panel stays open so the confirmation stays readable.
    expect(screen.getByText('✓ Access token updated successfully!')).toBeInTheDocument();
  });

  it('shows ✗ with the server reason when the update is refused', async () => {
    serveStatus(tokenStatus('invalid'));
    server.use(
      mockRoute(UPDATE, () => HttpResponse.json(errorBody('The token is not a valid JWT.'), { status: 400 })),
    );
    const { user } = renderPanel();
    await user.type(await screen.findByRole('textbox', { name: 'Access token' }), 'not-a-token');
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(
      await screen.findByText('✗ Failed to update token: The token is not a valid JWT.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Token Invalid!')).toBeInTheDocument();
  });

  it('shows ✗ with a generic sentence when the server cannot be reached', async () => {
    serveStatus(tokenStatus('expired', -1));
    server.use(mockRoute(UPDATE, () => HttpResponse.error()));
    const { user } = renderPanel();
    await user.type(await screen.findByRole('textbox', { name: 'Access token' }), 'eyJ.a.b');
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(await screen.findByText('✗ Error updating token. Please try again.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Broker token' })).getByText('EXPIRED'),
    ).toBeInTheDocument();
  });
});
