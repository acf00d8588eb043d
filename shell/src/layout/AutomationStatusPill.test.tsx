/** The automation pill of the top bar: on with the next run, paused, held back, or absent when not run. */
import { configure, screen, waitFor } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { makeAutomationStatus, ok } from '@nivesh/api-contract/testing';
import { mockRoute, mockRouteError, setupServer } from '@nivesh/api-client/testing';
import { defaultHandlers, PAGE_TEXT, renderLayout } from './layoutTestSupport';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer(...defaultHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function pill() {
  renderLayout();
  await screen.findByRole('heading', { name: PAGE_TEXT });
  return screen.findByTestId('automation-status');
}

it('says automation is on, with the account, next run and open positions, and links to Daily Allocation', async () => {
  server.use(
    mockRoute(contract.allocation.automation, () => ok(makeAutomationStatus({ open_positions: 2 }))),
  );
  const element = await pill();
  expect(element).toHaveTextContent('Automation on');
  expect(element).toHaveAttribute('href', '/allocation');
  expect(element.getAttribute('title')).toMatch(
    /^Paper account · next run .*5 Mar.* · 2 open automated positions$/,
  );
});

it('says automation is paused when it is switched off', async () => {
  expect(await pill()).toHaveTextContent('Automation paused');
});

it('says automation is held, and why, while a circuit breaker holds new entries back', async () => {
  const reason = 'NIFTY 50 fell 3.4% within the last hour (limit 3%).';
  server.use(
    mockRoute(contract.allocation.automation, () => ok(makeAutomationStatus({ blocked_by: [reason] }))),
  );
  const element = await pill();
  expect(element).toHaveTextContent('Automation held');
  expect(element).toHaveAttribute('title', reason);
});

it('shows nothing while the server does not run the automation (503)', async () => {
  server.use(mockRouteError(contract.allocation.automation, 503, 'The allocation service is not connected.'));
  renderLayout();
  await screen.findByRole('heading', { name: PAGE_TEXT });
  await waitFor(() => expect(screen.queryByTestId('automation-status')).not.toBeInTheDocument());
});
