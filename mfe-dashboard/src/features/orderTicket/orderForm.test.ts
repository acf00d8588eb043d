import { initialDraft, toOrderRequest, type OrderDraft } from './orderForm';

const draft = (changes: Partial<OrderDraft>): OrderDraft => ({ ...initialDraft(), ...changes });

describe('the order ticket fields', () => {
  it('start as a market delivery buy, or with what the holding prefills', () => {
    expect(initialDraft()).toEqual({
      side: 'BUY',
      symbol: '',
      quantity: '',
      orderType: 'MARKET',
      limitPrice: '',
      triggerPrice: '',
      product: 'CNC',
    });
    expect(initialDraft({ side: 'SELL', symbol: 'INFY', quantity: 50, product: 'MIS' })).toMatchObject({
      side: 'SELL',
      symbol: 'INFY',
      quantity: '50',
      product: 'MIS',
    });
  });

  it('make a market order, upper-casing the symbol and leaving out any limit price', () => {
    expect(toOrderRequest(draft({ symbol: ' reliance ', quantity: '10', limitPrice: '2400' }))).toEqual({
      ok: true,
      request: { symbol: 'RELIANCE', side: 'BUY', quantity: 10, order_type: 'MARKET', product: 'CNC' },
    });
  });

  it('make a limit order with its price', () => {
    expect(
      toOrderRequest(
        draft({ symbol: 'INFY', side: 'SELL', quantity: '5', orderType: 'LIMIT', limitPrice: '1520.35' }),
      ),
    ).toEqual({
      ok: true,
      request: {
        symbol: 'INFY',
        side: 'SELL',
        quantity: 5,
        order_type: 'LIMIT',
        limit_price: 1520.35,
        product: 'CNC',
      },
    });
  });

  it('make an SL-M order with its trigger and no limit price, and an SL order with both', () => {
    expect(
      toOrderRequest(
        draft({
          symbol: 'INFY',
          side: 'SELL',
          quantity: '10',
          orderType: 'SL-M',
          triggerPrice: '1480',
          limitPrice: '1470',
        }),
      ),
    ).toEqual({
      ok: true,
      request: {
        symbol: 'INFY',
        side: 'SELL',
        quantity: 10,
        order_type: 'SL-M',
        trigger_price: 1480,
        product: 'CNC',
      },
    });
    expect(
      toOrderRequest(
        draft({
          symbol: 'INFY',
          side: 'SELL',
          quantity: '10',
          orderType: 'SL',
          triggerPrice: '1480',
          limitPrice: '1475',
        }),
      ),
    ).toEqual({
      ok: true,
      request: {
        symbol: 'INFY',
        side: 'SELL',
        quantity: 10,
        order_type: 'SL',
        limit_price: 1475,
        trigger_price: 1480,
        product: 'CNC',
      },
    });
  });

  it('leave the trigger price out of a limit order', () => {
    const check = toOrderRequest(
      draft({ symbol: 'INFY', quantity: '1', orderType: 'LIMIT', limitPrice: '1500', triggerPrice: '1480' }),
    );
    expect(check.ok && check.request).not.toHaveProperty('trigger_price');
  });

  it.each([
    [{ symbol: 'TCS', quantity: '1', orderType: 'SL-M' as const }, 'Enter a trigger price.'],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'SL-M' as const, triggerPrice: 'x' },
      'Enter the trigger price in rupees.',
    ],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'SL' as const, triggerPrice: '3800' },
      'Enter a limit price.',
    ],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'SL-M' as const, triggerPrice: '3800.02' },
      'The trigger price must be a multiple of ₹0.05.',
    ],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'SL-M' as const, triggerPrice: '0' },
      'The trigger price must be above zero.',
    ],
    [
      {
        symbol: 'TCS',
        side: 'SELL' as const,
        quantity: '1',
        orderType: 'SL' as const,
        triggerPrice: '3800',
        limitPrice: '3810',
      },
      'The limit price of a SELL SL order must be at or below its trigger price.',
    ],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'SL' as const, triggerPrice: '3800', limitPrice: '3790' },
      'The limit price of a BUY SL order must be at or above its trigger price.',
    ],
  ])('refuse the stop-loss %j: %s', (changes, problem) => {
    expect(toOrderRequest(draft(changes))).toEqual({ ok: false, problem });
  });

  it.each([
    [{ symbol: '' }, 'Enter a symbol.'],
    [{ symbol: 'TCS', quantity: '' }, 'Enter a quantity.'],
    [{ symbol: 'TCS', quantity: '0' }, 'Quantity must be at least 1.'],
    [{ symbol: 'TCS', quantity: '2.5' }, 'Quantity must be a whole number of shares.'],
    [{ symbol: 'TCS', quantity: '100001' }, 'Quantity must be at most 1,00,000.'],
    [{ symbol: 'TCS', quantity: '1', orderType: 'LIMIT' as const }, 'Enter a limit price.'],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'LIMIT' as const, limitPrice: 'abc' },
      'Enter the limit price in rupees.',
    ],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'LIMIT' as const, limitPrice: '3850.12' },
      'The limit price must be a multiple of ₹0.05.',
    ],
    [
      { symbol: 'TCS', quantity: '1', orderType: 'LIMIT' as const, limitPrice: '-5' },
      'The limit price must be above zero.',
    ],
  ])('refuse %j: %s', (changes, problem) => {
    expect(toOrderRequest(draft(changes))).toEqual({ ok: false, problem });
  });
});
