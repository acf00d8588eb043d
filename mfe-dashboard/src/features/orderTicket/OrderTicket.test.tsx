/**
 * The order ticket: the estimate with every charge before submitting, the limit price field, the
 * refusal a limit would give, the server's rejection on submitting, success, and the paper / LIVE
 * label by the trading mode.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { contract, type PlaceOrderRequest } from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { toaster } from '@nivesh/ui';
import { orderPreview, placedOrder, tradingMode } from '../testing/fixtures';
import { OrderTicket } from './OrderTicket';
import type { OrderTicketPrefill } from './orderForm';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer();
const previews: unknown[] = [];
const placed: unknown[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  previews.length = 0;
  placed.length = 0;
  toaster.remove();
});
afterAll(() => server.close());

function handlers(mode: 'paper' | 'live' = 'paper') {
  return [
    mockRoute(contract.trading.getMode, () => tradingMode(mode)),
    mockRoute(contract.orders.preview, async ({ request }) => {
      previews.push(await request.json());
      return HttpResponse.json({ success: true, data: orderPreview() });
    }),
    mockRoute(contract.orders.place, async ({ request }) => {
      const body = (await request.json()) as PlaceOrderRequest;
      placed.push(body);
      return HttpResponse.json({
        success: true,
        message: 'Bought 10 RELIANCE at ₹2,456.75',
        data: placedOrder(body),
      });
    }),
  ];
}

const BUY_RELIANCE: OrderTicketPrefill = { symbol: 'RELIANCE', side: 'BUY', quantity: 10, product: 'CNC' };

function renderTicket(prefill: OrderTicketPrefill = BUY_RELIANCE) {
  const onClose = jest.fn();
  const rendered = renderWithProviders(<OrderTicket open prefill={prefill} onClose={onClose} />);
  return { ...rendered, onClose };
}

const estimate = () => screen.findByRole('table', { name: 'Order estimate' });
const row = (table: HTMLElement, name: string) => within(table).getByRole('row', { name });
const makeOwnCharges = () => orderPreview().own_charges;
const placeButton = () => screen.getByRole('button', { name: /^Place (paper|LIVE) (buy|sell) order$/ });

describe('the order ticket', () => {
  it('shows the estimated price, value, every charge and the total before submitting', async () => {
    server.use(...handlers());
    renderTicket();
    const table = await estimate();
    expect(row(table, 'Estimated price ₹2,456.75')).toBeInTheDocument();
    expect(row(table, 'Order value ₹24,567.50')).toBeInTheDocument();
    expect(row(table, 'Brokerage ₹20.00')).toBeInTheDocument();
    expect(row(table, 'STT ₹25.00')).toBeInTheDocument();
    expect(row(table, 'Exchange transaction charge ₹0.73')).toBeInTheDocument();
    expect(row(table, 'SEBI turnover fee ₹0.02')).toBeInTheDocument();
    expect(row(table, 'Stamp duty ₹4.00')).toBeInTheDocument();
    expect(row(table, 'GST ₹3.74')).toBeInTheDocument();
    expect(row(table, 'DP charge ₹0.00')).toBeInTheDocument();
    expect(row(table, 'Total charges ₹53.49')).toBeInTheDocument();
    expect(row(table, 'Total amount (value + charges) ₹24,620.99')).toBeInTheDocument();
    expect(row(table, 'Available cash ₹5,00,000.00')).toBeInTheDocument();
    expect(previews.at(-1)).toEqual({
      symbol: 'RELIANCE',
      side: 'BUY',
      quantity: 10,
      order_type: 'MARKET',
      product: 'CNC',
    });
    await waitFor(() => expect(placeButton()).toBeEnabled());
    expect(screen.getByTestId('order-mode')).toHaveTextContent('Paper order');
    expect(placeButton()).toHaveTextContent('Place paper buy order');
  });

  it("shows a same-day sell's own charges, then the true-up of today's buy as its own line with its reason", async () => {
    // 10 RELIANCE bought today at ₹2,456.75 and sold at the same price. The sell's own charges:
    // its 10 shares as intraday, STT 0.025% of ₹24,567.50 = ₹6.14 → ₹6, no stamp, no DP: ₹30.49.
    // The true-up: the buy's delivery STT ₹25 comes back, and of its stamp ₹4 the day owes ₹1
    // (0.003% on the buy): -₹28. What the fill pays: ₹2.49.
    const own = {
      brokerage: 20,
      stt: 6,
      exchange_charge: 0.73,
      sebi_fee: 0.02,
      stamp_duty: 0,
      gst: 3.74,
      dp_charge: 0,
      total: 30.49,
    };
    server.use(
      mockRoute(contract.trading.getMode, () => tradingMode('paper')),
      mockRoute(contract.orders.preview, () => ({
        success: true,
        data: orderPreview({
          charges: { ...own, stt: -19, stamp_duty: -3, total: 2.49 },
          own_charges: own,
          net_amount: 24_565.01,
          true_up: { same_day_quantity: 10, stt: -25, stamp_duty: -3, dp_charge: 0, total: -28 },
        }),
      })),
    );
    renderTicket({ ...BUY_RELIANCE, side: 'SELL' });
    const table = await estimate();
    const names = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(names.slice(2)).toEqual([
      'Brokerage₹20.00',
      'STT₹6.00',
      'Exchange transaction charge₹0.73',
      'SEBI turnover fee₹0.02',
      'Stamp duty₹0.00',
      'GST₹3.74',
      'DP charge₹0.00',
      "This order's charges₹30.49",
      'Same-day true-up-₹28.00',
      "10 shares of this sell were bought today: as on a broker's contract note they settle as intraday (STT at the intraday rate, no DP charge), so the delivery charges today's buy paid come back (STT -₹25.00, stamp duty -₹3.00).",
      'Total charges₹2.49',
      'Net amount (value - charges)₹24,565.01',
      'Available cash₹5,00,000.00',
    ]);
  });

  it("names a buy's share of the day's rounding of stamp duty as its own line", async () => {
    const own = makeOwnCharges();
    server.use(
      mockRoute(contract.trading.getMode, () => tradingMode('paper')),
      mockRoute(contract.orders.preview, () => ({
        success: true,
        data: orderPreview({
          charges: { ...own, stamp_duty: own.stamp_duty + 1, total: own.total + 1 },
          own_charges: own,
          true_up: { same_day_quantity: 0, stt: 0, stamp_duty: 1, dp_charge: 0, total: 1 },
        }),
      })),
    );
    renderTicket();
    const table = await estimate();
    expect(row(table, 'Stamp duty ₹4.00')).toBeInTheDocument();
    expect(row(table, "Day's rounding true-up ₹1.00")).toBeInTheDocument();
    expect(
      within(table).getByText(
        "STT and stamp duty are rounded to the rupee once per stock per day, as on a broker's contract note: this order's share of today's rounding (stamp duty ₹1.00).",
      ),
    ).toBeInTheDocument();
    expect(row(table, 'Total charges ₹54.49')).toBeInTheDocument();
  });

  it('shows no true-up when the order pays exactly its own charges', async () => {
    server.use(...handlers());
    renderTicket();
    const table = await estimate();
    expect(within(table).queryByText(/true-up/)).not.toBeInTheDocument();
    expect(within(table).queryByText("This order's charges")).not.toBeInTheDocument();
    expect(row(table, 'Total charges ₹53.49')).toBeInTheDocument();
  });

  it("asks for a new estimate as the fields change, and names a sale's net amount", async () => {
    server.use(...handlers());
    const { user } = renderTicket();
    await estimate();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '25');
    await user.selectOptions(screen.getByLabelText('Product'), 'MIS');
    await waitFor(() =>
      expect(previews.at(-1)).toEqual({
        symbol: 'RELIANCE',
        side: 'SELL',
        quantity: 25,
        order_type: 'MARKET',
        product: 'MIS',
      }),
    );
    expect(
      within(await estimate()).getByRole('row', { name: 'Net amount (value - charges) ₹24,620.99' }),
    ).toBeInTheDocument();
    expect(placeButton()).toHaveTextContent('Place paper sell order');
  });

  it('shows the limit price field (₹0.05 steps) only for a LIMIT order, and sends the price', async () => {
    server.use(...handlers());
    const { user } = renderTicket();
    await estimate();
    expect(screen.queryByLabelText('Limit price')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Order type'), 'LIMIT');
    const price = screen.getByLabelText('Limit price');
    expect(price).toHaveAttribute('step', '0.05');
    expect(screen.getByText('Enter a limit price.')).toBeInTheDocument();
    await user.type(price, '2400.03');
    expect(await screen.findByText('The limit price must be a multiple of ₹0.05.')).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
    await user.clear(price);
    await user.type(price, '2400.05');
    await waitFor(() =>
      expect(previews.at(-1)).toEqual({
        symbol: 'RELIANCE',
        side: 'BUY',
        quantity: 10,
        order_type: 'LIMIT',
        limit_price: 2400.05,
        product: 'CNC',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Order type'), 'MARKET');
    expect(screen.queryByLabelText('Limit price')).not.toBeInTheDocument();
  });

  it('offers SL-M with a trigger price field and no limit price, and sends the trigger', async () => {
    server.use(...handlers());
    const { user } = renderTicket({ symbol: 'RELIANCE', side: 'SELL', quantity: 10, product: 'CNC' });
    await estimate();
    expect(screen.getByRole('option', { name: 'Stop-loss market (SL-M)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Stop-loss limit (SL)' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Trigger price')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Order type'), 'SL-M');
    const trigger = screen.getByLabelText('Trigger price');
    expect(trigger).toHaveAttribute('step', '0.05');
    expect(screen.queryByLabelText('Limit price')).not.toBeInTheDocument();
    expect(screen.getByText('Triggers when the price falls to it: below the last price')).toBeInTheDocument();
    expect(screen.getByText('Enter a trigger price.')).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
    await user.type(trigger, '2400.02');
    expect(await screen.findByText('The trigger price must be a multiple of ₹0.05.')).toBeInTheDocument();
    await user.clear(trigger);
    await user.type(trigger, '2400');
    await waitFor(() =>
      expect(previews.at(-1)).toEqual({
        symbol: 'RELIANCE',
        side: 'SELL',
        quantity: 10,
        order_type: 'SL-M',
        trigger_price: 2400,
        product: 'CNC',
      }),
    );
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await user.click(placeButton());
    await waitFor(() =>
      expect(placed).toEqual([
        {
          symbol: 'RELIANCE',
          side: 'SELL',
          quantity: 10,
          order_type: 'SL-M',
          trigger_price: 2400,
          product: 'CNC',
        },
      ]),
    );
  });

  it("offers SL with trigger and limit prices, shows the contract's rule for the limit's side, and sends both", async () => {
    server.use(
      mockRoute(contract.orders.place, async ({ request }) => {
        const body = (await request.json()) as PlaceOrderRequest;
        placed.push(body);
        return HttpResponse.json({
          success: true,
          message:
            'Paper stop-loss order to buy 10 RELIANCE is open: it triggers when the price rises to ₹2,500.00, then buys at a limit of ₹2,510.00.',
          data: placedOrder(body, 'open'),
        });
      }),
      ...handlers(),
    );
    const { user, onClose } = renderTicket();
    await estimate();
    await user.selectOptions(screen.getByLabelText('Order type'), 'SL');
    expect(screen.getByText('Triggers when the price rises to it: above the last price')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Trigger price'), '2500');
    expect(await screen.findByText('Enter a limit price.')).toBeInTheDocument();
    const limit = screen.getByLabelText('Limit price');
    await user.type(limit, '2495');
    expect(
      await screen.findByText('The limit price of a BUY SL order must be at or above its trigger price.'),
    ).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
    await user.clear(limit);
    await user.type(limit, '2510');
    const request = {
      symbol: 'RELIANCE',
      side: 'BUY',
      quantity: 10,
      order_type: 'SL',
      limit_price: 2510,
      trigger_price: 2500,
      product: 'CNC',
    };
    await waitFor(() => expect(previews.at(-1)).toEqual(request));
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await user.click(placeButton());
    expect(
      await screen.findByText(
        'Paper stop-loss order to buy 10 RELIANCE is open: it triggers when the price rises to ₹2,500.00, then buys at a limit of ₹2,510.00.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Order placed')).toBeInTheDocument();
    expect(placed).toEqual([request]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal of a trigger the price has already crossed", async () => {
    const refusal =
      'Trigger price ₹2,460.00 must be below the last price of RELIANCE, ₹2,456.75: a sell stop-loss triggers when the price falls to its trigger, so this one would trigger at once';
    server.use(
      mockRoute(contract.orders.preview, () => ({
        success: true,
        data: orderPreview({ rejection: { limit: 'stop_trigger', message: refusal } }),
      })),
      ...handlers(),
    );
    const { user } = renderTicket({ ...BUY_RELIANCE, side: 'SELL' });
    await user.selectOptions(screen.getByLabelText('Order type'), 'SL-M');
    await user.type(screen.getByLabelText('Trigger price'), '2460');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This order would be refused')).toBeInTheDocument();
    expect(within(alert).getByText(refusal)).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
  });

  it('shows the refusal a limit would give, and does not let the order be placed', async () => {
    const refusal =
      'Order value ₹24,567.50 exceeds the maximum position size of ₹20,000.00 (max_position_size).';
    server.use(
      mockRoute(contract.orders.preview, () => ({
        success: true,
        data: orderPreview({ rejection: { limit: 'max_position_size', message: refusal } }),
      })),
      ...handlers(),
    );
    renderTicket();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This order would be refused')).toBeInTheDocument();
    expect(within(alert).getByText(refusal)).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
  });

  it("shows the server's message for a symbol it does not know", async () => {
    server.use(
      mockRoute(contract.orders.preview, () =>
        HttpResponse.json(errorBody('Unknown symbol "RELIANC": not an NSE equity this server trades.'), {
          status: 400,
        }),
      ),
      ...handlers(),
    );
    renderTicket({ symbol: 'RELIANC', quantity: 1 });
    expect(
      await screen.findByText('Unknown symbol "RELIANC": not an NSE equity this server trades.'),
    ).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
  });

  it("shows the server's rejection (422) naming the limit and figures, and stays open", async () => {
    const rejection =
      "Today's loss ₹26,100.00 would pass the daily loss limit of ₹25,000.00 (max_daily_loss).";
    server.use(
      mockRouteError(contract.orders.place, 422, rejection, { limit: 'max_daily_loss' }),
      ...handlers(),
    );
    const { user, onClose } = renderTicket();
    await estimate();
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await user.click(placeButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Order not placed')).toBeInTheDocument();
    expect(within(alert).getByText(rejection)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('places the order, says so in a toast and closes', async () => {
    server.use(...handlers());
    const { user, onClose } = renderTicket();
    await estimate();
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await user.click(placeButton());
    expect(await screen.findByText('Bought 10 RELIANCE at ₹2,456.75')).toBeInTheDocument();
    expect(screen.getByText('Order filled')).toBeInTheDocument();
    expect(placed).toEqual([
      { symbol: 'RELIANCE', side: 'BUY', quantity: 10, order_type: 'MARKET', product: 'CNC' },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('labels a LIVE order in red in live mode', async () => {
    server.use(...handlers('live'));
    renderTicket();
    await estimate();
    await waitFor(() => expect(screen.getByTestId('order-mode')).toHaveTextContent('LIVE order'));
    expect(screen.getByText('Executes with real money through the broker.')).toBeInTheDocument();
    await waitFor(() => expect(placeButton()).toBeEnabled());
    expect(placeButton()).toHaveTextContent('Place LIVE buy order');
    expect(placeButton()).toHaveAttribute('data-account', 'live');
  });
});
