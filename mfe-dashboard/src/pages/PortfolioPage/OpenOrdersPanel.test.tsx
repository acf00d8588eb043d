/**
 * The open orders list shows a stop-loss order's trigger (and its type), says once the trigger has
 * been crossed, and cancels a stop like any other order.
 */
import { configure, screen, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { HttpResponse, mockRoute, renderWithProviders, setupServer } from '@nivesh/api-client/testing';
import { toaster } from '@nivesh/ui';
import { placedOrder } from '../../features/testing/fixtures';
import { OpenOrdersPanel } from './OpenOrdersPanel';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  toaster.remove();
});
afterAll(() => server.close());

const slm = {
  ...placedOrder(
    { symbol: 'INFY', side: 'SELL', quantity: 10, order_type: 'SL-M', trigger_price: 1_480, product: 'CNC' },
    'open',
  ),
  order_id: 'PO-slm',
};
const triggeredSl = {
  ...placedOrder(
    {
      symbol: 'TCS',
      side: 'SELL',
      quantity: 2,
      order_type: 'SL',
      trigger_price: 3_800,
      limit_price: 3_790.5,
      product: 'MIS',
    },
    'open',
  ),
  order_id: 'PO-sl',
  triggered_at: '2026-11-20T09:50:00.000Z',
};

describe('the open orders list', () => {
  it("shows a stop's trigger and type, and when its trigger has been crossed", async () => {
    server.use(mockRoute(contract.orders.list, () => ({ success: true, data: [slm, triggeredSl] })));
    renderWithProviders(<OpenOrdersPanel />);
    const table = await screen.findByRole('table', { name: 'Open orders' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Sell 10 INFY at market, trigger ₹1,480.00')).toBeInTheDocument();
    expect(within(first!).getAllByText('SL-M').length).toBeGreaterThan(0);
    expect(
      within(second!).getByText('Sell 2 TCS at ₹3,790.50, trigger ₹3,800.00 crossed'),
    ).toBeInTheDocument();
    expect(within(second!).getAllByText('SL').length).toBeGreaterThan(0);
  });

  it('cancels a resting stop after confirming', async () => {
    let open = [slm];
    const cancelled: string[] = [];
    server.use(
      mockRoute(contract.orders.list, () => ({ success: true, data: open })),
      mockRoute(contract.orders.cancel, ({ params }) => {
        cancelled.push(String(params.orderId));
        open = [];
        return HttpResponse.json({
          success: true,
          message: 'Order PO-slm cancelled: sell 10 INFY.',
          data: { ...slm, status: 'cancelled' },
        });
      }),
    );
    const { user } = renderWithProviders(<OpenOrdersPanel />);
    const table = await screen.findByRole('table', { name: 'Open orders' });
    await user.click(
      within(table).getByRole('button', { name: 'Cancel Sell 10 INFY at market, trigger ₹1,480.00' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Sell 10 INFY at market, trigger ₹1,480.00')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order PO-slm cancelled: sell 10 INFY.')).toBeInTheDocument();
    expect(cancelled).toEqual(['PO-slm']);
    expect(await screen.findByText('No open orders.')).toBeInTheDocument();
  });
});
