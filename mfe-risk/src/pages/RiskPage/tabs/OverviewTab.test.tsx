import { screen, within } from '@testing-library/react';
import { layOutCharts, renderWithProviders } from '@nivesh/api-client/testing';
import { makeRiskPosition } from '@nivesh/api-contract/testing';
import { marketStatus, metrics, positions } from '../../../testing/riskFixtures';
import { OverviewTab } from './OverviewTab';

layOutCharts();

/** The fill of each slice a ring draws, in order. */
const slices = (chart: HTMLElement) =>
  [...chart.querySelectorAll('.recharts-pie-sector path')].map((slice) => slice.getAttribute('fill'));

/** The labels a chart draws along one axis. */
const ticks = (chart: HTMLElement, side: 'left' | 'bottom') =>
  [...chart.querySelectorAll(`.recharts-cartesian-axis-tick-value[orientation="${side}"]`)].map(
    (tick) => tick.textContent,
  );

const renderOverview = (props: Partial<Parameters<typeof OverviewTab>[0]> = {}) =>
  renderWithProviders(
    <OverviewTab
      metrics={metrics}
      metricsLoading={false}
      positions={positions}
      positionsLoading={false}
      connection="connected"
      feed={marketStatus.feed}
      {...props}
    />,
  );

describe('Risk overview charts', () => {
  it('draws the risk distribution of the positions as a ring with its shares', () => {
    renderOverview();
    const chart = screen.getByRole('img', { name: /^Risk distribution/ });
    expect(chart).toHaveAccessibleName('Risk distribution of 4 positions: low 50%, medium 25%, high 25%');
    // One slice per level held, coloured by level.
    expect(slices(chart)).toEqual([
      'var(--chakra-colors-green-solid)',
      'var(--chakra-colors-yellow-solid)',
      'var(--chakra-colors-red-solid)',
    ]);
    expect(within(chart).getByText('4')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('risk-share-low')).getByText('2 of 4 positions · ₹4,00,000 exposure'),
    ).toBeInTheDocument();
  });

  it('shows the exposure by sector, largest first, with each sector’s share of the money held', () => {
    renderOverview();
    // ₹6,00,000 held: IT ₹2,70,000 (TCS and INFY), Energy ₹2,50,000, Financials ₹80,000.
    const chart = screen.getByRole('img', { name: /^Exposure by sector/ });
    expect(chart).toHaveAccessibleName(
      'Exposure by sector: IT 45% (₹2,70,000), Energy 41.7% (₹2,50,000), Financials 13.3% (₹80,000)',
    );
    expect(slices(chart)).toEqual([
      'var(--chakra-colors-blue-solid)',
      'var(--chakra-colors-teal-solid)',
      'var(--chakra-colors-purple-solid)',
    ]);
    expect(within(chart).getByText('₹6L')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Exposure by sector' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'IT2 positions45%₹2,70,000',
      'Energy1 position41.7%₹2,50,000',
      'Financials1 position13.3%₹80,000',
    ]);
  });

  it('counts a stock the instrument list has no sector for as Unclassified', () => {
    renderOverview({
      positions: [
        makeRiskPosition({ symbol: 'INFY', sector: 'IT', position_value: 30_000 }),
        makeRiskPosition({ symbol: 'NEWCO', sector: null, position_value: 10_000 }),
      ],
    });
    expect(screen.getByTestId('sector-Unclassified')).toHaveTextContent('25%₹10,000');
    expect(screen.getByTestId('sector-IT')).toHaveTextContent('75%₹30,000');
  });

  it('draws the loss of each NIFTY drop as the bar, on a rupee axis from zero', () => {
    renderOverview();
    // ₹10,00,000 today: ₹9,12,000 / ₹8,24,000 / ₹7,36,000 after a 10 / 20 / 30% drop.
    const chart = screen.getByRole('img', { name: /^Stress test/ });
    expect(chart).toHaveAccessibleName(
      'Stress test: after a 10% NIFTY 50 drop, value ₹9,12,000, loss ₹88,000; after a 20% NIFTY 50 drop, value ₹8,24,000, loss ₹1,76,000; after a 30% NIFTY 50 drop, value ₹7,36,000, loss ₹2,64,000',
    );
    expect(ticks(chart, 'bottom')).toEqual(['-10%', '-20%', '-30%']);
    expect(within(chart).getByText('NIFTY 50 drop')).toBeInTheDocument();
    // Losses up to ₹2.64L: the axis runs 0 to ₹3L in lakhs (a step of 2.64L / 3 rounded up).
    expect(ticks(chart, 'left')).toEqual(['₹0', '₹1L', '₹2L', '₹3L']);
    // One bar per scenario: the loss, three times as tall at -30% as at -10%.
    const bars = [...chart.querySelectorAll('.recharts-bar-rectangle path')];
    expect(bars).toHaveLength(3);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[2]! / heights[0]!).toBeCloseTo(3, 1);
    expect(
      [...chart.querySelectorAll('.recharts-label-list text')].map((label) => label.textContent),
    ).toEqual(['-₹88,000', '-₹1.76L', '-₹2.64L']);
    expect(within(chart).getByText('Loss after the drop')).toBeInTheDocument();
    expect(within(chart).queryByText('Value after the drop')).not.toBeInTheDocument();
    expect(screen.getByTestId('stress-10')).toHaveTextContent('₹9,12,000');
    expect(screen.getByTestId('stress-10')).toHaveTextContent('-₹88,000 (-8.80%)');
  });

  it('says no scenario loses anything instead of drawing empty bars', () => {
    renderOverview({
      metrics: {
        ...metrics,
        portfolio_value: 25_000,
        stress_test: { scenario_1: 25_000, scenario_2: 25_000, scenario_3: 25_000 },
      },
    });
    const chart = screen.getByRole('img', { name: /^Stress test/ });
    expect(within(chart).getByText('No loss in any scenario')).toBeInTheDocument();
    expect(chart.querySelector('.recharts-bar-rectangle')).toBeNull();
  });

  it('writes the money held under a lakh in full, not in K', () => {
    renderOverview({
      positions: [
        makeRiskPosition({ symbol: 'INFY', sector: 'IT', position_value: 61_310 }),
        makeRiskPosition({ symbol: 'RELIANCE', sector: 'Energy', position_value: 30_000 }),
      ],
    });
    const chart = screen.getByRole('img', { name: /^Exposure by sector/ });
    expect(within(chart).getByText('₹91,310')).toBeInTheDocument();
    expect(within(chart).getByText('held')).toBeInTheDocument();
    expect(within(chart).queryByText(/K$/)).not.toBeInTheDocument();
  });

  it('says there is nothing to chart without open positions', () => {
    renderOverview({ positions: [] });
    expect(screen.getAllByText('No open positions')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /^Risk distribution/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Exposure by sector/ })).not.toBeInTheDocument();
  });
});
