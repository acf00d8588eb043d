/**
 * The session badge of Market Status on a phone: a holiday's name makes it longer than the room
 * beside the title, so it must wrap (onto its own line, and inside itself) rather than run past the
 * card's edge. jsdom lays nothing out: this checks the styles that make it so; the end-to-end test
 * 10-screens-fit measures it at 390 px.
 */
import { screen, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { makeMarketStatus } from '@nivesh/api-contract/testing';
import { mockRoute, renderWithProviders, setupServer } from '@nivesh/api-client/testing';
import { marketOverview } from '../../features/testing/fixtures';
import { MarketStatusPanel } from './MarketStatusPanel';

const HOLIDAY = 'Prakash Gurpurb Sri Guru Nanak Dev';

const server = setupServer(
  mockRoute(contract.market.overview, { success: true, data: marketOverview }),
  mockRoute(
    contract.market.status,
    makeMarketStatus('CLOSED', { closed_reason: 'holiday', holiday_name: HOLIDAY, is_trading_day: false }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('MarketStatusPanel', () => {
  it("wraps a long session badge inside the card: under the title, and inside the badge's own width", async () => {
    renderWithProviders(<MarketStatusPanel />);
    const market = await screen.findByRole('region', { name: 'Market Status' });
    const badge = await within(market).findByText(`Closed · ${HOLIDAY}`);
    expect(badge).toHaveStyle({ whiteSpace: 'normal', maxWidth: 'var(--chakra-sizes-full)' });
    const header = within(market).getByRole('heading', { name: 'Market Status' }).parentElement!
      .parentElement!;
    expect(header).toContainElement(badge);
    expect(header).toHaveStyle({ flexWrap: 'wrap' });
  });
});
