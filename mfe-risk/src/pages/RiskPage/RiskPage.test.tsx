import { act, screen, waitFor, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { api } from '@nivesh/api-client';
import {
  delay,
  errorBody,
  HttpResponse,
  mockRoute,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { makeTradingHalt, makeTradingMode, makeTradingState, ok } from '@nivesh/api-contract/testing';
import {
  alerts,
  connectedHandlers,
  limits,
  metrics,
  NOT_CONNECTED,
  notConnected,
  RISK_READS,
  offlineHandlers,
  positions,
} from '../../testing/riskFixtures';
import RiskPage from './RiskPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const card = (label: string) => screen.getByRole('group', { name: label });

/** Overrides come first: msw uses the first handler that matches. */
async function renderConnected(...overrides: Parameters<typeof server.use>) {
  server.use(...overrides, ...connectedHandlers);
  const rendered = renderWithProviders(<RiskPage />);
  await screen.findByText('₹12K');
  return rendered;
}

describe('RiskPage when the risk system answers', () => {
  it('shows the six metric cards in the specification’s units', async () => {
    await renderConnected();
    expect(within(card('Current Drawdown')).getByText('-5.23%')).toBeInTheDocument();
    expect(within(card('Current Drawdown')).getByText('% from peak')).toBeInTheDocument();
    expect(within(card('Max Drawdown')).getByText('-12.47%')).toBeInTheDocument();
    expect(within(card('Max Drawdown')).getByText('30-day period')).toBeInTheDocument();
    expect(within(card('Sharpe Ratio')).getByText('1.46')).toBeInTheDocument();
    expect(within(card('Value at Risk')).getByText('₹12K')).toBeInTheDocument();
    expect(within(card('Value at Risk')).getByText('95% confidence, one day')).toBeInTheDocument();
    expect(within(card('Beta')).getByText('0.87')).toBeInTheDocument();
    expect(within(card('Beta')).getByText('to NIFTY 50')).toBeInTheDocument();
    expect(within(card('Win/Loss')).getByText('1.50')).toBeInTheDocument();
    expect(
      within(card('Win/Loss')).getByText('Portfolio return +3.20% (30 days) · 6 won / 4 lost'),
    ).toBeInTheDocument();
  });

  it('shows "--" for a statistic the server cannot compute yet, and says why', async () => {
    await renderConnected(
      mockRoute(contract.risk.metrics, () =>
        ok({ ...metrics, sharpe_ratio: null, beta: null, history_days: 12, current_drawdown: -0.01 }),
      ),
    );
    await screen.findByText('-1.00%');
    expect(within(card('Sharpe Ratio')).getByText('--')).toBeInTheDocument();
    expect(within(card('Sharpe Ratio')).getByText('Not enough history yet')).toBeInTheDocument();
    expect(within(card('Beta')).getByText('--')).toBeInTheDocument();
    expect(within(card('Max Drawdown')).getByText('30-day period (12 days so far)')).toBeInTheDocument();
  });

  it('shows no connection banner, and the monitoring strip reports live data and the positions tracked', async () => {
    await renderConnected();
    expect(screen.queryByText('Risk Management System Offline')).not.toBeInTheDocument();
    expect(screen.queryByText('Connecting to Risk System...')).not.toBeInTheDocument();
    expect(screen.getByText('Live data active')).toBeInTheDocument();
    expect(await screen.findByText('4 positions tracked')).toBeInTheDocument();
    expect(screen.queryByText('Using cached risk data.')).not.toBeInTheDocument();
  });

  it('computes the risk distribution from the positions', async () => {
    await renderConnected();
    const low = await screen.findByTestId('risk-share-low');
    expect(within(low).getByText('50%')).toBeInTheDocument();
    expect(within(low).getByText('2 of 4 positions · ₹4,00,000 exposure')).toBeInTheDocument();
    expect(within(screen.getByTestId('risk-share-medium')).getByText('25%')).toBeInTheDocument();
    expect(within(screen.getByTestId('risk-share-high')).getByText('25%')).toBeInTheDocument();
  });

  it('shows the portfolio metrics and the stress test with resulting value and loss', async () => {
    await renderConnected();
    expect(screen.getByText('₹10,00,000')).toBeInTheDocument();
    expect(screen.getByTestId('ml-risk-score')).toHaveTextContent('45%');
    expect(screen.getByText('18.34%')).toBeInTheDocument();
    expect(screen.getByText('62%')).toBeInTheDocument();

    const drop10 = screen.getByTestId('stress-10');
    expect(drop10).toHaveTextContent('Market drop 10%');
    expect(drop10).toHaveTextContent('₹9,12,000');
    expect(drop10).toHaveTextContent('-₹88,000 (-8.80%)');
    expect(screen.getByTestId('stress-20')).toHaveTextContent('₹8,24,000');
    expect(screen.getByTestId('stress-20')).toHaveTextContent('-₹1,76,000 (-17.60%)');
    expect(screen.getByTestId('stress-30')).toHaveTextContent('₹7,36,000');
    expect(screen.getByTestId('stress-30')).toHaveTextContent('-₹2,64,000 (-26.40%)');
  });

  it.each([
    [0.29, 'green', 'green'],
    [0.3, 'yellow', 'yellow'],
    [0.69, 'yellow', 'yellow'],
    [0.7, 'red', 'yellow'],
  ])('colours an ML risk score of %s %s (assessment label %s)', async (score, scoreTone, labelTone) => {
    await renderConnected(mockRoute(contract.risk.metrics, () => ok({ ...metrics, ml_risk_score: score })));
    expect(screen.getByTestId('ml-risk-score')).toHaveAttribute('data-tone', scoreTone);
    expect(screen.getByTestId('ml-assessment-label')).toHaveAttribute('data-tone', labelTone);
  });

  it('lists position risk with the model’s recommendation', async () => {
    const { user } = await renderConnected();
    await user.click(screen.getByRole('tab', { name: 'Positions' }));
    const table = await screen.findByRole('table', { name: 'Position risk' });
    const reliance = within(table).getByText('RELIANCE').closest('tr') as HTMLElement;
    expect(within(reliance).getByText('Low')).toBeInTheDocument();
    expect(within(reliance).getByText('₹2,50,000')).toBeInTheDocument();
    // RELIANCE has a stop-loss resting: its trigger and risk first, the suggestion beside them.
    expect(within(reliance).getByText('₹2,840.00')).toBeInTheDocument();
    expect(within(reliance).getByText('Resting SL-M · 80 sh · suggested ₹2,845.50')).toBeInTheDocument();
    expect(within(reliance).getByText('₹12,940')).toBeInTheDocument();
    expect(within(reliance).getByText('₹12,500 at the suggestion')).toBeInTheDocument();
    expect(within(reliance).getByText('HOLD')).toBeInTheDocument();
    const infy = within(table).getByText('INFY').closest('tr') as HTMLElement;
    expect(within(infy).getByText('₹950.00')).toBeInTheDocument();
    expect(within(infy).getByText('Suggested · no stop resting')).toBeInTheDocument();
    expect(within(infy).getByText('REDUCE')).toBeInTheDocument();
    expect(within(infy).getByText('-₹3,400')).toBeInTheDocument();
    expect(
      within(within(table).getByText('HDFCBANK').closest('tr') as HTMLElement).getByText('EXIT'),
    ).toBeInTheDocument();
  });

  it('shows "Loading risk limits..." until the limits arrive, then the limits as received', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = await renderConnected(
      mockRoute(contract.risk.limits, async () => {
        await gate;
        return ok(limits);
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Limits' }));
    expect(await screen.findByText('ML-Powered Risk Limits')).toBeInTheDocument();
    expect(screen.getByText('Loading risk limits...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('₹50,000')).toBeInTheDocument();
    expect(screen.queryByText('Loading risk limits...')).not.toBeInTheDocument();
    expect(screen.getByText('10.0%')).toBeInTheDocument();
    expect(screen.getByText('5 positions')).toBeInTheDocument();
    expect(screen.getByText('₹25,000')).toBeInTheDocument();
    expect(screen.getByText('₹1,50,000')).toBeInTheDocument();
    expect(screen.getByText('15.0%')).toBeInTheDocument();
    expect(screen.getByText('Volatile')).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();
    expect(screen.getByText(limits.current_status.warnings[0] as string)).toBeInTheDocument();
  });

  it('dismisses one alert and clears all through the server', async () => {
    const calls: string[] = [];
    let remaining = [...alerts];
    const { user } = await renderConnected(
      mockRoute(contract.risk.alerts, () => ok(remaining)),
      mockRoute(contract.risk.dismissAlert, ({ params }) => {
        calls.push(`dismiss ${String(params.id)}`);
        remaining = remaining.filter((alert) => alert.id !== params.id);
        return HttpResponse.json({ success: true, message: 'Alert dismissed.' });
      }),
      mockRoute(contract.risk.clearAlerts, () => {
        calls.push('clear');
        const cleared = remaining.length;
        remaining = [];
        return HttpResponse.json({ success: true, message: `${cleared} alerts cleared.`, data: { cleared } });
      }),
    );
    await user.click(screen.getByRole('tab', { name: /Alerts/ }));
    const list = await screen.findByRole('list', { name: 'Risk alerts' });
    expect(within(list).getByText('HDFCBANK is 1.2% above its stop loss.')).toBeInTheDocument();
    expect(within(list).getByText('Warning')).toBeInTheDocument();
    expect(within(list).getByText('Suggested: Exit HDFCBANK or widen the stop.')).toBeInTheDocument();
    expect(within(list).getByText('Info')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Dismiss alert: HDFCBANK is 1.2% above its stop loss.' }),
    );
    await waitFor(() =>
      expect(screen.queryByText('HDFCBANK is 1.2% above its stop loss.')).not.toBeInTheDocument(),
    );
    expect(calls).toEqual(['dismiss a1']);
    expect(screen.getByText('Daily loss is 20% of the limit.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText('No active risk alerts')).toBeInTheDocument();
    expect(calls).toEqual(['dismiss a1', 'clear']);
  });

  it('opens on the alerts when the address says so (the dashboard links there), counting standing alerts only', async () => {
    const resolved = {
      ...alerts[0]!,
      id: 'a9',
      message: 'Emergency stop by operator: order entry halted.',
      action_required: false,
      resolved: {
        at: '2026-03-02T06:00:00.000Z',
        by: 'operator@nivesh.local',
        how: 'The emergency stop was lifted.',
      },
    };
    server.use(mockRoute(contract.risk.alerts, ok([...alerts, resolved])), ...connectedHandlers);
    const { user } = renderWithProviders(<RiskPage />, { route: '/risk?tab=alerts' });
    const list = await screen.findByRole('list', { name: 'Risk alerts' });
    expect(screen.getByRole('tab', { name: /Alerts/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // Two alerts stand; the resolved one is listed but not counted.
    expect(within(screen.getByRole('tab', { name: /Alerts/ })).getByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/risk$/));
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the alert settings from the server with their defaults and saves a change', async () => {
    let saved: unknown;
    server.use(
      mockRoute(contract.risk.saveAlertSettings, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ success: true, message: 'Alert settings saved.', data: saved });
      }),
    );
    const { user } = await renderConnected();
    await user.click(screen.getByRole('tab', { name: /Alerts/ }));
    const stopLoss = await screen.findByRole('checkbox', { name: 'Stop loss alerts' });
    expect(stopLoss).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Daily loss limit alerts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'High volatility alerts' })).toBeChecked();
    const correlation = screen.getByRole('checkbox', { name: 'Position correlation alerts' });
    expect(correlation).not.toBeChecked();

    await user.click(correlation);
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
    expect(saved).toEqual({
      stop_loss: true,
      daily_loss: true,
      high_volatility: true,
      position_correlation: true,
    });
  });
});

describe('Emergency Stop All', () => {
  const tradingMode = mockRoute(contract.trading.getMode, makeTradingMode('paper'));
  const halt = makeTradingHalt();

  it('asks for a reason and confirmation, then halts, cancels, squares off and says what was done', async () => {
    let body: unknown;
    server.use(
      tradingMode,
      mockRoute(contract.risk.emergencyStop, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          success: true,
          message: 'Trading halted: only orders that close a position are accepted until the stop is lifted.',
          data: {
            trading_mode: 'paper',
            cancelled_orders: 2,
            kept_protective_orders: 0,
            squared_off: [{ symbol: 'RELIANCE', quantity: 80, order_id: 'P-101' }],
            failures: [{ symbol: 'TCS', reason: 'Market closed for this instrument.' }],
            halt: { ...halt, square_off: true },
            executed_at: '2026-03-02T09:50:00.000Z',
          },
        });
      }),
    );
    const { user } = await renderConnected();
    await user.click(screen.getByRole('button', { name: 'Emergency Stop All' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/only orders that close a position are accepted/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Paper Trading: orders are simulated.')).toBeInTheDocument();
    const halting = within(dialog).getByRole('button', { name: 'Halt & cancel orders' });
    expect(halting).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Feed looks wrong');
    await user.click(within(dialog).getByText('Also square off every open position at market price'));
    await user.click(within(dialog).getByRole('button', { name: 'Halt, cancel orders & square off' }));
    expect(
      await within(dialog).findByText(
        'Trading halted: only orders that close a position are accepted until the stop is lifted.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({ confirm: true, reason: 'Feed looks wrong', square_off: true });
    expect(within(dialog).getByText('Cancelled 2 open orders; squared off 1 position.')).toBeInTheDocument();
    expect(within(dialog).getByText('RELIANCE: 80 shares (order P-101)')).toBeInTheDocument();
    expect(within(dialog).getByText('TCS: Market closed for this instrument.')).toBeInTheDocument();
  });

  it('says which protective orders the stop kept when it does not square off', async () => {
    server.use(
      tradingMode,
      mockRoute(contract.risk.emergencyStop, () =>
        HttpResponse.json({
          success: true,
          message: 'Trading halted: only orders that close a position are accepted until the stop is lifted.',
          data: {
            trading_mode: 'paper',
            cancelled_orders: 1,
            kept_protective_orders: 5,
            squared_off: [],
            failures: [],
            halt,
            executed_at: '2026-03-02T09:50:00.000Z',
          },
        }),
      ),
    );
    const { user } = await renderConnected();
    await user.click(screen.getByRole('button', { name: 'Emergency Stop All' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(/Stop-losses and targets of open positions stay in place\./),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Feed looks wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Halt & cancel orders' }));
    expect(
      await within(dialog).findByText(
        'Cancelled 1 open order; kept 5 protective orders (stop-losses and targets of open positions); squared off 0 positions.',
      ),
    ).toBeInTheDocument();
  });

  it('does nothing when the operator cancels', async () => {
    let called = false;
    server.use(
      tradingMode,
      mockRoute(contract.risk.emergencyStop, () => {
        called = true;
        return HttpResponse.json(errorBody('unexpected'), { status: 500 });
      }),
    );
    const { user } = await renderConnected();
    await user.click(screen.getByRole('button', { name: 'Emergency Stop All' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(called).toBe(false);
  });

  it('shows the server’s reason when the stop fails', async () => {
    server.use(tradingMode, mockRoute(contract.risk.emergencyStop, notConnected));
    const { user } = await renderConnected();
    await user.click(screen.getByRole('button', { name: 'Emergency Stop All' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Feed looks wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Halt & cancel orders' }));
    expect(await within(dialog).findByText(`Emergency stop failed. ${NOT_CONNECTED}`)).toBeInTheDocument();
  });

  it('while halted, offers to lift the stop with a second confirmation, showing who stopped trading and why', async () => {
    let lifted: unknown;
    const { user } = await renderConnected(
      mockRoute(contract.risk.tradingState, () =>
        ok(makeTradingState({ state: 'halted', reasons: ['Emergency stop in force.'], halt })),
      ),
      mockRoute(contract.risk.liftEmergencyStop, async ({ request }) => {
        lifted = await request.json();
        return {
          success: true as const,
          message: 'Emergency stop lifted: orders may open positions again.',
          data: makeTradingState(),
        };
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Lift emergency stop' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Trading was halted by operator@nivesh.local at 02 Mar 2026, 10:05 am IST: “Feed looks wrong”.',
      ),
    ).toBeInTheDocument();
    expect(lifted).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Lift the stop' }));
    await waitFor(() => expect(lifted).toEqual({ confirm: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('RiskPage when the risk system is not connected', () => {
  it('shows "Connecting to Risk System..." and skeletons while the first answers are on their way', async () => {
    server.use(
      ...RISK_READS.map((route) =>
        mockRoute(route, async () => {
          await delay('infinite');
          return notConnected();
        }),
      ),
    );
    renderWithProviders(<RiskPage />);
    expect(await screen.findByText('Connecting to Risk System...')).toBeInTheDocument();
    expect(screen.queryByText('Risk Management System Offline')).not.toBeInTheDocument();
    expect(within(card('Value at Risk')).queryByText('--')).not.toBeInTheDocument();
  });

  it('shows the offline banner, "--" in every card, a message per failed call and no figures', async () => {
    server.use(...offlineHandlers);
    renderWithProviders(<RiskPage />);
    expect(await screen.findByText('Risk Management System Offline')).toBeInTheDocument();
    expect(screen.getAllByText(NOT_CONNECTED).length).toBeGreaterThan(0);
    for (const label of [
      'Current Drawdown',
      'Max Drawdown',
      'Sharpe Ratio',
      'Value at Risk',
      'Beta',
      'Win/Loss',
    ]) {
      expect(within(card(label)).getByText('--')).toBeInTheDocument();
    }
    const errors = screen.getByRole('list', { name: 'Risk data errors' });
    expect(within(errors).getByText('Risk metrics could not be loaded.')).toBeInTheDocument();
    expect(within(errors).getByText('Position risk could not be loaded.')).toBeInTheDocument();
    expect(within(errors).getByText('Risk alerts could not be loaded.')).toBeInTheDocument();
    expect(within(errors).getByText('Risk limits could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Connection issues')).toBeInTheDocument();
    // No sample data: no rupee amounts and no computed percentages anywhere.
    expect(document.body.textContent).not.toMatch(/₹\s?\d/);
    expect(document.body.textContent).not.toMatch(/\d+\.\d+%/);
    expect(screen.queryByText('Using cached risk data.')).not.toBeInTheDocument();
  });

  it('retries every call from the banner and shows the figures once the system answers', async () => {
    server.use(...offlineHandlers);
    const { user } = renderWithProviders(<RiskPage />);
    await screen.findByText('Risk Management System Offline');

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated =
      <T,>(data: T) =>
      async () => {
        await gate;
        return ok(data);
      };
    server.use(
      mockRoute(contract.risk.metrics, gated(metrics)),
      mockRoute(contract.risk.positions, gated(positions)),
      mockRoute(contract.risk.alerts, gated(alerts)),
      mockRoute(contract.risk.limits, gated(limits)),
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Connecting to Risk System...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('₹12K')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Connecting to Risk System...')).not.toBeInTheDocument());
    expect(screen.queryByText('Risk Management System Offline')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Risk data errors' })).not.toBeInTheDocument();
  });

  it('names only the call that failed', async () => {
    server.use(mockRoute(contract.risk.positions, notConnected), ...connectedHandlers);
    renderWithProviders(<RiskPage />);
    const errors = await screen.findByRole('list', { name: 'Risk data errors' });
    expect(within(errors).getByText('Position risk could not be loaded.')).toBeInTheDocument();
    expect(within(errors).queryByText('Risk metrics could not be loaded.')).not.toBeInTheDocument();
    expect(within(errors).queryByText('Risk alerts could not be loaded.')).not.toBeInTheDocument();
    expect(within(errors).queryByText('Risk limits could not be loaded.')).not.toBeInTheDocument();
    expect(await screen.findByText('₹12K')).toBeInTheDocument();
    expect(screen.getAllByText('Position risk could not be loaded.').length).toBeGreaterThan(1);
  });

  it('says the figures are cached, and from when, when a refresh fails after data was shown', async () => {
    const { store } = await renderConnected();
    expect(screen.queryByText('Using cached risk data.')).not.toBeInTheDocument();
    server.use(...offlineHandlers);
    // What the 30-second poll does: ask every risk call again.
    act(() => {
      store.dispatch(api.util.invalidateTags(['Risk']));
    });
    expect(await screen.findByText('Unable to connect to risk management system')).toBeInTheDocument();
    expect(screen.getByText('Using cached risk data.')).toBeInTheDocument();
    // The one stale-data rule's line: the age of the kept figures.
    expect(screen.getByText('Stale · updated just now')).toBeInTheDocument();
    expect(screen.getByText('Risk Management System Offline')).toBeInTheDocument();
    // The cached figures stay on screen, labelled as such.
    expect(within(card('Value at Risk')).getByText('₹12K')).toBeInTheDocument();
  });
});
