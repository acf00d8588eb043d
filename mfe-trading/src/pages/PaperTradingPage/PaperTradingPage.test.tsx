import { configure, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '@nivesh/ui';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import {
  DEFAULT_PAPER_COSTS,
  DEFAULT_PAPER_LIMITS,
  type PaperCostSettings,
  type PaperLimits,
  contract,
} from '@nivesh/api-contract';
import { makeOverview } from '../../testing/fixtures';
import PaperTradingPage from './PaperTradingPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Toasts live in one module-level store: clear them so one test's messages do not leak into the next.
afterEach(() => {
  server.resetHandlers();
  toaster.remove();
});
afterAll(() => server.close());

const NOT_CONNECTED = 'The trading service is not connected on this server.';

function overviewHandler(overview = makeOverview()) {
  return mockRoute(contract.portfolio.overview, () => ({ success: true, data: overview }));
}

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

async function renderConnected() {
  server.use(overviewHandler());
  const rendered = renderWithProviders(<PaperTradingPage />);
  await screen.findByText('₹10,52,340');
  return rendered;
}

describe('PaperTradingPage connected', () => {
  it('shows the account from the overview', async () => {
    await renderConnected();
    expect(screen.getByRole('heading', { name: 'Paper Trading' })).toBeInTheDocument();
    // The overview's prices come from the simulated feed (the sidebar's Simulated badge).
    expect(
      screen.getByText('Practice trading with virtual money using simulated market data'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/real market data/)).not.toBeInTheDocument();
    expect(within(card('Cash Balance')).getByText('₹7,39,840')).toBeInTheDocument();
    expect(within(card('Portfolio Value')).getByText('₹10,52,340')).toBeInTheDocument();
    expect(within(card('Total Return')).getByText('+5.23%')).toBeInTheDocument();
    expect(within(card('Total Return')).getByText('+₹52,340')).toBeInTheDocument();
    expect(within(card('Active Positions')).getByText('4')).toBeInTheDocument();
    expect(within(card('Active Positions')).getByText('57 trades filled in all')).toBeInTheDocument();
    expect(within(card("Today's P&L")).getByText('-₹4,250')).toBeInTheDocument();
    expect(within(card('Trades Today')).getByText('3')).toBeInTheDocument();
    expect(within(card('Unrealized P&L')).getByText('+₹12,870')).toBeInTheDocument();
    // Each P&L says it is after charges, as on every other page.
    for (const label of ['Total Return', "Today's P&L", 'Unrealized P&L']) {
      expect(within(card(label)).getByText('after charges')).toBeInTheDocument();
    }
  });

  it('says real market data only when the account is priced by the Upstox feed', async () => {
    server.use(overviewHandler(makeOverview({ data_source: 'upstox' })));
    renderWithProviders(<PaperTradingPage />);
    expect(
      await screen.findByText('Practice trading with virtual money using real market data'),
    ).toBeInTheDocument();
  });

  it('names no data source before the paper account has answered', async () => {
    server.use(mockRouteError(contract.portfolio.overview, 503, NOT_CONNECTED));
    renderWithProviders(<PaperTradingPage />);
    expect(await screen.findByText('Paper Trading Account Not Connected')).toBeInTheDocument();
    expect(screen.getByText('Practice trading with virtual money')).toBeInTheDocument();
    expect(screen.queryByText(/market data/)).not.toBeInTheDocument();
  });

  it('marks each limit check safe or unsafe', async () => {
    await renderConnected();
    expect(screen.getByRole('img', { name: 'Balance: safe' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Daily Loss: safe' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Positions: safe' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Exposure: unsafe' })).toBeInTheDocument();
    expect(screen.getByText('92.5% of 80.0%')).toBeInTheDocument();
    expect(screen.getByText('₹4,250 of ₹25,000')).toBeInTheDocument();
    expect(screen.getByText('₹7,15,219 available (min ₹1,00,000)')).toBeInTheDocument();
  });

  it('shows the cash held for open orders as its own figure, and the figures add up', async () => {
    // Value ₹10,52,340 = cash ₹7,39,840 + holdings ₹3,12,500; cash = ₹7,15,219.01 available +
    // ₹24,620.99 held by a resting buy.
    await renderConnected();
    expect(within(card('Cash Balance')).getByText('₹7,39,840')).toBeInTheDocument();
    expect(
      within(card('Cash Balance')).getByText('₹7,15,219.01 available + ₹24,620.99 held for open orders'),
    ).toBeInTheDocument();
    expect(
      within(card('Portfolio Value')).getByText('Cash ₹7,39,840.00 + Holdings ₹3,12,500.00'),
    ).toBeInTheDocument();
  });

  it('does not show the live account as the paper account', async () => {
    server.use(overviewHandler(makeOverview({ trading_mode: 'live', limits_status: null })));
    renderWithProviders(<PaperTradingPage />);
    expect(await screen.findByText('Live trading is active')).toBeInTheDocument();
    expect(within(card('Portfolio Value')).getByText('--')).toBeInTheDocument();
    expect(screen.queryByText('₹10,52,340')).not.toBeInTheDocument();
  });
});

describe('the cash balance editor', () => {
  async function openEditor() {
    const rendered = await renderConnected();
    await rendered.user.click(screen.getByRole('button', { name: 'Edit cash balance' }));
    const input = screen.getByRole('spinbutton', { name: 'New cash balance' });
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '1000');
    return { ...rendered, input };
  }

  it.each([
    ['empty', ''],
    ['negative', '-500'],
  ])('refuses an %s amount without calling the server', async (_, typed) => {
    const calls: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperBalance, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ success: true, new_balance: 0, message: 'ok' });
      }),
    );
    const { user, input } = await openEditor();
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(screen.getByText('Please enter a valid positive balance amount.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['₹1.50', '1.5'],
    ['zero', '0'],
    ['₹4,999.99', '4999.99'],
  ])('refuses %s, below the smallest capital phase, with a sentence naming the minimum', async (_, typed) => {
    const calls: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperBalance, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ success: true, new_balance: 1.5, message: 'ok' });
      }),
    );
    const { user, input } = await openEditor();
    await user.clear(input);
    await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(
      screen.getByText("The balance must be at least ₹5,000, the smallest capital phase's minimum."),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves the smallest capital phase minimum itself', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperBalance, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, new_balance: 5_000, message: 'Balance set' });
      }),
    );
    const { user, input } = await openEditor();
    await user.clear(input);
    await user.type(input, '5000');
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(await screen.findByText('Balance updated successfully to ₹5,000')).toBeInTheDocument();
    expect(bodies).toEqual([{ balance: 5_000 }]);
  });

  it('saves the new balance and says so in en-IN format', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperBalance, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, new_balance: 1_500_000, message: 'Balance set' });
      }),
    );
    const { user, input } = await openEditor();
    await user.clear(input);
    await user.type(input, '1500000');
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(await screen.findByText('Balance updated successfully to ₹15,00,000')).toBeInTheDocument();
    expect(bodies).toEqual([{ balance: 1_500_000 }]);
    expect(screen.queryByRole('spinbutton', { name: 'New cash balance' })).not.toBeInTheDocument();
  });

  it('shows the server reason when it refuses', async () => {
    server.use(mockRouteError(contract.trading.setPaperBalance, 409, 'Close open positions first'));
    const { user, input } = await openEditor();
    await user.clear(input);
    await user.type(input, '200000');
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(
      await screen.findByText('Failed to update balance: Close open positions first'),
    ).toBeInTheDocument();
  });

  it('asks to try again when the server fails without a reason', async () => {
    server.use(mockRoute(contract.trading.setPaperBalance, () => new HttpResponse(null, { status: 500 })));
    const { user, input } = await openEditor();
    await user.clear(input);
    await user.type(input, '200000');
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(await screen.findByText('Failed to update balance. Please try again.')).toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    server.use(mockRoute(contract.trading.setPaperBalance, () => HttpResponse.error()));
    const { user, input } = await openEditor();
    await user.clear(input);
    await user.type(input, '200000');
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(await screen.findByText('Error updating balance. Please try again.')).toBeInTheDocument();
  });

  it('shows the balance it set, with what open orders hold beside it, once the account answers again', async () => {
    let saved = false;
    server.use(
      mockRoute(contract.portfolio.overview, () => ({
        success: true,
        data: saved
          ? makeOverview({
              portfolio_value: 1_500_000,
              total_value: 1_500_000,
              invested_value: 0,
              cash_balance: 1_500_000,
              available_balance: 1_497_974.35,
              blocked_funds: 2_025.65,
            })
          : makeOverview(),
      })),
      mockRoute(contract.trading.setPaperBalance, () => {
        saved = true;
        return HttpResponse.json({ success: true, new_balance: 1_500_000, message: 'Balance set' });
      }),
    );
    const { user } = renderWithProviders(<PaperTradingPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit cash balance' }));
    const input = screen.getByRole('spinbutton', { name: 'New cash balance' });
    await user.clear(input);
    await user.type(input, '1500000');
    await user.click(screen.getByRole('button', { name: 'Save balance' }));
    expect(await screen.findByText('Balance updated successfully to ₹15,00,000')).toBeInTheDocument();
    expect(await within(card('Cash Balance')).findByText('₹15,00,000')).toBeInTheDocument();
    expect(
      within(card('Cash Balance')).getByText('₹14,97,974.35 available + ₹2,025.65 held for open orders'),
    ).toBeInTheDocument();
    expect(within(card('Cash Balance')).queryByText('₹14,97,974')).not.toBeInTheDocument();
  });

  it('cancels without saving', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(within(card('Cash Balance')).getByText('₹7,39,840')).toBeInTheDocument();
  });
});

const STT = 'STT rate (% of turnover)';
const TRANSACTION = 'Transaction charges (% of turnover)';
const EXPOSURE = 'Max portfolio exposure (% of the account)';
const SIZE = 'Max position size (₹)';
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.chakra-field__root') as HTMLElement;

describe('the configuration panel', () => {
  const CURRENT: PaperLimits = { ...DEFAULT_PAPER_LIMITS, max_position_size: 75_000 };

  async function openConfiguration(limitsAnswer = () => HttpResponse.json({ success: true, data: CURRENT })) {
    server.use(
      mockRoute(contract.trading.getPaperLimits, limitsAnswer),
      mockRoute(contract.trading.getPaperCosts, () => ({ success: true, data: DEFAULT_PAPER_COSTS })),
    );
    const rendered = await renderConnected();
    await rendered.user.click(screen.getByRole('button', { name: 'Configuration' }));
    return rendered;
  }

  it('shows every limit in one unit, the one beside it: rates and the exposure as percents', async () => {
    await openConfiguration();
    expect(await screen.findByLabelText(SIZE)).toHaveValue(75_000);
    expect(within(fieldOf(SIZE)).getByText('₹')).toBeInTheDocument();
    // The API's 0.8 and 0.001 are fractions; the operator reads and types 80% and 0.1%.
    expect(screen.getByLabelText(EXPOSURE)).toHaveValue(80);
    expect(within(fieldOf(EXPOSURE)).getByText('%')).toBeInTheDocument();
    expect(screen.getByLabelText(STT)).toHaveValue(0.1);
    expect(screen.getByLabelText(TRANSACTION)).toHaveValue(0.00345);
    expect(within(fieldOf(STT)).getByText('%')).toBeInTheDocument();
    expect(screen.queryByText(/fraction/i)).not.toBeInTheDocument();
  });

  it("refuses an STT of 30% as it is typed, with the server's sentence beside it, and keeps Update disabled", async () => {
    const calls: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperLimits, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Saved', data: CURRENT });
      }),
    );
    const { user } = await openConfiguration();
    const stt = await screen.findByLabelText(STT);
    await user.clear(stt);
    await user.type(stt, '30');
    expect(
      within(fieldOf(STT)).getByText('STT rate must be between 0% and 0.5% of turnover.'),
    ).toBeInTheDocument();
    expect(stt).toHaveAttribute('aria-invalid', 'true');
    const update = screen.getByRole('button', { name: 'Update Limits' });
    expect(update).toBeDisabled();
    await user.click(update);
    expect(calls).toHaveLength(0);
    await user.clear(stt);
    await user.type(stt, '0.1');
    expect(update).toBeEnabled();
  });

  it('sends amounts as integers, percents as the fractions the API keeps, and says the limits were updated', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperLimits, async ({ request }) => {
        const body = (await request.json()) as PaperLimits;
        bodies.push(body);
        return HttpResponse.json({ success: true, message: 'Saved', data: body });
      }),
    );
    const { user } = await openConfiguration();
    const size = await screen.findByLabelText(SIZE);
    await user.clear(size);
    await user.type(size, '60000.9');
    await user.clear(screen.getByLabelText(EXPOSURE));
    await user.type(screen.getByLabelText(EXPOSURE), '60');
    await user.click(screen.getByRole('button', { name: 'Update Limits' }));
    expect(await screen.findByText('Trading limits updated successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...CURRENT, max_position_size: 60_000, max_portfolio_exposure: 0.6 }]);
  });

  it('refuses an exposure above 100%', async () => {
    const { user } = await openConfiguration();
    const exposure = await screen.findByLabelText(EXPOSURE);
    await user.clear(exposure);
    await user.type(exposure, '150');
    expect(
      screen.getByText('Max portfolio exposure must be above 0% and at most 100% of the account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Limits' })).toBeDisabled();
  });

  it('says the update failed when the server refuses, and errored when unreachable', async () => {
    server.use(mockRouteError(contract.trading.setPaperLimits, 503, NOT_CONNECTED));
    const { user } = await openConfiguration();
    await screen.findByLabelText(SIZE);
    await user.click(screen.getByRole('button', { name: 'Update Limits' }));
    expect(await screen.findByText('Failed to update trading limits.')).toBeInTheDocument();

    server.use(mockRoute(contract.trading.setPaperLimits, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Update Limits' }));
    expect(await screen.findByText('Error updating trading limits.')).toBeInTheDocument();
  });

  it('shows the limits as unavailable when the service is not connected', async () => {
    await openConfiguration(() => HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 }));
    expect(await screen.findByText('Trading limits are not available')).toBeInTheDocument();
    expect(screen.getByText(NOT_CONNECTED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Limits' })).not.toBeInTheDocument();
  });

  it('asks for confirmation before a reset, and cancelling does nothing', async () => {
    const calls: unknown[] = [];
    server.use(
      mockRoute(contract.trading.resetPaperAccount, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Reset', balance: 1_000_000 });
      }),
    );
    const { user } = await openConfiguration();
    await user.click(screen.getByRole('button', { name: 'Reset Account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'WARNING: This will reset your entire paper trading account! All positions will be closed and balance reset to ₹10,00,000. Are you sure?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset Account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, reset account' }),
    );
    expect(await screen.findByText('Paper trading account reset successfully!')).toBeInTheDocument();
    expect(calls).toEqual([{ balance: 1_000_000 }]);
  });

  it('says the reset failed when the server refuses', async () => {
    server.use(mockRouteError(contract.trading.resetPaperAccount, 503, NOT_CONNECTED));
    const { user } = await openConfiguration();
    await user.click(screen.getByRole('button', { name: 'Reset Account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, reset account' }),
    );
    expect(await screen.findByText('Failed to reset paper trading account.')).toBeInTheDocument();
  });
});

describe('the trading costs', () => {
  const COSTS: PaperCostSettings = { ...DEFAULT_PAPER_COSTS, brokerage_rate: 0.0003 };
  const BROKERAGE = 'Brokerage rate cap (% of turnover)';
  const INTRADAY_STT = 'Intraday STT rate (% of turnover)';
  const DP = 'DP charge (₹ per stock per day)';

  async function openCosts() {
    server.use(
      mockRoute(contract.trading.getPaperLimits, () => ({ success: true, data: DEFAULT_PAPER_LIMITS })),
      mockRoute(contract.trading.getPaperCosts, () => ({ success: true, data: COSTS })),
    );
    const rendered = await renderConnected();
    await rendered.user.click(screen.getByRole('button', { name: 'Configuration' }));
    await screen.findByLabelText(BROKERAGE);
    return rendered;
  }

  it('shows every cost setting in the unit beside it, rates as percents', async () => {
    await openCosts();
    const expected: Array<[string, number]> = [
      [BROKERAGE, 0.03],
      [INTRADAY_STT, 0.025],
      ['Stamp duty on delivery (% of turnover)', 0.015],
      ['Stamp duty on intraday (% of turnover)', 0.003],
      ['GST rate (% of the charges it applies to)', 18],
      ['Simulated half-spread (% of the last price)', 0.05],
    ];
    for (const [label, value] of expected) {
      expect(screen.getByLabelText(label)).toHaveValue(value);
      expect(within(fieldOf(label)).getByText('%')).toBeInTheDocument();
    }
    const sebi = 'SEBI turnover fee (₹ per crore of turnover)';
    expect(screen.getByLabelText(sebi)).toHaveValue(10);
    expect(within(fieldOf(sebi)).getByText(/^= 0.0001% of turnover · /)).toBeInTheDocument();
    expect(screen.getByLabelText(DP)).toHaveValue(18.5);
  });

  it('saves the costs as the API keeps them, an empty brokerage cap as flat brokerage only', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperCosts, async ({ request }) => {
        const body = (await request.json()) as PaperCostSettings;
        bodies.push(body);
        return HttpResponse.json({ success: true, message: 'Saved', data: body });
      }),
    );
    const { user } = await openCosts();
    await user.clear(screen.getByLabelText(BROKERAGE));
    await user.clear(screen.getByLabelText(DP));
    await user.type(screen.getByLabelText(DP), '15.93');
    await user.clear(screen.getByLabelText(INTRADAY_STT));
    await user.type(screen.getByLabelText(INTRADAY_STT), '0.02');
    await user.click(screen.getByRole('button', { name: 'Update Costs' }));
    expect(await screen.findByText('Trading costs updated successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...COSTS, brokerage_rate: null, dp_charge: 15.93, intraday_stt_rate: 0.0002 }]);
  });

  it('refuses a rate beyond its range as it is typed, saying the range in percent', async () => {
    const calls: unknown[] = [];
    server.use(
      mockRoute(contract.trading.setPaperCosts, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Saved', data: COSTS });
      }),
    );
    const { user } = await openCosts();
    const stt = screen.getByLabelText(INTRADAY_STT);
    await user.clear(stt);
    await user.type(stt, '2.5');
    expect(
      within(fieldOf(INTRADAY_STT)).getByText('Intraday STT rate must be between 0% and 0.5% of turnover.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Costs' })).toBeDisabled();
    expect(calls).toHaveLength(0);
  });

  it('says the update failed when the server refuses', async () => {
    server.use(
      mockRouteError(
        contract.trading.setPaperCosts,
        400,
        'gst_rate: GST rate must be between 0% and 50% of the charges it applies to.',
      ),
    );
    const { user } = await openCosts();
    await user.click(screen.getByRole('button', { name: 'Update Costs' }));
    expect(await screen.findByText('Failed to update trading costs.')).toBeInTheDocument();
  });
});

describe('PaperTradingPage disconnected', () => {
  it('shows the not-connected state and no invented figures', async () => {
    server.use(
      mockRoute(contract.portfolio.overview, () =>
        HttpResponse.json(errorBody('The portfolio service is not connected on this server.'), {
          status: 503,
        }),
      ),
    );
    renderWithProviders(<PaperTradingPage />);
    expect(await screen.findByText('Paper Trading Account Not Connected')).toBeInTheDocument();
    expect(screen.getByText('The portfolio service is not connected on this server.')).toBeInTheDocument();
    for (const label of ['Cash Balance', 'Portfolio Value', 'Total Return', 'Active Positions']) {
      expect(within(card(label)).getByText('--')).toBeInTheDocument();
    }
    expect(screen.queryByText(/9,00,000|1,00,000/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit cash balance' })).not.toBeInTheDocument();
    expect(screen.getByText('Limit checks not available')).toBeInTheDocument();
  });
});
