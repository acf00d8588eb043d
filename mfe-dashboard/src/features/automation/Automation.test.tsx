/** Automated execution on the Daily Allocation page: status, pause/resume, run time, and the decisions. */
import { screen, waitFor, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { makeAutomationStatus, makeDecision, makeDecisionDay, ok } from '@nivesh/api-contract/testing';
import {
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { AutomationPanel } from './AutomationPanel';
import { DecisionsPanel } from './DecisionsPanel';

jest.setTimeout(30_000);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('AutomationPanel', () => {
  it('shows the state, the next run, the open positions and what the last run did', async () => {
    server.use(mockRoute(contract.allocation.automation, () => ok(makeAutomationStatus())));
    renderWithProviders(<AutomationPanel />);
    expect(await screen.findByRole('group', { name: 'Automation' })).toHaveTextContent('On');
    expect(screen.getByRole('group', { name: 'Automation' })).toHaveTextContent('Paper account');
    expect(screen.getByRole('group', { name: 'Next run' })).toHaveTextContent('05 Mar 2026, 09:30 am IST');
    expect(screen.getByRole('group', { name: 'Open automated positions' })).toHaveTextContent(
      '1With a resting stop',
    );
    const lines = screen.getByRole('list', { name: 'What the last run did' });
    expect(within(lines).getByText(/Bought 10 INFY \(Trend following\)/)).toBeInTheDocument();
    expect(screen.getByText(/₹49,210 of ₹50,000 · 2 orders/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause automation' })).toBeInTheDocument();
  });

  it('says how many open positions a stop-loss rests for, from the orders the server reads', async () => {
    server.use(
      mockRoute(contract.allocation.automation, () =>
        ok(makeAutomationStatus({ open_positions: 5, protected_positions: 3 })),
      ),
    );
    renderWithProviders(<AutomationPanel />);
    const card = await screen.findByRole('group', { name: 'Open automated positions' });
    await waitFor(() => expect(card).toHaveTextContent('53 with a resting stop, 2 without'));
  });

  it('says when no open position has a resting stop (an emergency stop of old stripped them)', async () => {
    server.use(
      mockRoute(contract.allocation.automation, () =>
        ok(makeAutomationStatus({ open_positions: 5, protected_positions: 0 })),
      ),
    );
    renderWithProviders(<AutomationPanel />);
    const card = await screen.findByRole('group', { name: 'Open automated positions' });
    await waitFor(() => expect(card).toHaveTextContent('5None with a resting stop'));
  });

  it('says what holds new entries back', async () => {
    const reason = 'Cash is 12.0% of the account value, below the 15% liquidity floor.';
    server.use(
      mockRoute(contract.allocation.automation, () => ok(makeAutomationStatus({ blocked_by: [reason] }))),
    );
    renderWithProviders(<AutomationPanel />);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Automation' })).toHaveTextContent('On · held');
  });

  it('resumes with the typed run time, refusing one outside the session first', async () => {
    const posted: unknown[] = [];
    server.use(
      mockRoute(contract.allocation.automation, () =>
        ok(makeAutomationStatus({ enabled: false, next_run_at: null })),
      ),
      mockRoute(contract.allocation.setAutomation, async ({ request }) => {
        const body = (await request.json()) as { enabled: boolean; run_time?: string };
        posted.push(body);
        return HttpResponse.json({
          success: true,
          message: `Automation on: the allocator runs each trading day at ${body.run_time} IST.`,
          data: makeAutomationStatus({ run_time: body.run_time ?? '09:30' }),
        });
      }),
    );
    const { user } = renderWithProviders(<AutomationPanel />);
    expect(await screen.findByRole('group', { name: 'Automation' })).toHaveTextContent('Paused');
    const input = screen.getByLabelText('Run time (IST)');
    await user.clear(input);
    await user.type(input, '16:00');
    expect(screen.getByText('Run time must be between 09:15 and 15:20 IST')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume automation' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '10:05');
    await user.click(screen.getByRole('button', { name: 'Resume automation' }));
    expect(
      await screen.findByText('Automation on: the allocator runs each trading day at 10:05 IST.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ enabled: true, run_time: '10:05' }]);
    expect(screen.getByRole('button', { name: 'Pause automation' })).toBeInTheDocument();
  });

  it('takes any run time the server says its session allows: at every hour while the simulated market is always open', async () => {
    const posted: unknown[] = [];
    const alwaysOpen = {
      from: '00:00',
      before: null,
      note: 'The simulated market is open at every hour (NIVESH_SIM_ALWAYS_OPEN): any run time is taken.',
    };
    server.use(
      mockRoute(contract.allocation.automation, () =>
        ok(makeAutomationStatus({ enabled: false, next_run_at: null, run_time_window: alwaysOpen })),
      ),
      mockRoute(contract.allocation.setAutomation, async ({ request }) => {
        const body = (await request.json()) as { enabled: boolean; run_time?: string };
        posted.push(body);
        return HttpResponse.json({
          success: true,
          message: `Automation on: the allocator runs each day at ${body.run_time} IST.`,
          data: makeAutomationStatus({ run_time: body.run_time ?? '09:30', run_time_window: alwaysOpen }),
        });
      }),
    );
    const { user } = renderWithProviders(<AutomationPanel />);
    expect(await screen.findByText(alwaysOpen.note)).toBeInTheDocument();
    const input = screen.getByLabelText('Run time (IST)');
    await user.clear(input);
    await user.type(input, '22:30');
    expect(screen.queryByText(/Run time must be/)).not.toBeInTheDocument();
    expect(screen.getByText(alwaysOpen.note)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume automation' }));
    expect(
      await screen.findByText('Automation on: the allocator runs each day at 22:30 IST.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ enabled: true, run_time: '22:30' }]);
  });

  it("says NSE's window beside the field, and marks a stored time outside it", async () => {
    server.use(
      mockRoute(contract.allocation.automation, () =>
        ok(makeAutomationStatus({ enabled: false, next_run_at: null, run_time: '22:30' })),
      ),
    );
    renderWithProviders(<AutomationPanel />);
    expect(await screen.findByText('Run time must be between 09:15 and 15:20 IST')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume automation' })).toBeDisabled();
  });

  it('shows the server refusal when pausing fails', async () => {
    server.use(
      mockRoute(contract.allocation.automation, () => ok(makeAutomationStatus())),
      mockRouteError(contract.allocation.setAutomation, 400, 'Run time must be HH:MM (24-hour, IST)'),
    );
    const { user } = renderWithProviders(<AutomationPanel />);
    await user.click(await screen.findByRole('button', { name: 'Pause automation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Run time must be HH:MM (24-hour, IST)');
  });
});

describe('DecisionsPanel', () => {
  it('lists each day with its run, each decision with its figures and outcome, and folds the skipped ones', async () => {
    const skipped = makeDecision({
      id: 2,
      symbol: 'TCS',
      action: 'skipped',
      reason: 'confidence 58.0% is below the phase minimum of 63.0%',
      quantity: null,
      order_id: null,
      outcome: null,
    });
    server.use(
      mockRoute(contract.allocation.decisions, () =>
        ok([makeDecisionDay({ decisions: [makeDecision(), skipped] })]),
      ),
    );
    const { user } = renderWithProviders(<DecisionsPanel />);
    const day = await screen.findByRole('region', { name: 'Decisions of 2026-03-04' });
    expect(within(day).getByText('04 Mar 2026')).toBeInTheDocument();
    const rows = within(day).getAllByTestId('decision');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('INFY');
    expect(rows[0]).toHaveTextContent('Trend following');
    expect(rows[0]).toHaveTextContent('Confidence 71%');
    expect(rows[0]).toHaveTextContent('Stop ₹1,470');
    expect(rows[0]).toHaveTextContent('Target ₹1,640');
    expect(rows[0]).toHaveTextContent('Expected move 7.89% vs break-even 0.24%');
    expect(rows[0]).toHaveTextContent('Target hit · +₹1,157 (+7.61% after charges)');
    expect(rows[0]).toHaveTextContent('ML win probability 64.0%');
    const figures = within(rows[0]!).getByTestId('expected-realised');
    expect(figures).toHaveTextContent('Expected +₹545 · Realised +₹1,157');
    expect(within(figures).getByText('+₹545')).toHaveAttribute('data-tone', 'gain');
    expect(within(figures).getByText('+₹1,157')).toHaveAttribute('data-tone', 'gain');
    const calibration = screen.getByRole('group', { name: 'Calibration in rupees' });
    expect(calibration).toHaveTextContent('Expected +₹545 · Realised +₹1,157 over 1 resolved entry');
    await user.click(within(day).getByRole('button', { name: 'Show 1 signals passed over' }));
    await waitFor(() => expect(within(day).getAllByTestId('decision')).toHaveLength(2));
    expect(within(day).getByText('confidence 58.0% is below the phase minimum of 63.0%')).toBeInTheDocument();
  });

  it('sums expected against realised P&L over the resolved entries with an expectation', async () => {
    const loser = makeDecision({
      id: 3,
      symbol: 'SBIN',
      ml_probability: 0.41,
      expected_pnl: -120.4,
      outcome: { at: '2026-03-06T06:00:00.000Z', kind: 'stop', return_pct: -3.62, pnl: -542.8 },
    });
    const open = makeDecision({ id: 4, symbol: 'ITC', expected_pnl: 300, outcome: null });
    const unfilled = makeDecision({
      id: 5,
      symbol: 'HDFCBANK',
      expected_pnl: 200,
      outcome: { at: '2026-03-05T10:00:00.000Z', kind: 'cancelled', return_pct: 0, pnl: 0 },
    });
    const noModel = makeDecision({ id: 6, symbol: 'LT', ml_probability: null, expected_pnl: null });
    const byHand = makeDecision({
      id: 7,
      symbol: 'HCLTECH',
      ml_probability: null,
      expected_pnl: null,
      outcome: { at: '2026-03-05T09:00:00.000Z', kind: 'manual', return_pct: -0.97, pnl: -76.98 },
    });
    server.use(
      mockRoute(contract.allocation.decisions, () =>
        ok([
          makeDecisionDay({
            trading_day: '2026-03-05',
            decisions: [loser, open, unfilled, noModel, byHand],
          }),
          makeDecisionDay(),
        ]),
      ),
    );
    renderWithProviders(<DecisionsPanel />);
    // 545.2 − 120.4 = 424.8 expected; 1,157.2 − 542.8 = 614.4 realised; the open, the unfilled and
    // the one without a model are left out.
    const calibration = await screen.findByRole('group', { name: 'Calibration in rupees' });
    expect(calibration).toHaveTextContent('Expected +₹425 · Realised +₹614 over 2 resolved entries');
    expect(calibration).toHaveTextContent('in the 2 days listed');

    const row = (symbol: string) =>
      screen.getAllByTestId('decision').find((r) => within(r).queryByText(symbol) !== null)!;
    const sbin = within(row('SBIN')).getByTestId('expected-realised');
    expect(sbin).toHaveTextContent('Expected -₹120 · Realised -₹543');
    expect(within(sbin).getByText('-₹120')).toHaveAttribute('data-tone', 'loss');
    expect(within(sbin).getByText('-₹543')).toHaveAttribute('data-tone', 'loss');
    expect(row('SBIN')).toHaveTextContent('ML win probability 41.0%');
    expect(within(row('ITC')).getByTestId('expected-realised')).toHaveTextContent(
      'Expected +₹300 · Realised open',
    );
    expect(within(row('HDFCBANK')).getByTestId('expected-realised')).toHaveTextContent(
      'Expected +₹200 · Realised not filled',
    );
    expect(row('LT')).toHaveTextContent('No ML model');
    expect(row('HCLTECH')).toHaveTextContent('Closed by hand · -₹77 (-0.97% after charges)');
    expect(within(row('LT')).queryByTestId('expected-realised')).not.toBeInTheDocument();
  });

  it('says when no entry with an expectation has resolved yet', async () => {
    server.use(
      mockRoute(contract.allocation.decisions, () =>
        ok([makeDecisionDay({ decisions: [makeDecision({ outcome: null })] })]),
      ),
    );
    renderWithProviders(<DecisionsPanel />);
    expect(await screen.findByRole('group', { name: 'Calibration in rupees' })).toHaveTextContent(
      'No resolved entry with a model expectation in the 1 day listed yet.',
    );
  });

  it('says when there are no decisions yet', async () => {
    server.use(mockRoute(contract.allocation.decisions, () => ok([])));
    renderWithProviders(<DecisionsPanel />);
    expect(
      await screen.findByText('No decisions yet: they appear here after the first automated run.'),
    ).toBeInTheDocument();
  });
});
