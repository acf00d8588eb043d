/**
 * The Upstox REST client. Reads go to `apiUrl`, order writes to `orderUrl` (api-hft) with the
 * X-Algo-Name header Upstox requires for algorithmic orders, under a client-side limit that keeps
 * order calls below the 10 per second that needs exchange registration. Every answer is parsed with
 * zod (schemas.ts); an HTTP 401 or UDAPI100050 becomes a TokenExpiredError.
 */
import { z } from 'zod';
import type { TokenState } from '@nivesh/api-contract';
import type { Clock } from '../../clock.js';
import {
  CandlesResponse,
  ErrorEnvelope,
  FeedAuthorize,
  FundsV3,
  INVALID_TOKEN_CODE,
  LtpResponse,
  OhlcResponse,
  OrderIdResult,
  PlaceOrderResult,
  QuotesResponse,
  successEnvelope,
  TokenExchangeResponse,
  UpstoxHoliday,
  UpstoxHolding,
  UpstoxMarketStatus,
  UpstoxOrder,
  UpstoxPosition,
  UpstoxProfile,
  UpstoxTrade,
  type FullQuote,
  type LtpQuote,
  type ModifyOrderBody,
  type OhlcQuote,
  type PlaceOrderBody,
} from './schemas.js';

/** Anything that went wrong talking to Upstox. */
export class UpstoxError extends Error {
  override name = 'UpstoxError';
}

/** Upstox answered with an error (the documented error envelope, or an HTTP error status). */
export class UpstoxApiError extends UpstoxError {
  override name = 'UpstoxApiError';
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** No usable access token is stored, or Upstox refused the one sent (HTTP 401 / UDAPI100050). */
export class TokenExpiredError extends UpstoxError {
  override name = 'TokenExpiredError';
  constructor(
    message: string,
    /** The local state when no usable token was stored; 'rejected' when Upstox refused it. */
    readonly state: TokenState | 'rejected',
    /** Upstox's own answer when it refused the token (`UDAPI100050: Invalid token used to access API`). */
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

/** Upstox could not be reached, did not answer in time, or answered something unreadable. */
export class UpstoxUnavailableError extends UpstoxError {
  override name = 'UpstoxUnavailableError';
}

/** At most this many order calls in any rolling second (Upstox: 10/s without exchange registration). */
export const MAX_ORDER_CALLS_PER_SECOND = 9;
/** Upstox answers at most 500 instrument keys per quote call. */
const MAX_KEYS_PER_QUOTE_CALL = 500;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A throttle for outgoing calls (rolling window): `acquire()` waits until a call may start without
 * exceeding `max` starts in any `windowMs`, and never refuses (unlike http/rateLimit.ts's per-key
 * limiter, which refuses). `now` and `sleep` are injectable so the rule can be tested exactly.
 */
type CallThrottle = ReturnType<typeof createCallThrottle>;

export function createCallThrottle(options: {
  max: number;
  windowMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();

  async function take(): Promise<void> {
    for (;;) {
      const t = now();
      while (starts.length > 0 && starts[0]! <= t - options.windowMs) starts.shift();
      if (starts.length < options.max) {
        starts.push(t);
        return;
      }
      await sleep(starts[0]! + options.windowMs - t);
    }
  }

  return {
    /** Calls are admitted in the order they asked. */
    acquire(): Promise<void> {
      const turn = queue.then(take);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

interface TokenProvider {
  /** The token to send, or null when none is usable. */
  usableToken(): Promise<string | null>;
  /** Why there is none (the token status message). */
  status(): Promise<{ state: TokenState; message: string }>;
}

export interface UpstoxClientOptions {
  apiUrl: string;
  orderUrl: string;
  algoName: string;
  tokens: TokenProvider;
  clock: Clock;
  /**
   * Called when no usable token is stored (`token` null) or Upstox refused the one sent: the token
   * watcher records the refusal and stops live trading.
   */
  onTokenProblem?: (token: string | null, detail: string) => Promise<void>;
  /** Called once an order write (place, modify, cancel) has been answered or has failed. */
  onOrderWrite?: () => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
  orderThrottle?: CallThrottle;
}

type Host = 'api' | 'order';

interface CallSpec<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  host: Host;
  /** Path with its query string already encoded. */
  path: string;
  schema: S;
  json?: unknown;
  form?: Record<string, string>;
  /** Send the Bearer token (everything but the token exchange). */
  auth?: boolean;
  /** Order write: rate-limited and sent with X-Algo-Name. */
  order?: boolean;
  /** The answer is `{status, data}` (everything but the token exchange). */
  envelope?: boolean;
  headers?: Record<string, string>;
}

const encodeKeys = (keys: readonly string[]) => keys.map((key) => encodeURIComponent(key)).join(',');

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
    .join('; ');
}

export type UpstoxClient = ReturnType<typeof createUpstoxClient>;

export function createUpstoxClient(options: UpstoxClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const orderThrottle =
    options.orderThrottle ?? createCallThrottle({ max: MAX_ORDER_CALLS_PER_SECOND, windowMs: 1000 });
  let lastSuccessAt: Date | null = null;

  async function call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    if (!spec.order) return send(spec);
    try {
      return await send(spec);
    } finally {
      // Whatever the answer, the account may have changed: cached reads are stale.
      options.onOrderWrite?.();
    }
  }

  async function send<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    const auth = spec.auth ?? true;
    let token: string | null = null;
    if (auth) {
      token = await options.tokens.usableToken();
      if (token === null) {
        const status = await options.tokens.status();
        await options.onTokenProblem?.(null, status.message);
        throw new TokenExpiredError(status.message, status.state);
      }
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...spec.headers };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let body: string | undefined;
    if (spec.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(spec.form).toString();
    }
    if (spec.order) {
      headers['X-Algo-Name'] = options.algoName;
      await orderThrottle.acquire();
    }
    const base = spec.host === 'order' ? options.orderUrl : options.apiUrl;

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${spec.path}`, {
        method: spec.method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const err = error as Error;
      if (err.name === 'TimeoutError' || err.name === 'AbortError') {
        throw new UpstoxUnavailableError(`Upstox did not answer within ${Math.round(timeoutMs / 1000)} s.`);
      }
      throw new UpstoxUnavailableError(`Upstox cannot be reached: ${err.message}.`);
    }

    let payload: unknown;
    try {
      payload = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: handled below as an unreadable answer.
    }

    const failure = ErrorEnvelope.safeParse(payload);
    const firstError = failure.success ? failure.data.errors?.[0] : undefined;
    const code = firstError ? (firstError.errorCode ?? firstError.error_code ?? null) : null;
    const upstoxMessage = firstError?.message ?? null;

    if (response.status === 401 || code === INVALID_TOKEN_CODE) {
      const detail = `${code ?? `HTTP ${response.status}`}: ${upstoxMessage ?? 'unauthorised'}`;
      if (auth) await options.onTokenProblem?.(token, detail);
      throw new TokenExpiredError(
        `Upstox refused the access token (${detail}). Update the Upstox access token in Settings › Data Sources.`,
        'rejected',
        detail,
      );
    }
    if (!response.ok || failure.success) {
      const what = upstoxMessage ?? `HTTP ${response.status}`;
      throw new UpstoxApiError(response.status, code, code ? `${what} (${code})` : what);
    }
    if (payload === undefined) {
      throw new UpstoxUnavailableError(`Upstox answered HTTP ${response.status} without JSON.`);
    }
    const schema = spec.envelope === false ? spec.schema : successEnvelope(spec.schema);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new UpstoxUnavailableError(
        `Upstox answered in an unexpected shape (${describeIssues(parsed.error)}).`,
      );
    }
    lastSuccessAt = options.clock.now();
    const value = parsed.data as { data?: unknown };
    return (spec.envelope === false ? parsed.data : value.data) as z.output<S>;
  }

  /** Quote endpoints, in chunks of 500 keys, merged by instrument key. */
  async function byKey<T extends { instrument_token: string }>(
    keys: readonly string[],
    fetchChunk: (chunk: string[]) => Promise<Record<string, T>>,
  ): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    for (const chunk of chunks([...new Set(keys)], MAX_KEYS_PER_QUOTE_CALL)) {
      const data = await fetchChunk(chunk);
      for (const entry of Object.values(data)) out.set(entry.instrument_token, entry);
    }
    return out;
  }

  return {
    /** When the last call Upstox answered successfully finished (the broker status' last_sync). */
    lastSuccessAt: () => lastSuccessAt,

    /** POST /v2/login/authorization/token: the one-time code for an access token. */
    exchangeCode(input: { code: string; clientId: string; clientSecret: string; redirectUri: string }) {
      return call({
        method: 'POST',
        host: 'api',
        path: '/v2/login/authorization/token',
        auth: false,
        envelope: false,
        form: {
          code: input.code,
          client_id: input.clientId,
          client_secret: input.clientSecret,
          redirect_uri: input.redirectUri,
          grant_type: 'authorization_code',
        },
        schema: TokenExchangeResponse,
      });
    },

    /** GET /v3/market-quote/ltp, by instrument key. */
    ltp(keys: readonly string[]): Promise<Map<string, LtpQuote>> {
      return byKey(keys, (chunk) =>
        call({
          method: 'GET',
          host: 'api',
          path: `/v3/market-quote/ltp?instrument_key=${encodeKeys(chunk)}`,
          schema: LtpResponse,
        }),
      );
    },

    /** GET /v2/market-quote/quotes (full quotes with depth), by instrument key. */
    quotes(keys: readonly string[]): Promise<Map<string, FullQuote>> {
      return byKey(keys, (chunk) =>
        call({
          method: 'GET',
          host: 'api',
          path: `/v2/market-quote/quotes?instrument_key=${encodeKeys(chunk)}`,
          schema: QuotesResponse,
        }),
      );
    },

    /** GET /v3/market-quote/ohlc; interval 1d (the session so far), I1 or I30. */
    ohlc(keys: readonly string[], interval: '1d' | 'I1' | 'I30'): Promise<Map<string, OhlcQuote>> {
      return byKey(keys, (chunk) =>
        call({
          method: 'GET',
          host: 'api',
          path: `/v3/market-quote/ohlc?instrument_key=${encodeKeys(chunk)}&interval=${interval}`,
          schema: OhlcResponse,
        }),
      );
    },

    /**
     * GET /v3/historical-candle/{key}/{unit}/{interval}/{to}/{from}, oldest first. Dates are IST
     * days YYYY-MM-DD, both inclusive.
     */
    async historicalCandles(
      key: string,
      unit: 'minutes' | 'hours' | 'days' | 'weeks' | 'months',
      interval: number,
      to: string,
      from: string,
    ) {
      const data = await call({
        method: 'GET',
        host: 'api',
        path: `/v3/historical-candle/${encodeURIComponent(key)}/${unit}/${interval}/${to}/${from}`,
        schema: CandlesResponse,
      });
      return data.candles
        .map(([ts, open, high, low, close, volume]) => ({ ts, open, high, low, close, volume }))
        .sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
    },

    /** GET /v2/user/profile: whom the token belongs to (checks the token with Upstox). */
    profile() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v2/user/profile',
        schema: UpstoxProfile,
      });
    },

    holdings() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v2/portfolio/long-term-holdings',
        schema: z.array(UpstoxHolding),
      });
    },

    positions() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v2/portfolio/short-term-positions',
        schema: z.array(UpstoxPosition),
      });
    },

    funds() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v3/user/get-funds-and-margin',
        headers: { 'Api-Version': '3.0' },
        schema: FundsV3,
      });
    },

    /** Today's orders (Upstox keeps an order book for one trading day). */
    orders() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v2/order/retrieve-all',
        schema: z.array(UpstoxOrder),
      });
    },

    tradesForDay() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v2/order/trades/get-trades-for-day',
        schema: z.array(UpstoxTrade),
      });
    },

    holidays() {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v2/market/holidays',
        schema: z.array(UpstoxHoliday),
      });
    },

    marketStatus(exchange: string) {
      return call({
        method: 'GET',
        host: 'api',
        path: `/v2/market/status/${encodeURIComponent(exchange)}`,
        schema: UpstoxMarketStatus,
      });
    },

    /** POST /v3/order/place on the order host; the broker's order ids (one unless sliced). */
    async placeOrder(body: PlaceOrderBody): Promise<string[]> {
      const data = await call({
        method: 'POST',
        host: 'order',
        path: '/v3/order/place',
        json: body,
        order: true,
        schema: PlaceOrderResult,
      });
      return data.order_ids;
    },

    async modifyOrder(body: ModifyOrderBody): Promise<string> {
      const data = await call({
        method: 'PUT',
        host: 'order',
        path: '/v3/order/modify',
        json: body,
        order: true,
        schema: OrderIdResult,
      });
      return data.order_id;
    },

    async cancelOrder(orderId: string): Promise<string> {
      const data = await call({
        method: 'DELETE',
        host: 'order',
        path: `/v3/order/cancel?order_id=${encodeURIComponent(orderId)}`,
        order: true,
        schema: OrderIdResult,
      });
      return data.order_id;
    },

    /** GET /v3/feed/market-data-feed/authorize: a one-time ws(s):// URL for the market-data feed. */
    authorizeFeed(): Promise<string> {
      return call({
        method: 'GET',
        host: 'api',
        path: '/v3/feed/market-data-feed/authorize',
        schema: FeedAuthorize,
      });
    },
  };
}
