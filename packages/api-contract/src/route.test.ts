import { z } from 'zod';
import { authRoutes } from './auth';
import { MAX_RUPEES, RupeeAmount } from './common';
import { PositionLimits, LossLimits } from './risk';
import { DailyAmount } from './allocation';
import { brokerRoutes } from './broker';
import { dataSourcesRoutes } from './dataSources';
import { MAX_ORDER_PRICE, MAX_ORDER_QUANTITY, PlaceOrderRequest, ordersRoutes } from './orders';
import { remotesRoutes } from './remotes';
import { NUL_IN_KEY, NUL_IN_TEXT, SURROGATE_IN_KEY, SURROGATE_IN_TEXT, route } from './route';
import {
  DEFAULT_PAPER_LIMITS,
  PaperBalanceRequest,
  PaperLimits,
  PaperResetRequest,
  TradeHistoryQuery,
  tradingRoutes,
} from './trading';

/** The issues of a failed parse, as `path: message`. */
function problems(schema: z.ZodType | undefined, value: unknown): string[] {
  const result = schema!.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('every route refuses the NUL character', () => {
  it('in any string of a body, at the field', () => {
    expect(problems(authRoutes.login.body, { email: 'a\u0000b@x.in', password: 'pw' })).toEqual([
      `email: ${NUL_IN_TEXT}`,
    ]);
    expect(
      problems(remotesRoutes.reportFailure.body, { version: '1.0.0', kind: 'entry', message: 'boom\u0000' }),
    ).toEqual([`message: ${NUL_IN_TEXT}`]);
    expect(problems(brokerRoutes.saveCredentials.body, { api_key: 'key\u0000' })).toEqual([
      `api_key: ${NUL_IN_TEXT}`,
    ]);
  });

  it('in path parameters and query strings', () => {
    expect(problems(ordersRoutes.cancel.params, { orderId: 'PO\u00001' })).toEqual([
      `orderId: ${NUL_IN_TEXT}`,
    ]);
    expect(problems(tradingRoutes.history.querystring, { search: 'INF\u0000Y' })).toEqual([
      `search: ${NUL_IN_TEXT}`,
    ]);
    expect(problems(brokerRoutes.callback.querystring, { state: '\u0000' })).toEqual([
      `state: ${NUL_IN_TEXT}`,
    ]);
  });

  it('in nested values and in object keys', () => {
    const source = { name: 'Feed', endpoint: 'https://feed.example.com', type: 'Custom API' };
    expect(problems(dataSourcesRoutes.add.body, { ...source, headers: { 'X-Key': 'v\u0000' } })).toEqual([
      `headers.X-Key: ${NUL_IN_TEXT}`,
    ]);
    expect(problems(dataSourcesRoutes.add.body, { ...source, headers: { 'X-\u0000': 'v' } })).toEqual([
      `headers: ${NUL_IN_KEY}`,
    ]);
  });

  it('after the fields own checks, which still speak', () => {
    expect(problems(authRoutes.login.body, { email: 'a\u0000b', password: '' })).toEqual([
      'password: Password is required',
      `email: ${NUL_IN_TEXT}`,
    ]);
  });

  it('for any route declared with route(), and accepts text without it', () => {
    const text = z.object({ note: z.string() });
    const declared = route({
      method: 'POST',
      path: '/api/x/:id',
      access: 'session',
      tag: 'x',
      summary: 'x',
      params: z.object({ id: z.string() }),
      querystring: text,
      body: z.object({ list: z.array(z.string()) }),
      responses: { 200: z.unknown() },
    });
    expect(problems(declared.params, { id: '\u0000' })).toEqual([`id: ${NUL_IN_TEXT}`]);
    expect(problems(declared.querystring, { note: 'ok\u0000' })).toEqual([`note: ${NUL_IN_TEXT}`]);
    expect(problems(declared.body, { list: ['a', 'b\u0000'] })).toEqual([`list.1: ${NUL_IN_TEXT}`]);
    expect(problems(declared.body, { list: ['a', 'b'] })).toEqual([]);
  });

  it('without changing the JSON Schema the API documentation is generated from', () => {
    const plain = z.object({ email: z.string().trim().min(1).max(320) });
    const declared = route({
      method: 'POST',
      path: '/api/y',
      access: 'public',
      tag: 'y',
      summary: 'y',
      body: plain,
      responses: { 200: z.unknown() },
    });
    expect(z.toJSONSchema(declared.body, { io: 'input' })).toEqual(z.toJSONSchema(plain, { io: 'input' }));
  });
});

describe('every route refuses a lone UTF-16 surrogate (half of a character)', () => {
  it('in the broker credentials, where one reached the database as a 500', () => {
    expect(problems(brokerRoutes.saveCredentials.body, { api_key: 'key\ud800xyz', api_secret: 's' })).toEqual(
      [`api_key: ${SURROGATE_IN_TEXT}`],
    );
    expect(problems(brokerRoutes.saveCredentials.body, { api_key: 'key', api_secret: '\udfff' })).toEqual([
      `api_secret: ${SURROGATE_IN_TEXT}`,
    ]);
  });

  it('high or low, at either end or inside, in bodies, paths, query strings and keys', () => {
    for (const text of ['\ud800', 'a\ud800', '\ud800a', '\udc00', 'a\udfffb', '\udc00\ud800']) {
      expect(problems(authRoutes.login.body, { email: `x${text}@b.in`, password: 'pw' })).toEqual([
        `email: ${SURROGATE_IN_TEXT}`,
      ]);
    }
    expect(problems(ordersRoutes.cancel.params, { orderId: 'PO\ud8001' })).toEqual([
      `orderId: ${SURROGATE_IN_TEXT}`,
    ]);
    expect(problems(tradingRoutes.history.querystring, { search: 'INFY\udbff' })).toEqual([
      `search: ${SURROGATE_IN_TEXT}`,
    ]);
    const source = { name: 'Feed', endpoint: 'https://feed.example.com', type: 'Custom API' };
    expect(problems(dataSourcesRoutes.add.body, { ...source, headers: { 'X-\ud800': 'v' } })).toEqual([
      `headers: ${SURROGATE_IN_KEY}`,
    ]);
  });

  it('and takes whole characters outside the Basic Multilingual Plane (a surrogate pair)', () => {
    expect(
      problems(remotesRoutes.reportFailure.body, { version: '1.0.0', kind: 'entry', message: '😀 𝔸 ₹' }),
    ).toEqual([]);
    expect(problems(authRoutes.login.body, { email: '\ud83d\ude00@b.in', password: 'pw' })).toEqual([]);
  });
});

describe('amounts of rupees in requests', () => {
  it('are bounded so that paise, and sums of them, stay exact integers', () => {
    expect(MAX_RUPEES).toBe(1e12);
    expect(Number.isSafeInteger(MAX_RUPEES * 100 * 50)).toBe(true);
    expect(Number.isSafeInteger(MAX_ORDER_PRICE * 100 * MAX_ORDER_QUANTITY)).toBe(true);
    expect(RupeeAmount.safeParse(MAX_RUPEES).success).toBe(true);
    expect(problems(RupeeAmount, MAX_RUPEES + 1)).toEqual([': amount must be at most ₹1,00,000 crore']);
    expect(problems(RupeeAmount, -1e17)).toEqual([': amount must be at least -₹1,00,000 crore']);
  });

  it('are refused from ₹1,00,000 crore up in every request that carries one', () => {
    const tooMuch = 1e17;
    const limits = DEFAULT_PAPER_LIMITS;
    expect(problems(PaperBalanceRequest, { balance: tooMuch })).toEqual([
      'balance: amount must be at most ₹1,00,000 crore',
    ]);
    expect(problems(PaperResetRequest, { balance: tooMuch })).toEqual([
      'balance: amount must be at most ₹1,00,000 crore',
    ]);
    expect(PaperLimits.safeParse(limits).success).toBe(true);
    for (const [field, label] of [
      ['max_position_size', 'Max position size'],
      ['max_daily_loss', 'Max daily loss'],
      ['min_balance_threshold', 'Min balance threshold'],
    ] as const) {
      expect(problems(PaperLimits, { ...limits, [field]: tooMuch })[0]).toBe(
        `${field}: ${label} must be at most ₹1,00,000 crore.`,
      );
      expect(problems(PaperLimits, { ...limits, [field]: MAX_RUPEES + 1 })).toEqual([
        `${field}: ${label} must be at most ₹1,00,000 crore.`,
      ]);
    }
    // Brokerage has a range of its own, far below.
    expect(problems(PaperLimits, { ...limits, brokerage_per_trade: tooMuch })[0]).toBe(
      'brokerage_per_trade: Brokerage per trade must be between ₹0 and ₹1,000 per order, in whole rupees.',
    );
    expect(problems(PaperLimits, { ...limits, max_positions_count: 1e12 })).toHaveLength(1);
    expect(
      PositionLimits.safeParse({
        max_position_size: tooMuch,
        max_single_stock: 0.1,
        max_sector_exposure: 0.3,
        min_diversification: 5,
      }).success,
    ).toBe(false);
    expect(
      LossLimits.safeParse({
        daily_loss_limit: 1,
        weekly_loss_limit: 2,
        monthly_loss_limit: tooMuch,
        max_drawdown_limit: 0.1,
      }).success,
    ).toBe(false);
    expect(DailyAmount.safeParse(1e15).success).toBe(false);
    expect(problems(TradeHistoryQuery, { min_pnl: '1e13' })).toEqual([
      'min_pnl: amount must be at most ₹1,00,000 crore',
    ]);
    expect(problems(TradeHistoryQuery, { page: '1e9' })).toHaveLength(1);
  });

  it('refuse a limit price that would be 0 paise, or beyond ₹1 crore a share', () => {
    const order = { symbol: 'INFY', side: 'BUY', quantity: 1, order_type: 'LIMIT', product: 'CNC' };
    expect(problems(PlaceOrderRequest, { ...order, limit_price: 0.001 })).toEqual([
      'limit_price: limit_price must be at least ₹0.05 (one tick)',
    ]);
    expect(problems(PlaceOrderRequest, { ...order, limit_price: 0 })).toEqual([
      'limit_price: limit_price must be above zero',
    ]);
    expect(problems(PlaceOrderRequest, { ...order, limit_price: 1e8 })).toEqual([
      'limit_price: limit_price must be at most ₹1 crore (₹1,00,00,000) a share',
    ]);
    expect(PlaceOrderRequest.safeParse({ ...order, limit_price: 0.05 }).success).toBe(true);
    expect(PlaceOrderRequest.safeParse({ ...order, limit_price: MAX_ORDER_PRICE }).success).toBe(true);
  });
});
