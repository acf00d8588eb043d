import { render, screen, within } from '@testing-library/react';
import { UiProvider } from '../theme/UiProvider';
import { system } from '../theme/fullSystem';
import { TradingModeSwitch, type TradingModeSwitchControl } from './TradingModeSwitch';

const paper: TradingModeSwitchControl = {
  mode: 'paper',
  loading: false,
  unavailable: false,
  retry: () => undefined,
  switching: false,
  failure: null,
  confirming: false,
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
