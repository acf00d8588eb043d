import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '../theme/UiProvider';
import { system } from '../theme/fullSystem';
import { TradingModeSwitch, type TradingModeSwitchControl } from './TradingModeSwitch';

const paper: TradingModeSwitchControl = {
  mode: 'paper',
  loading: false,
  unavailable: false,
  retry: () => undefined,
  switching: false,
  checking: false,
  failure: null,
  confirming: false,
  refusal: null,
  request: async () => null,
  confirm: async () => null,
  cancel: () => undefined,
};

describe('TradingModeSwitch', () => {
  it("puts what the mode means on its own line under the mode's name, and the switch never shrinks", async () => {
    render(
      <UiProvider system={system}>
        <TradingModeSwitch control={paper} />
      </UiProvider>,
    );
    const box = await screen.findByTestId('trading-mode-switch');
    const text = within(box).getByTestId('trading-mode-text');
    // A column: the note is a line of its own (in the sidebar, side by side they ran under the switch).
    expect(text).toHaveStyle({ flexDirection: 'column' });
    expect(within(text).getByText('Paper')).toBeInTheDocument();
    expect(within(text).getByText('simulated orders')).toBeInTheDocument();
    const switchRoot = within(box).getByRole('checkbox', { name: 'Real trading' }).closest('label')!;
    expect(switchRoot).toHaveStyle({ flexShrink: '0' });
  });
});

describe('TradingModeSwitch refusing real money', () => {
  it('says why in the dialog, with links to where it is fixed, and Close only', async () => {
    const followed: string[] = [];
    let cancelled = 0;
    const refused: TradingModeSwitchControl = {
      ...paper,
      cancel: () => {
        cancelled += 1;
      },
      refusal: {
        reason: 'Live trading needs a valid Upstox access token. No Upstox access token is stored.',
        fixes: [
          {
            label: "Paste a new Upstox access token on the Dashboard's broker panel",
            href: '/dashboard',
            onFollow: (event) => {
              event.preventDefault();
              followed.push('/dashboard');
            },
          },
          {
            label: 'Connect Upstox in Settings › Data Sources',
            href: '/settings?tab=data-sources',
            onFollow: (event) => {
              event.preventDefault();
              followed.push('/settings?tab=data-sources');
            },
          },
        ],
      },
    };
    render(
      <UiProvider system={system}>
        <TradingModeSwitch control={refused} />
      </UiProvider>,
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Real trading cannot be switched on')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Live trading needs a valid Upstox access token. No Upstox access token is stored.',
    );
    expect(within(dialog).queryByText(/Real-money trades will execute/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Switch to Real Trading' })).not.toBeInTheDocument();
    const paste = within(dialog).getByRole('link', { name: /Paste a new Upstox access token/ });
    expect(paste).toHaveAttribute('href', '/dashboard');
    expect(
      within(dialog).getByRole('link', { name: 'Connect Upstox in Settings › Data Sources' }),
    ).toHaveAttribute('href', '/settings?tab=data-sources');
    const user = userEvent.setup();
    await user.click(paste);
    expect(followed).toEqual(['/dashboard']);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(cancelled).toBeGreaterThan(0);
  });
});
