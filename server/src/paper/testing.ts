/**
 * A market feed the paper engine's tests (and the orders benchmark) control completely: a few
 * instruments at set prices, a session that is open when the test says so, and daily candles the
 * test provides. Prices move only when the test publishes a tick. `startTestEngine` starts a paper
 * engine on it.
 */
import { ManualClock } from '../clock.js';
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '../db/index.js';
import type { Candle, Instrument, MarketFeed, Tick, TickHub } from '../market/feed.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createTickHub } from '../market/tickHub.js';
import { createPaperEngine, type PaperEngine } from './engine.js';
import type { CostSettings } from './costs.js';
import type { OrderRequest } from '../broker/broker.js';
import { HttpError } from '../http/errors.js';

export interface ControlledFeed extends MarketFeed {
  /** Whether orders at market can fill now. */
  open: boolean;
  /** The session is open at every hour, as the simulated market under NIVESH_SIM_ALWAYS_OPEN. */
  alwaysOpen: boolean;
  /** Publishes a new last price (and optionally previous close) of a symbol into the hub. */
  move(symbol: string, ltp: number, options?: { previousClose?: number; ts?: number; sentAt?: number }): Tick;
  setCandles(symbol: string, candles: Candle[]): void;
  readonly hub: TickHub | null;
}

const TEST_INSTRUMENTS: Instrument[] = [
  {
    symbol: 'INFY',
    name: 'Infosys Ltd',
    sector: 'IT',
    isin: 'INE009A01021',
    instrumentKey: 'NSE_EQ|INE009A01021',
  },
  {
    symbol: 'TCS',
    name: 'Tata Consultancy Services Ltd',
    sector: 'IT',
    isin: 'INE467B01029',
    instrumentKey: 'NSE_EQ|INE467B01029',
  },
  {
    symbol: 'RELIANCE',
    name: 'Reliance Industries Ltd',
    sector: 'Energy',
    isin: 'INE002A01018',
    instrumentKey: 'NSE_EQ|INE002A01018',
  },
  {
    symbol: 'HDFCBANK',
    name: 'HDFC Bank Ltd',
    sector: 'Financials',
    isin: 'INE040A01034',
    instrumentKey: 'NSE_EQ|INE040A01034',
  },
  {
    symbol: 'M&M',
    name: 'Mahindra & Mahindra Ltd',
    sector: 'Auto',
    isin: 'INE101A01026',
    instrumentKey: 'NSE_EQ|INE101A01026',
  },
];

const TEST_PRICES: Record<string, number> = {
  INFY: 1500,
  TCS: 3200,
  RELIANCE: 2500,
  HDFCBANK: 1700,
  'M&M': 2900,
  NIFTY_50: 24_000,
};

export function createControlledFeed(
  options: {
    prices?: Record<string, number>;
    open?: boolean;
    alwaysOpen?: boolean;
    now?: () => Date;
    instruments?: Instrument[];
  } = {},
): ControlledFeed {
  const instruments = options.instruments ?? TEST_INSTRUMENTS;
  const prices = { ...TEST_PRICES, ...options.prices };
  const candles = new Map<string, Candle[]>();
  const now = options.now ?? (() => new Date());
  let hub: TickHub | null = null;

  const feed: ControlledFeed = {
    source: 'simulated',
    open: options.open ?? true,
    alwaysOpen: options.alwaysOpen ?? false,
    get hub() {
      return hub;
    },
    instruments: () => instruments,
    indices: () => [
      { id: 'NIFTY_50', name: 'NIFTY 50', exchange: 'NSE', instrumentKey: 'NSE_INDEX|Nifty 50' },
    ],
    instrument: (symbol) => instruments.find((i) => i.symbol === symbol),
    async start(target) {
      hub = target;
      target.publish(
        Object.entries(prices).map(([symbol, ltp]) => ({
          symbol,
          kind: symbol === 'NIFTY_50' ? 'index' : 'equity',
          ltp,
          previousClose: ltp,
          open: ltp,
          high: ltp,
          low: ltp,
          volume: 0,
          ts: now().getTime(),
        })),
      );
    },
    async stop() {
      hub = null;
    },
    isSessionOpen: () => feed.open,
    async dailyCandles(symbol, from, to) {
      return (candles.get(symbol) ?? []).filter((c) => c.date >= from && c.date <= to);
    },
    move(symbol, ltp, moveOptions = {}) {
      if (!hub) throw new Error('the feed has not been started');
      const last = hub.last(symbol);
      const tick: Tick = {
        symbol,
        kind: symbol === 'NIFTY_50' ? 'index' : 'equity',
        ltp,
        previousClose: moveOptions.previousClose ?? last?.previousClose ?? ltp,
        open: last?.open ?? ltp,
        high: Math.max(last?.high ?? ltp, ltp),
        low: Math.min(last?.low ?? ltp, ltp),
        volume: (last?.volume ?? 0) + 100,
        ts: moveOptions.ts ?? now().getTime(),
        ...(moveOptions.sentAt !== undefined ? { sentAt: moveOptions.sentAt } : {}),
      };
      hub.publish([tick]);
      return tick;
    },
    setCandles(symbol, list) {
      candles.set(
        symbol,
        [...list].sort((a, b) => a.date.localeCompare(b.date)),
      );
    },
  };
  return feed;
}

/** Daily candles that open, trade and close at one price each day, 1,000 shares a day. */
export const candlesFromCloses = (closes: Record<string, number>): Candle[] =>
  Object.entries(closes).map(([date, close]) => ({
    date,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1000,
  }));

/** The paper account's stored end-of-day rows, oldest first. */
export const paperSnapshots = (db: Db) =>
  db
    .select()
    .from(schema.equitySnapshots)
    .where(eq(schema.equitySnapshots.account, 'paper'))
    .orderBy(asc(schema.equitySnapshots.tradingDay));

export interface TestEngine {
  clock: ManualClock;
  hub: TickHub;
  feed: ControlledFeed;
  engine: PaperEngine;
}

/**
 * A started paper engine on `db` at the time `at`, over a controlled feed (its own instruments and
 * prices when given), without timers.
 */
export async function startTestEngine(
  db: Db,
  at: string,
  market: { prices?: Record<string, number>; instruments?: Instrument[] } = {},
): Promise<TestEngine> {
  const clock = new ManualClock(at);
  const hub = createTickHub();
  const feed = createControlledFeed({ ...market, now: () => clock.now() });
  await feed.start(hub);
  const engine = createPaperEngine({
    db,
    clock,
    hub,
    feed,
    calendar: loadHolidayCalendar(null),
    timers: false,
  });
  await engine.start();
  return { clock, hub, feed, engine };
}

/**
 * Charges read off by hand: `brokerage` rupees a side and `dpCharge` rupees on a delivery sell,
 * no taxes, fees or GST.
 */
export function flatCosts(brokerage: number, dpCharge = 0): CostSettings {
  return {
    brokerage_per_trade: brokerage,
    brokerage_rate: null,
    stt_rate: 0,
    intraday_stt_rate: 0,
    transaction_charges: 0,
    sebi_fee_per_crore: 0,
    stamp_duty_delivery_rate: 0,
    stamp_duty_intraday_rate: 0,
    gst_rate: 0,
    dp_charge: dpCharge,
  };
}

/**
 * A market of `count` stocks STOCK1…STOCKn at `price` rupees each, every one in a sector of its own
 * (createControlledFeed's input), for tests that place many orders across many symbols.
 */
export function uniformMarket(count: number, price: number) {
  const symbols = Array.from({ length: count }, (_, i) => `STOCK${i + 1}`);
  return {
    symbols,
    instruments: symbols.map((symbol, i) => ({
      symbol,
      name: `${symbol} Ltd`,
      sector: `Sector ${i + 1}`,
      isin: `INE${String(i + 1).padStart(6, '0')}01`,
      instrumentKey: `NSE_EQ|${symbol}`,
    })),
    prices: Object.fromEntries(symbols.map((symbol) => [symbol, price])),
  };
}

/** A delivery market order: a buy of `quantity` shares (sell: the same, sold). */
export const marketBuy = (symbol: string, quantity = 1): OrderRequest => ({
  symbol,
  side: 'BUY',
  quantity,
  order_type: 'MARKET',
  product: 'CNC',
});
export const marketSell = (symbol: string, quantity = 1): OrderRequest => ({
  ...marketBuy(symbol, quantity),
  side: 'SELL',
});

/**
 * What placing an order answered, without what differs on every run (its id and times): the
 * answer, a refusal (status, sentence, the limit it names) or, for any other failure, the
 * database's own message (drizzle wraps it with the query and its parameters).
 */
export function placedAnswer(result: PromiseSettledResult<Awaited<ReturnType<PaperEngine['placeOrder']>>>) {
  if (result.status === 'rejected') {
    const error = result.reason as Error;
    if (error instanceof HttpError) {
      return { refused: error.statusCode, message: error.message, limit: error.extra['limit'] };
    }
    return { failed: error.cause instanceof Error ? error.cause.message : error.message };
  }
  const {
    order_id: _id,
    placed_at: _placed,
    updated_at: _updated,
    ...rest
  } = result.value as unknown as Record<string, unknown>;
  return rest;
}

/** The paper account's stored orders and fills, its cash (the ledger's sum) and its open shares. */
export async function storedPaperAccount(db: Db) {
  const orders = await db.select().from(schema.orders).where(eq(schema.orders.account, 'paper'));
  const fills = await db.select().from(schema.fills).where(eq(schema.fills.account, 'paper'));
  const ledger = await db.select().from(schema.cashLedger).where(eq(schema.cashLedger.account, 'paper'));
  const lots = await db.select().from(schema.lots).where(eq(schema.lots.account, 'paper'));
  return {
    orders,
    fills,
    cashPaise: ledger.reduce((s, r) => s + r.amountPaise, 0),
    openShares: lots.reduce((s, l) => s + l.openQuantity, 0),
  };
}
