/**
 * Upstox's documented JSON shapes (developer API v2/v3), as zod schemas. Every answer the client
 * reads goes through one of these; the fake server in ./fake builds its answers to the same shapes.
 * Objects are loose: Upstox adds fields over time and the client ignores what it does not use.
 */
import { z } from 'zod';

const num = z.number().finite();
/** Upstox sends null for some numbers it has no value for (average_price of a fresh position). */
const maybeNum = num.nullish();

/** `{status: 'success', data}`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data }).loose();
}

const UpstoxErrorItem = z
  .object({
    errorCode: z.string().nullish(),
    error_code: z.string().nullish(),
    message: z.string().nullish(),
  })
  .loose();

/** `{status: 'error', errors: [{errorCode, message, propertyPath, invalidValue, ...}]}`. */
export const ErrorEnvelope = z
  .object({
    status: z.literal('error'),
    errors: z.array(UpstoxErrorItem).nullish(),
  })
  .loose();

/** The code Upstox answers for an invalid or expired access token. */
export const INVALID_TOKEN_CODE = 'UDAPI100050';

// ---------------------------------------------------------------------------------------------
// Login
// ---------------------------------------------------------------------------------------------

/** POST /v2/login/authorization/token: a flat object (no envelope) with the profile and the token. */
export const TokenExchangeResponse = z
  .object({
    access_token: z.string().min(1),
    user_id: z.string().nullish(),
    user_name: z.string().nullish(),
    email: z.string().nullish(),
    broker: z.string().nullish(),
    extended_token: z.string().nullish(),
  })
  .loose();
export type TokenExchangeResponse = z.infer<typeof TokenExchangeResponse>;

/**
 * GET /v2/user/profile (in the `{status, data}` envelope): who the access token belongs to. The
 * cheapest authenticated call, used to check a token before live trading starts.
 */
export const UpstoxProfile = z
  .object({
    user_id: z.string().min(1),
    user_name: z.string().nullish(),
    email: z.string().nullish(),
    broker: z.string().nullish(),
    user_type: z.string().nullish(),
    exchanges: z.array(z.string()).nullish(),
    products: z.array(z.string()).nullish(),
    order_types: z.array(z.string()).nullish(),
    poa: z.boolean().nullish(),
    ddpi: z.boolean().nullish(),
    is_active: z.boolean().nullish(),
  })
  .loose();
export type UpstoxProfile = z.infer<typeof UpstoxProfile>;

// ---------------------------------------------------------------------------------------------
// Market quotes (data maps are keyed `EXCHANGE:SYMBOL`; the instrument key is instrument_token)
// ---------------------------------------------------------------------------------------------

export const LtpQuote = z
  .object({
    last_price: num,
    instrument_token: z.string(),
    ltq: maybeNum,
    volume: maybeNum,
    /** Previous session's close. */
    cp: maybeNum,
  })
  .loose();
export type LtpQuote = z.infer<typeof LtpQuote>;
export const LtpResponse = z.record(z.string(), LtpQuote);

const OhlcV3 = z
  .object({ open: num, high: num, low: num, close: num, volume: maybeNum, ts: maybeNum })
  .loose();
export const OhlcQuote = z
  .object({
    last_price: num,
    instrument_token: z.string(),
    prev_ohlc: OhlcV3.nullish(),
    live_ohlc: OhlcV3.nullish(),
  })
  .loose();
export type OhlcQuote = z.infer<typeof OhlcQuote>;
export const OhlcResponse = z.record(z.string(), OhlcQuote);

const DepthLevel = z.object({ quantity: num, price: num, orders: num }).loose();
export const FullQuote = z
  .object({
    instrument_token: z.string(),
    symbol: z.string().nullish(),
    last_price: num,
    volume: maybeNum,
    average_price: maybeNum,
    /** last_price minus the previous close. */
    net_change: maybeNum,
    ohlc: z.object({ open: num, high: num, low: num, close: num }).loose(),
    depth: z
      .object({ buy: z.array(DepthLevel), sell: z.array(DepthLevel) })
      .loose()
      .nullish(),
    timestamp: z.string().nullish(),
    last_trade_time: z.string().nullish(),
  })
  .loose();
export type FullQuote = z.infer<typeof FullQuote>;
export const QuotesResponse = z.record(z.string(), FullQuote);

/** [timestamp, open, high, low, close, volume, open interest], newest first. */
const CandleRow = z.tuple([z.string(), num, num, num, num, num]).rest(z.number().nullable());
export const CandlesResponse = z.object({ candles: z.array(CandleRow) }).loose();

// ---------------------------------------------------------------------------------------------
// Portfolio and funds
// ---------------------------------------------------------------------------------------------

export const UpstoxHolding = z
  .object({
    isin: z.string().nullish(),
    company_name: z.string().nullish(),
    product: z.string(),
    quantity: num,
    trading_symbol: z.string().nullish(),
    tradingsymbol: z.string().nullish(),
    last_price: num,
    close_price: maybeNum,
    pnl: maybeNum,
    average_price: num,
    instrument_token: z.string(),
    exchange: z.string().nullish(),
    t1_quantity: maybeNum,
  })
  .loose();
export type UpstoxHolding = z.infer<typeof UpstoxHolding>;

export const UpstoxPosition = z
  .object({
    exchange: z.string().nullish(),
    product: z.string(),
    instrument_token: z.string(),
    trading_symbol: z.string().nullish(),
    tradingsymbol: z.string().nullish(),
    quantity: num,
    last_price: num,
    close_price: maybeNum,
    average_price: maybeNum,
    buy_price: maybeNum,
    sell_price: maybeNum,
    pnl: maybeNum,
    unrealised: maybeNum,
    realised: maybeNum,
  })
  .loose();
export type UpstoxPosition = z.infer<typeof UpstoxPosition>;

/** GET /v3/user/get-funds-and-margin (only the parts the account reads are required). */
export const FundsV3 = z
  .object({
    available_to_trade: z
      .object({
        total: num,
        cash_available_to_trade: z.object({ total: num }).loose(),
        pledge_available_to_trade: z.object({ total: num }).loose().nullish(),
      })
      .loose(),
    unavailable_to_trade: z.object({}).loose().nullish(),
  })
  .loose();
export type FundsV3 = z.infer<typeof FundsV3>;

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export const UpstoxOrder = z
  .object({
    order_id: z.string(),
    exchange: z.string().nullish(),
    product: z.string(),
    price: maybeNum,
    quantity: num,
    status: z.string(),
    tag: z.string().nullish(),
    instrument_token: z.string(),
    trading_symbol: z.string().nullish(),
    tradingsymbol: z.string().nullish(),
    order_type: z.string(),
    transaction_type: z.enum(['BUY', 'SELL']),
    /** SL and SL-M orders: the trigger price (0 for others). */
    trigger_price: maybeNum,
    average_price: maybeNum,
    filled_quantity: num,
    pending_quantity: maybeNum,
    status_message: z.string().nullish(),
    order_timestamp: z.string().nullish(),
    exchange_timestamp: z.string().nullish(),
    is_amo: z.boolean().nullish(),
  })
  .loose();
export type UpstoxOrder = z.infer<typeof UpstoxOrder>;

export const UpstoxTrade = z
  .object({
    order_id: z.string(),
    trade_id: z.string(),
    exchange: z.string().nullish(),
    product: z.string(),
    instrument_token: z.string(),
    trading_symbol: z.string().nullish(),
    tradingsymbol: z.string().nullish(),
    order_type: z.string().nullish(),
    transaction_type: z.enum(['BUY', 'SELL']),
    quantity: num,
    average_price: num,
    exchange_timestamp: z.string().nullish(),
    order_timestamp: z.string().nullish(),
  })
  .loose();
export type UpstoxTrade = z.infer<typeof UpstoxTrade>;

/** POST /v3/order/place body (equity: quantity in shares). */
export const PlaceOrderBody = z.object({
  quantity: z.number().int().positive(),
  product: z.enum(['D', 'I']),
  validity: z.enum(['DAY', 'IOC']),
  price: z.number().min(0),
  tag: z.string().max(40).optional(),
  instrument_token: z.string().min(1),
  order_type: z.enum(['MARKET', 'LIMIT', 'SL', 'SL-M']),
  transaction_type: z.enum(['BUY', 'SELL']),
  disclosed_quantity: z.number().int().min(0),
  trigger_price: z.number().min(0),
  is_amo: z.boolean(),
  slice: z.boolean().optional(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

/** PUT /v3/order/modify body. */
export const ModifyOrderBody = z.object({
  order_id: z.string().min(1),
  quantity: z.number().int().positive().optional(),
  validity: z.enum(['DAY', 'IOC']),
  price: z.number().min(0),
  order_type: z.enum(['MARKET', 'LIMIT', 'SL', 'SL-M']),
  disclosed_quantity: z.number().int().min(0).optional(),
  trigger_price: z.number().min(0),
});
export type ModifyOrderBody = z.infer<typeof ModifyOrderBody>;

export const PlaceOrderResult = z.object({ order_ids: z.array(z.string()).min(1) }).loose();
export const OrderIdResult = z.object({ order_id: z.string() }).loose();

// ---------------------------------------------------------------------------------------------
// Market information and the feed
// ---------------------------------------------------------------------------------------------

export const UpstoxHoliday = z
  .object({
    date: z.iso.date(),
    description: z.string(),
    holiday_type: z.string(),
    closed_exchanges: z.array(z.string()).default([]),
    open_exchanges: z
      .array(z.object({ exchange: z.string(), start_time: num, end_time: num }).loose())
      .default([]),
  })
  .loose();
export type UpstoxHoliday = z.infer<typeof UpstoxHoliday>;

export const UpstoxMarketStatus = z
  .object({ exchange: z.string(), status: z.string(), last_updated: maybeNum })
  .loose();
export type UpstoxMarketStatus = z.infer<typeof UpstoxMarketStatus>;

export const FeedAuthorize = z
  .object({
    authorized_redirect_uri: z.string().nullish(),
    authorizedRedirectUri: z.string().nullish(),
  })
  .loose()
  .transform((data, ctx) => {
    const url = data.authorized_redirect_uri ?? data.authorizedRedirectUri;
    if (!url || !/^wss?:\/\//.test(url)) {
      ctx.addIssue({ code: 'custom', message: 'authorized_redirect_uri must be a ws:// or wss:// URL' });
      return z.NEVER;
    }
    return url;
  });

/** The JSON subscription message, sent to the feed as a binary frame. */
export const FeedSubscription = z.object({
  guid: z.string().min(1),
  method: z.enum(['sub', 'unsub', 'change_mode']),
  data: z.object({
    mode: z.enum(['ltpc', 'full', 'option_greeks', 'full_d30']),
    instrumentKeys: z.array(z.string().min(1)),
  }),
});
export type FeedSubscription = z.infer<typeof FeedSubscription>;
