/**
 * A fake Upstox for tests: two local HTTP servers (the API host and the api-hft order host) and a
 * WebSocket market-data feed, speaking Upstox's documented shapes: the sign-in dialog (redirects
 * with a one-time code), the token exchange (each code works once), quotes, candles, portfolio,
 * funds, order book and trades, holidays, market status, order place/modify/cancel with
 * Upstox-style order ids and errors (SL and SL-M orders wait 'trigger pending' until `setPrice`
 * crosses their trigger), 401 UDAPI100050 for a missing, unknown or expired token, and
 * the feed: authorize gives a ws:// URL with a one-time code; the socket reads the JSON subscription
 * from a binary frame and answers with protobuf FeedResponse messages. The user profile
 * (`/v2/user/profile`) answers for the tokens it issued, 401 UDAPI100050 for any other, revoked or
 * expired one. `state.offline` makes it unreachable (every connection is dropped unanswered).
 *
 * Its state (prices, holdings, cash, orders) is public so tests can arrange and inspect it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { z } from 'zod';
import { fromIstWallClock, istDateTimeText, istDay, istIsoText, istWallClock } from '@nivesh/api-contract';
import { encodeFeedResponse } from '../feedProto.js';
import {
  FeedSubscription,
  ModifyOrderBody,
  PlaceOrderBody,
  type UpstoxHolding,
  type UpstoxHoliday,
  type UpstoxOrder,
  type UpstoxPosition,
  type UpstoxTrade,
} from '../schemas.js';

const DAY_MS = 86_400_000;

export interface FakeInstrument {
  /** Upstox instrument key, e.g. `NSE_EQ|INE002A01018`, `NSE_INDEX|Nifty 50`. */
  key: string;
  /** Trading symbol (equities) or index name. */
  symbol: string;
  ltp: number;
  /** Previous session's close. */
  cp: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  /** Last trade time, epoch ms. */
  ltt: number;
}

export interface RecordedRequest {
  host: 'api' | 'hft';
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface FeedClient {
  socket: WebSocket;
  mode: 'ltpc' | 'full' | null;
  keys: Set<string>;
}

/** The 03:30 IST after `at` (Upstox access tokens live until then). */
export function nextTokenExpiry(at: Date): Date {
  const { year, month, day } = istWallClock(at);
  const sameDay = fromIstWallClock({ year, month, day, hour: 3, minute: 30 }).getTime();
  return new Date(sameDay > at.getTime() ? sameDay : sameDay + DAY_MS);
}

/** A JWT shaped like Upstox's (HS256 over a random secret), with the given expiry. */
export function makeJwt(payload: Record<string, unknown>, secret = randomBytes(16)): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

function errorBody(code: string, message: string) {
  return {
    status: 'error',
    errors: [
      {
        errorCode: code,
        message,
        propertyPath: null,
        invalidValue: null,
        error_code: code,
        property_path: null,
        invalid_value: null,
      },
    ],
  };
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface FakeUpstoxOptions {
  /** The fake's clock (token expiry, order and tick times); default the system clock. */
  now?: () => Date;
  /** The app registered with the fake (what the dialog and token exchange accept). */
  apiKey?: string;
  apiSecret?: string;
  redirectUri?: string;
}

export type FakeUpstox = Awaited<ReturnType<typeof startFakeUpstox>>;

/** Reliance on the test market day, as the tests quote it (last 2,500, previous close 2,480). */
export const RELIANCE_QUOTE = {
  key: 'NSE_EQ|INE002A01018',
  symbol: 'RELIANCE',
  ltp: 2500,
  cp: 2480,
  open: 2485,
  high: 2510,
  low: 2475,
  volume: 1_200_000,
} as const;

export async function startFakeUpstox(options: FakeUpstoxOptions = {}) {
  const now = options.now ?? (() => new Date());
  const app = {
    apiKey: options.apiKey ?? 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff',
    apiSecret: options.apiSecret ?? 'fake-secret-0123456789',
    redirectUri: options.redirectUri ?? 'http://localhost:4000/api/upstox/callback',
  };
  const jwtSecret = randomBytes(32);
  const authCodes = new Map<string, { used: boolean }>();
  const tokens = new Map<string, { expiresAt: Date; revoked: boolean }>();
  const feedCodes = new Map<string, { used: boolean }>();
  const feedClients = new Set<FeedClient>();
  const requests: RecordedRequest[] = [];
  let orderCounter = 0;

  const state = {
    instruments: new Map<string, FakeInstrument>(),
    /** Cash available to trade (rupees). */
    cash: 100_000,
    holdings: [] as UpstoxHolding[],
    positions: [] as UpstoxPosition[],
    orders: [] as UpstoxOrder[],
    trades: [] as UpstoxTrade[],
    holidays: [] as UpstoxHoliday[],
    /** Daily candles by instrument key: [IST date, open, high, low, close, volume]. */
    candles: new Map<string, Array<[string, number, number, number, number, number]>>(),
    marketStatus: 'NORMAL_OPEN',
    /** The next order placed is refused with this message (then cleared). */
    rejectNextOrder: null as string | null,
    /** Upstox is down: connections are dropped without an answer (requests are still recorded). */
    offline: false,
    /** What the user profile says about the account. */
    profile: {
      user_id: 'FK1234',
      user_name: 'Fake Operator',
      email: 'operator@example.com',
      is_active: true,
    },
  };

  // -------------------------------------------------------------------------------------------
  // Helpers
  // -------------------------------------------------------------------------------------------

  function instrumentOrThrow(key: string): FakeInstrument {
    const found = state.instruments.get(key);
    if (!found) throw new FakeError(400, 'UDAPI1087', 'Invalid Instrument key');
    return found;
  }

  const exchangeOf = (key: string) => key.split('|')[0] ?? 'NSE_EQ';
  const dataKey = (i: FakeInstrument) => `${exchangeOf(i.key)}:${i.symbol}`;

  function requireToken(headers: http.IncomingHttpHeaders): void {
    const match = /^Bearer (.+)$/.exec(headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    if (!token || token.revoked || token.expiresAt.getTime() <= now().getTime()) {
      throw new FakeError(401, 'UDAPI100050', 'Invalid token used to access API');
    }
  }

  function keysFrom(query: Record<string, string>): FakeInstrument[] {
    const raw = query['instrument_key'];
    if (!raw) throw new FakeError(400, 'UDAPI1009', 'instrument_key is required');
    const keys = raw.split(',').filter(Boolean);
    if (keys.length > 500) throw new FakeError(400, 'UDAPI100043', 'Maximum instrument key limit exceeded');
    for (const key of keys) {
      if (!/^[A-Z_]+\|.+$/.test(key))
        throw new FakeError(400, 'UDAPI1011', 'instrument_key is of invalid format');
    }
    return keys.map((key) => state.instruments.get(key)).filter((i): i is FakeInstrument => i !== undefined);
  }

  function nextOrderId(): string {
    orderCounter += 1;
    const ist = istDay(now());
    return `${ist.slice(2, 4)}${ist.slice(5, 7)}${ist.slice(8, 10)}${String(25_000_000 + orderCounter).padStart(9, '0')}`;
  }

  /** Executes an order at `price`: the book, a trade, the position and the cash move. */
  function execute(order: UpstoxOrder, price: number): void {
    const at = now();
    order.status = 'complete';
    order.filled_quantity = order.quantity;
    order.pending_quantity = 0;
    order.average_price = price;
    order.exchange_timestamp = istDateTimeText(at);
    const sign = order.transaction_type === 'BUY' ? 1 : -1;
    state.cash -= sign * price * order.quantity;
    state.trades.push({
      order_id: order.order_id,
      trade_id: String(50_000_000 + state.trades.length + 1),
      exchange: order.exchange ?? 'NSE',
      product: order.product,
      instrument_token: order.instrument_token,
      trading_symbol: order.trading_symbol ?? null,
      tradingsymbol: order.trading_symbol ?? null,
      order_type: order.order_type,
      transaction_type: order.transaction_type,
      quantity: order.quantity,
      average_price: price,
      exchange_timestamp: istDateTimeText(at),
      order_timestamp: order.order_timestamp ?? istDateTimeText(at),
    });
    const instrument = state.instruments.get(order.instrument_token);
    let position = state.positions.find(
      (p) => p.instrument_token === order.instrument_token && p.product === order.product,
    );
    if (!position) {
      position = {
        exchange: 'NSE',
        product: order.product,
        instrument_token: order.instrument_token,
        trading_symbol: order.trading_symbol ?? null,
        tradingsymbol: order.trading_symbol ?? null,
        quantity: 0,
        last_price: instrument?.ltp ?? price,
        close_price: instrument?.cp ?? price,
        average_price: null,
        buy_price: 0,
        sell_price: 0,
        pnl: 0,
        unrealised: 0,
        realised: 0,
      };
      state.positions.push(position);
    }
    const previousQuantity = position.quantity;
    position.quantity += sign * order.quantity;
    if (sign > 0) {
      const bought = (position.buy_price ?? 0) * Math.max(previousQuantity, 0) + price * order.quantity;
      position.buy_price = bought / Math.max(position.quantity, order.quantity);
    } else {
      position.sell_price = price;
    }
    position.average_price = position.quantity !== 0 ? (sign > 0 ? position.buy_price : price) : null;
    const last = instrument?.ltp ?? price;
    position.last_price = last;
    position.unrealised = position.average_price ? (last - position.average_price) * position.quantity : 0;
    position.pnl = (position.unrealised ?? 0) + (position.realised ?? 0);
  }

  function placeOrder(body: z.infer<typeof PlaceOrderBody>): string {
    const instrument = instrumentOrThrow(body.instrument_token);
    if (!body.instrument_token.startsWith('NSE_EQ|') && !body.instrument_token.startsWith('BSE_EQ|')) {
      throw new FakeError(400, 'UDAPI100036', 'Invalid Input: this instrument cannot be traded');
    }
    if ((body.order_type === 'LIMIT' || body.order_type === 'SL') && !(body.price > 0)) {
      throw new FakeError(400, 'UDAPI1021', `Price is required for a ${body.order_type} order`);
    }
    if ((body.order_type === 'SL' || body.order_type === 'SL-M') && !(body.trigger_price > 0)) {
      throw new FakeError(400, 'UDAPI1022', `Trigger price is required for a ${body.order_type} order`);
    }
    if (state.rejectNextOrder) {
      const message = state.rejectNextOrder;
      state.rejectNextOrder = null;
      throw new FakeError(400, 'UDAPI100049', message);
    }
    const at = now();
    const order: UpstoxOrder = {
      order_id: nextOrderId(),
      exchange: exchangeOf(body.instrument_token).split('_')[0] ?? 'NSE',
      product: body.product,
      price: body.price,
      quantity: body.quantity,
      status: 'open',
      tag: body.tag ?? null,
      instrument_token: body.instrument_token,
      trading_symbol: instrument.symbol,
      tradingsymbol: instrument.symbol,
      order_type: body.order_type,
      transaction_type: body.transaction_type,
      trigger_price: body.trigger_price,
      average_price: 0,
      filled_quantity: 0,
      pending_quantity: body.quantity,
      status_message: null,
      order_timestamp: istDateTimeText(at),
      exchange_timestamp: null,
      is_amo: body.is_amo,
    };
    state.orders.push(order);
    const stop = body.order_type === 'SL' || body.order_type === 'SL-M';
    const price =
      body.order_type === 'MARKET'
        ? instrument.ltp
        : body.order_type === 'SL-M'
          ? body.trigger_price
          : body.price;
    if (stop && stopCrossed(order, instrument.ltp)) {
      // The exchange refuses a stop whose trigger the last price has already passed.
      order.status = 'rejected';
      order.pending_quantity = 0;
      order.status_message =
        body.transaction_type === 'SELL'
          ? 'Trigger price for stoploss sell orders should be lower than the last traded price'
          : 'Trigger price for stoploss buy orders should be higher than the last traded price';
    } else if (body.transaction_type === 'BUY' && price * body.quantity > state.cash) {
      // Upstox accepts the request and the RMS rejects the order in the book.
      order.status = 'rejected';
      order.pending_quantity = 0;
      order.status_message = `You need to add Rs. ${(price * body.quantity - state.cash).toFixed(2)} in your account to place this trade.`;
    } else if (body.is_amo) {
      order.status = 'after market order req received';
    } else if (stop) {
      order.status = 'trigger pending';
    } else if (
      body.order_type === 'MARKET' ||
      (body.transaction_type === 'BUY' ? body.price >= instrument.ltp : body.price <= instrument.ltp)
    ) {
      execute(order, instrument.ltp);
    }
    return order.order_id;
  }

  /** Whether `ltp` is at or through a stop order's trigger (sell: at or below; buy: at or above). */
  function stopCrossed(order: UpstoxOrder, ltp: number): boolean {
    const trigger = order.trigger_price ?? 0;
    return order.transaction_type === 'SELL' ? ltp <= trigger : ltp >= trigger;
  }

  /**
   * Stop orders of `instrument` waiting for their trigger, once the price crosses it: SL-M executes
   * at the price; SL becomes an open limit order at its price, executed when the price allows.
   */
  function triggerStops(instrument: FakeInstrument): void {
    for (const order of state.orders) {
      if (order.instrument_token !== instrument.key || order.status !== 'trigger pending') continue;
      if (!stopCrossed(order, instrument.ltp)) continue;
      if (order.order_type === 'SL-M') {
        execute(order, instrument.ltp);
        continue;
      }
      order.status = 'open';
      const limit = order.price ?? 0;
      if (order.transaction_type === 'BUY' ? limit >= instrument.ltp : limit <= instrument.ltp)
        execute(order, instrument.ltp);
    }
  }

  function openOrder(orderId: string | undefined): UpstoxOrder {
    const order = state.orders.find((o) => o.order_id === orderId);
    if (!order) throw new FakeError(400, 'UDAPI100010', 'Order not found');
    if (['complete', 'rejected', 'cancelled'].includes(order.status)) {
      throw new FakeError(400, 'UDAPI100040', `Order is already ${order.status}`);
    }
    return order;
  }

  // -------------------------------------------------------------------------------------------
  // Feed messages
  // -------------------------------------------------------------------------------------------

  function feedEntry(i: FakeInstrument, mode: 'ltpc' | 'full') {
    const ltpc = { ltp: i.ltp, ltt: i.ltt, ltq: 10, cp: i.cp };
    if (mode === 'ltpc') return { ltpc, requestMode: 'ltpc' };
    const ohlc = {
      ohlc: [
        { interval: '1d', open: i.open, high: i.high, low: i.low, close: i.ltp, vol: i.volume, ts: i.ltt },
      ],
    };
    const isIndex = i.key.includes('_INDEX|');
    return {
      fullFeed: isIndex
        ? { indexFF: { ltpc, marketOHLC: ohlc } }
        : { marketFF: { ltpc, marketOHLC: ohlc, vtt: i.volume, atp: i.ltp } },
      requestMode: 'full_d5',
    };
  }

  function sendFeed(client: FeedClient, type: 'initial_feed' | 'live_feed', keys: Iterable<string>): void {
    if (!client.mode) return;
    const feeds: Record<string, unknown> = {};
    for (const key of keys) {
      const instrument = state.instruments.get(key);
      if (instrument && client.keys.has(key)) feeds[key] = feedEntry(instrument, client.mode);
    }
    if (Object.keys(feeds).length === 0) return;
    client.socket.send(encodeFeedResponse({ type, feeds, currentTs: now().getTime() }), { binary: true });
  }

  // -------------------------------------------------------------------------------------------
  // HTTP
  // -------------------------------------------------------------------------------------------

  type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

  function route(host: 'api' | 'hft', method: string, path: string, req: RecordedRequest): Reply {
    const ok = (data: unknown, extra: object = {}) => ({
      status: 200,
      body: { status: 'success', data, ...extra },
    });
    const q = req.query;

    if (host === 'hft') {
      requireToken(req.headers);
      if (!req.headers['x-algo-name']) {
        throw new FakeError(
          400,
          'UDAPI100036',
          'Invalid Input: X-Algo-Name header is required for algorithmic orders',
        );
      }
      const json = (() => {
        try {
          return req.body ? (JSON.parse(req.body) as unknown) : undefined;
        } catch {
          throw new FakeError(400, 'UDAPI100038', 'Invalid input passed to the API');
        }
      })();
      if (method === 'POST' && path === '/v3/order/place') {
        const body = PlaceOrderBody.safeParse(json);
        if (!body.success)
          throw new FakeError(
            400,
            'UDAPI100038',
            `Invalid input passed to the API: ${body.error.issues[0]?.message}`,
          );
        return ok({ order_ids: [placeOrder(body.data)] }, { metadata: { latency: 21 } });
      }
      if (method === 'PUT' && path === '/v3/order/modify') {
        const body = ModifyOrderBody.safeParse(json);
        if (!body.success) throw new FakeError(400, 'UDAPI100038', 'Invalid input passed to the API');
        const order = openOrder(body.data.order_id);
        order.price = body.data.price;
        order.order_type = body.data.order_type;
        if (body.data.quantity) order.quantity = body.data.quantity;
        return ok({ order_id: order.order_id }, { metadata: { latency: 18 } });
      }
      if (method === 'DELETE' && path === '/v3/order/cancel') {
        const order = openOrder(q['order_id']);
        order.status = 'cancelled';
        order.pending_quantity = 0;
        order.status_message = 'Cancelled by user';
        return ok({ order_id: order.order_id }, { metadata: { latency: 15 } });
      }
      throw new FakeError(404, 'UDAPI10000', 'This request is not supported by Upstox API');
    }

    if (method === 'GET' && path === '/v2/login/authorization/dialog') {
      if (
        q['response_type'] !== 'code' ||
        q['client_id'] !== app.apiKey ||
        q['redirect_uri'] !== app.redirectUri
      ) {
        throw new FakeError(
          400,
          'UDAPI100068',
          "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.",
        );
      }
      // The operator signs in; Upstox sends the browser back with a one-time code.
      const code = issueAuthCode();
      const back = new URL(app.redirectUri);
      back.searchParams.set('code', code);
      if (q['state']) back.searchParams.set('state', q['state']);
      return { status: 302, headers: { location: back.toString() } };
    }

    if (method === 'POST' && path === '/v2/login/authorization/token') {
      const form = new URLSearchParams(req.body);
      const code = form.get('code') ?? '';
      const issued = authCodes.get(code);
      if (!issued || issued.used) throw new FakeError(400, 'UDAPI100057', 'Invalid Auth code');
      issued.used = true; // single use, whether or not the rest is right
      if (form.get('grant_type') !== 'authorization_code') {
        throw new FakeError(400, 'UDAPI100036', 'Invalid Input: grant_type must be authorization_code');
      }
      if (form.get('client_id') !== app.apiKey || form.get('client_secret') !== app.apiSecret) {
        throw new FakeError(401, 'UDAPI100016', 'Invalid Credentials');
      }
      if (form.get('redirect_uri') !== app.redirectUri) {
        throw new FakeError(
          400,
          'UDAPI100068',
          "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.",
        );
      }
      return {
        status: 200,
        body: {
          email: 'operator@example.com',
          exchanges: ['NSE', 'BSE'],
          products: ['D', 'I'],
          broker: 'UPSTOX',
          user_id: 'FK1234',
          user_name: 'Fake Operator',
          order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
          user_type: 'individual',
          poa: false,
          is_active: true,
          access_token: issueToken(),
          extended_token: null,
        },
      };
    }

    if (method === 'GET' && path === '/v2/market/holidays') return ok(state.holidays);

    requireToken(req.headers);

    if (method === 'GET' && path === '/v2/user/profile') {
      return ok({
        email: state.profile.email,
        exchanges: ['NSE', 'BSE'],
        products: ['D', 'I'],
        broker: 'UPSTOX',
        user_id: state.profile.user_id,
        user_name: state.profile.user_name,
        order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
        user_type: 'individual',
        poa: false,
        ddpi: false,
        is_active: state.profile.is_active,
      });
    }
    if (method === 'GET' && path === '/v3/market-quote/ltp') {
      const data: Record<string, unknown> = {};
      for (const i of keysFrom(q)) {
        data[dataKey(i)] = {
          last_price: i.ltp,
          instrument_token: i.key,
          ltq: 10,
          volume: i.volume,
          cp: i.cp,
        };
      }
      return ok(data);
    }
    if (method === 'GET' && path === '/v3/market-quote/ohlc') {
      if (!['1d', 'I1', 'I30'].includes(q['interval'] ?? '')) {
        throw new FakeError(400, 'UDAPI1022', 'interval is invalid');
      }
      const data: Record<string, unknown> = {};
      for (const i of keysFrom(q)) {
        data[dataKey(i)] = {
          last_price: i.ltp,
          instrument_token: i.key,
          prev_ohlc: { open: i.cp, high: i.cp, low: i.cp, close: i.cp, volume: 0, ts: i.ltt - DAY_MS },
          live_ohlc: { open: i.open, high: i.high, low: i.low, close: i.ltp, volume: i.volume, ts: i.ltt },
        };
      }
      return ok(data);
    }
    if (method === 'GET' && path === '/v2/market-quote/quotes') {
      const data: Record<string, unknown> = {};
      for (const i of keysFrom(q)) {
        data[dataKey(i)] = {
          ohlc: { open: i.open, high: i.high, low: i.low, close: i.cp },
          depth: {
            buy: [{ quantity: 120, price: Math.round((i.ltp - 0.05) * 100) / 100, orders: 3 }],
            sell: [{ quantity: 90, price: Math.round((i.ltp + 0.05) * 100) / 100, orders: 2 }],
          },
          timestamp: istIsoText(i.ltt),
          instrument_token: i.key,
          symbol: i.symbol,
          last_price: i.ltp,
          volume: i.volume,
          average_price: i.ltp,
          oi: 0,
          net_change: Math.round((i.ltp - i.cp) * 100) / 100,
          total_buy_quantity: 120,
          total_sell_quantity: 90,
          lower_circuit_limit: Math.round(i.cp * 0.8 * 100) / 100,
          upper_circuit_limit: Math.round(i.cp * 1.2 * 100) / 100,
          last_trade_time: String(i.ltt),
          oi_day_high: 0,
          oi_day_low: 0,
        };
      }
      return ok(data);
    }
    const candlePath =
      /^\/v3\/historical-candle\/([^/]+)\/([^/]+)\/([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(
        path,
      );
    if (method === 'GET' && candlePath) {
      const [, rawKey, unit, interval, to, from] = candlePath as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const key = decodeURIComponent(rawKey);
      if (!['minutes', 'hours', 'days', 'weeks', 'months'].includes(unit) || !/^\d+$/.test(interval)) {
        throw new FakeError(400, 'UDAPI1015', 'Invalid unit or interval');
      }
      if (from > to) throw new FakeError(400, 'UDAPI1016', 'to_date must be on or after from_date');
      instrumentOrThrow(key);
      const candles = (state.candles.get(key) ?? [])
        .filter(([date]) => date >= from && date <= to)
        .sort((a, b) => b[0].localeCompare(a[0]))
        .map(([date, o, h, l, c, v]) => [`${date}T00:00:00+05:30`, o, h, l, c, v, 0]);
      return ok({ candles });
    }
    if (method === 'GET' && path === '/v2/portfolio/long-term-holdings') return ok(state.holdings);
    if (method === 'GET' && path === '/v2/portfolio/short-term-positions') return ok(state.positions);
    if (method === 'GET' && path === '/v3/user/get-funds-and-margin') {
      const cash = Math.round(state.cash * 100) / 100;
      return ok({
        available_to_trade: {
          total: cash,
          cash_available_to_trade: {
            total: cash,
            cash: {
              opening_balance: cash,
              added_today: 0,
              withdrawn_today: 0,
              amount_from_stock_sale: 0,
              unpaid_charges: 0,
            },
            margin_used: { total: 0, mtf: 0, loss: { total: 0, realised: 0, unrealised: 0 } },
          },
          pledge_available_to_trade: {
            total: 0,
            margin_from_pledge: { total: 0, equity: 0, mutual_funds: 0 },
          },
        },
        unavailable_to_trade: {
          cash_unavailable_to_trade: { unsettled_profit: { todays_profit: 0, previous_days: 0 } },
          pledge_unavailable_to_trade: { equity: 0, mutual_funds: 0 },
        },
      });
    }
    if (method === 'GET' && path === '/v2/order/retrieve-all') return ok(state.orders);
    if (method === 'GET' && path === '/v2/order/trades/get-trades-for-day') return ok(state.trades);
    const statusPath = /^\/v2\/market\/status\/([A-Z_]+)$/.exec(path);
    if (method === 'GET' && statusPath) {
      return ok({ exchange: statusPath[1], status: state.marketStatus, last_updated: now().getTime() });
    }
    if (method === 'GET' && path === '/v3/feed/market-data-feed/authorize') {
      const code = randomUUID();
      feedCodes.set(code, { used: false });
      const url = `ws://127.0.0.1:${apiPort()}/market-data-feeder/v3/upstox-developer-api/feeds?requestId=${randomUUID()}&code=${code}`;
      return ok({ authorized_redirect_uri: url, authorizedRedirectUri: url });
    }
    throw new FakeError(404, 'UDAPI10000', 'This request is not supported by Upstox API');
  }

  function handler(host: 'api' | 'hft') {
    return (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const recorded: RecordedRequest = {
          host,
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        requests.push(recorded);
        if (state.offline) {
          req.socket.destroy();
          return;
        }
        let reply: Reply;
        try {
          reply = route(host, recorded.method, recorded.path, recorded);
        } catch (error) {
          reply =
            error instanceof FakeError
              ? { status: error.status, body: errorBody(error.code, error.message) }
              : { status: 500, body: errorBody('UDAPI100500', 'Something went wrong... please contact us') };
        }
        res.writeHead(reply.status, {
          ...(reply.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(reply.body !== undefined ? JSON.stringify(reply.body) : undefined);
      });
    };
  }

  const apiServer = http.createServer(handler('api'));
  const hftServer = http.createServer(handler('hft'));
  const wss = new WebSocketServer({ noServer: true });

  apiServer.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const code = url.searchParams.get('code') ?? '';
    const issued = feedCodes.get(code);
    if (url.pathname !== '/market-data-feeder/v3/upstox-developer-api/feeds' || !issued || issued.used) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    issued.used = true;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: FeedClient = { socket: ws, mode: null, keys: new Set() };
      feedClients.add(client);
      ws.on('close', () => feedClients.delete(client));
      // Upstox opens every connection with the segments' market status.
      ws.send(
        encodeFeedResponse({
          type: 'market_info',
          currentTs: now().getTime(),
          marketInfo: { segmentStatus: { NSE_EQ: state.marketStatus, NSE_INDEX: state.marketStatus } },
        }),
        { binary: true },
      );
      ws.on('message', (data, isBinary) => {
        // Requests are read from binary frames only, as Upstox does.
        if (!isBinary) return;
        let parsed: z.infer<typeof FeedSubscription>;
        try {
          parsed = FeedSubscription.parse(JSON.parse(Buffer.from(data as Buffer).toString('utf8')));
        } catch {
          return;
        }
        const mode = parsed.data.mode === 'ltpc' ? 'ltpc' : 'full';
        if (parsed.method === 'unsub') {
          for (const key of parsed.data.instrumentKeys) client.keys.delete(key);
          return;
        }
        client.mode = mode;
        for (const key of parsed.data.instrumentKeys) client.keys.add(key);
        sendFeed(client, 'initial_feed', parsed.data.instrumentKeys);
      });
    });
  });

  await Promise.all(
    [apiServer, hftServer].map(
      (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    ),
  );
  const apiPort = () => (apiServer.address() as AddressInfo).port;

  function issueAuthCode(): string {
    const code = randomBytes(6).toString('base64url');
    authCodes.set(code, { used: false });
    return code;
  }

  function issueToken(expiresAt: Date = nextTokenExpiry(now())): string {
    const issuedAt = now();
    const token = makeJwt(
      {
        sub: 'FK1234',
        jti: randomUUID(),
        iss: 'udapi-gateway-service',
        iat: Math.floor(issuedAt.getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      },
      jwtSecret,
    );
    tokens.set(token, { expiresAt, revoked: false });
    return token;
  }

  return {
    /** The API host, e.g. http://127.0.0.1:51234 (config.upstox.apiUrl). */
    url: `http://127.0.0.1:${apiPort()}`,
    /** The order host (config.upstox.orderUrl). */
    orderUrl: `http://127.0.0.1:${(hftServer.address() as AddressInfo).port}`,
    app,
    state,
    requests,
    issueAuthCode,
    /** A token the fake accepts until `expiresAt` (default: the next 03:30 IST). */
    issueToken,
    revokeTokens(): void {
      for (const token of tokens.values()) token.revoked = true;
    },
    addInstrument(instrument: Omit<FakeInstrument, 'ltt'> & { ltt?: number }): void {
      state.instruments.set(instrument.key, { ...instrument, ltt: instrument.ltt ?? now().getTime() });
    },
    /** Moves a price (and the day's high/low), timestamped now. */
    setPrice(key: string, ltp: number, volumeDelta = 0): void {
      const i = instrumentOrThrow(key);
      i.ltp = ltp;
      i.high = Math.max(i.high, ltp);
      i.low = Math.min(i.low, ltp);
      i.volume += volumeDelta;
      i.ltt = now().getTime();
      triggerStops(i);
    },
    /** Sends a live_feed message with the current state of `keys` to every subscribed socket. */
    pushFeed(keys: readonly string[]): void {
      for (const client of feedClients) sendFeed(client, 'live_feed', keys);
    },
    subscriptions(): Array<{ mode: 'ltpc' | 'full' | null; keys: string[] }> {
      return [...feedClients].map((c) => ({ mode: c.mode, keys: [...c.keys] }));
    },
    /** Sends `bytes` as a binary feed message to every connected socket (e.g. one that is not protobuf). */
    pushRawFeed(bytes: Buffer): void {
      for (const client of feedClients) client.socket.send(bytes, { binary: true });
    },
    /** Drops every feed connection (the client should reconnect). */
    dropFeedConnections(): void {
      for (const client of feedClients) client.socket.terminate();
    },
    /** Fills an open order at `price` (the exchange matched it). */
    fillOrder(orderId: string, price: number): void {
      execute(openOrder(orderId), price);
    },
    async stop(): Promise<void> {
      for (const client of feedClients) client.socket.terminate();
      wss.close();
      await Promise.all(
        [apiServer, hftServer].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
