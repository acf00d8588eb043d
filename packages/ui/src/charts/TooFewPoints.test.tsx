import { render, screen } from '@testing-library/react';
import { UiProvider } from '../theme/UiProvider';
import { system } from '../theme/fullSystem';
import { TooFewPoints, TRADING_DAYS, tooFewPointsText } from './TooFewPoints';

describe('tooFewPointsText', () => {
  it('says how many points the chart has and needs', () => {
    expect(tooFewPointsText(2, 5, TRADING_DAYS)).toBe('Not enough history yet: 2 trading days of 5 needed');
    expect(tooFewPointsText(1, 5, TRADING_DAYS)).toBe('Not enough history yet: 1 trading day of 5 needed');
    expect(tooFewPointsText(0, 3, { one: 'sample', many: 'samples' }, 'Not enough samples yet')).toBe(
      'Not enough samples yet: 0 samples of 3 needed',
    );
  });
});

describe('TooFewPoints', () => {
  it('shows the counts and the reason instead of a chart', () => {
    render(
      <UiProvider system={system}>
        <TooFewPoints have={2} need={5} unit={TRADING_DAYS}>
          The curve appears after the fifth trading day.
        </TooFewPoints>
      </UiProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Not enough history yet: 2 trading days of 5 needed' + 'The curve appears after the fifth trading day.',
    );
  });
});
