/**
 * Upstox's market-data feed v3 as a MarketFeed. `start()` seeds the hub from the LTP and OHLC REST
 * quotes, refreshes this year's NSE holidays from Upstox, then connects: authorize (a one-time
 * ws(s):// URL), subscribe with a JSON message sent as a binary frame, and decode every protobuf
 * FeedResponse into ticks for the hub. A dropped connection is re-authorized and re-subscribed
 * with exponential backoff. Daily candles come from the historical candle API.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { istDay } from '@nivesh/api-contract';
import type { Clock } from '../../clock.js';
import { marketStatus, type HolidayCalendar } from '../../market/calendar.js';
import type {
  Candle,
  FeedConnectionState,
  IndexInstrument,
  Instrument,
  MarketFeed,
  Tick,
  TickHub,
} from '../../market/feed.js';
import { TokenExpiredError, type UpstoxClient } from './client.js';
import { decodeFeedResponse, type FeedEntry, type FeedResponseObject } from './feedProto.js';
import type { FeedSubscription } from './schemas.js';

/** What the feed needs of the instrument master (market/instruments.ts provides more). */
export interface FeedInstruments {
  equities: readonly Instrument[];
  indices: readonly IndexInstrument[];
}

interface FeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface UpstoxFeedOptions {
  client: UpstoxClient;
  master: FeedInstruments;
  clock: Clock;
  calendar: HolidayCalendar;
  log: FeedLog;
  /** `full` also carries the session's open, high, low and volume; default full. */
  mode?: 'ltpc' | 'full';
  /** Reconnect delays: doubling from `initialMs` up to `maxMs` (also the wait after a token problem). */
  backoff?: { initialMs: number; maxMs: number };
}

export interface UpstoxFeed extends MarketFeed {
  /** Whether the socket is open and subscribed. */
  connected(): boolean;
  connection(): FeedConnectionState;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function ltpcOf(entry: FeedEntry) {
  return (
    entry.ltpc ??
    entry.fullFeed?.marketFF?.ltpc ??
    entry.fullFeed?.indexFF?.ltpc ??
    entry.firstLevelWithGreeks?.ltpc
  );
}

function sessionOhlcOf(entry: FeedEntry) {
  const list = entry.fullFeed?.marketFF?.marketOHLC?.ohlc ?? entry.fullFeed?.indexFF?.marketOHLC?.ohlc ?? [];
  return list.find((ohlc) => ohlc.interval === '1d');
}

/**
 * One tick from a feed entry, merged with the symbol's previous tick for what the entry lacks (an
 * ltpc-only update keeps the session's open, high, low and volume; a new IST day starts afresh).
 */
export function tickFromFeed(
  symbol: string,
  kind: Tick['kind'],
  entry: FeedEntry,
  fallbackTs: number,
  previous: Tick | undefined,
): Tick | null {
  const ltpc = ltpcOf(entry);
  if (ltpc?.ltp === undefined || !(ltpc.ltp > 0)) return null;
  const ltp = round2(ltpc.ltp);
  const ts = ltpc.ltt !== undefined && ltpc.ltt > 0 ? ltpc.ltt : fallbackTs;
  const prev = previous && istDay(new Date(previous.ts)) === istDay(new Date(ts)) ? previous : undefined;
  const day = sessionOhlcOf(entry);
  const volume = entry.fullFeed?.marketFF?.vtt ?? entry.firstLevelWithGreeks?.vtt ?? day?.vol;
  const open = day?.open !== undefined && day.open > 0 ? day.open : (prev?.open ?? ltp);
  const high = day?.high !== undefined && day.high > 0 ? day.high : (prev?.high ?? ltp);
  const low = day?.low !== undefined && day.low > 0 ? day.low : (prev?.low ?? ltp);
  return {
    symbol,
    kind,
    ltp,
    previousClose: round2(ltpc.cp !== undefined && ltpc.cp > 0 ? ltpc.cp : (previous?.previousClose ?? ltp)),
    open: round2(open),
    high: round2(Math.max(high, ltp)),
    low: round2(Math.min(low, ltp)),
    volume: kind === 'index' ? 0 : Math.max(0, Math.round(volume ?? prev?.volume ?? 0)),
    ts,
  };
}

export function createUpstoxFeed(options: UpstoxFeedOptions): UpstoxFeed {
  const { client, master, clock, calendar, log } = options;
  const mode = options.mode ?? 'full';
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  const equityByKey = new Map(master.equities.map((e) => [e.instrumentKey, e]));
  const indexByKey = new Map(master.indices.map((i) => [i.instrumentKey, i]));
  const equityBySymbol = new Map(master.equities.map((e) => [e.symbol, e]));
  const indexById = new Map<string, IndexInstrument>(master.indices.map((i) => [i.id, i]));
  const allKeys = [...equityByKey.keys(), ...indexByKey.keys()];

  let hub: TickHub | null = null;
  let socket: WebSocket | null = null;
  let subscribed = false;
  let stopped = true;
  let attempts = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** Binary messages that failed to decode (the tick-streaming dashboard's error rate). */
  let undecodable = 0;

  function symbolOf(key: string): { symbol: string; kind: Tick['kind'] } | null {
    const equity = equityByKey.get(key);
    if (equity) return { symbol: equity.symbol, kind: 'equity' };
    const index = indexByKey.get(key);
    return index ? { symbol: index.id, kind: 'index' } : null;
  }

  function publish(response: FeedResponseObject): void {
    if (!hub || !response.feeds) return;
    const fallbackTs = response.currentTs ?? clock.nowMs();
    const ticks: Tick[] = [];
    for (const [key, entry] of Object.entries(response.feeds)) {
      const target = symbolOf(key);
      if (!target) continue;
      const tick = tickFromFeed(target.symbol, target.kind, entry, fallbackTs, hub.last(target.symbol));
      // The message's own time (ms): what the feed delay is measured from (market/feed.ts tickSentAt).
      if (tick) ticks.push(response.currentTs === undefined ? tick : { ...tick, sentAt: response.currentTs });
    }
    hub.publish(ticks);
  }

  /** The hub's first prices: LTP (with the previous close) and the session's OHLC, by REST. */
  async function seed(target: TickHub): Promise<void> {
    const ltp = await client.ltp(allKeys);
    const ohlc = await client.ohlc(allKeys, '1d').catch((error: unknown) => {
      log.warn({ err: (error as Error).message }, 'Upstox OHLC quotes unavailable; seeding from LTP only');
      return null;
    });
    const now = clock.nowMs();
    const ticks: Tick[] = [];
    for (const key of allKeys) {
      const quote = ltp.get(key);
      const target = symbolOf(key);
      if (!quote || !target) continue;
      const session = ohlc?.get(key)?.live_ohlc;
      const tick = tickFromFeed(
        target.symbol,
        target.kind,
        {
          fullFeed: {
            marketFF: {
              ltpc: { ltp: quote.last_price, cp: quote.cp ?? undefined },
              vtt: quote.volume ?? session?.volume ?? undefined,
              marketOHLC: session
                ? { ohlc: [{ interval: '1d', open: session.open, high: session.high, low: session.low }] }
                : undefined,
            },
          },
        },
        now,
        undefined,
      );
      if (tick) ticks.push(tick);
    }
    target.publish(ticks);
    const missing = allKeys.length - ticks.length;
    if (missing > 0) log.warn({ missing }, 'Upstox returned no price for some instruments');
  }

  /** Replaces this year's NSE holidays with Upstox's list (DOMAIN.md: the adapter refreshes them). */
  async function refreshHolidays(): Promise<void> {
    const holidays = await client.holidays();
    const byYear = new Map<number, Array<{ date: string; name: string }>>();
    for (const h of holidays) {
      if (h.holiday_type !== 'TRADING_HOLIDAY' || !h.closed_exchanges.includes('NSE')) continue;
      const year = Number(h.date.slice(0, 4));
      byYear.set(year, [...(byYear.get(year) ?? []), { date: h.date, name: h.description }]);
    }
    for (const [year, list] of byYear) {
      calendar.add({ exchange: 'NSE', year, source: 'Upstox /v2/market/holidays', holidays: list });
      log.info({ year, holidays: list.length }, 'NSE holidays refreshed from Upstox');
    }
  }

  function scheduleReconnect(delayMs?: number): void {
    if (stopped || reconnectTimer) return;
    const delay = delayMs ?? Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempts);
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    // The process may exit while the feed waits to reconnect.
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    let url: string;
    try {
      url = await client.authorizeFeed();
    } catch (error) {
      const tokenProblem = error instanceof TokenExpiredError;
      log.warn({ err: (error as Error).message }, 'Upstox feed authorization failed');
      scheduleReconnect(tokenProblem ? backoff.maxMs : undefined);
      return;
    }
    if (stopped) return;
    const ws = new WebSocket(url, { followRedirects: true, handshakeTimeout: 10_000 });
    socket = ws;
    ws.binaryType = 'nodebuffer';
    ws.on('open', () => {
      const subscription: FeedSubscription = {
        guid: randomUUID(),
        method: 'sub',
        data: { mode, instrumentKeys: allKeys },
      };
      // Upstox reads subscription requests from binary frames only.
      ws.send(Buffer.from(JSON.stringify(subscription), 'utf8'), { binary: true });
      subscribed = true;
      log.info({ instruments: allKeys.length, mode }, 'Upstox market feed subscribed');
    });
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      if (!isBinary) return;
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : data instanceof ArrayBuffer
          ? Buffer.from(data)
          : data;
      let response: FeedResponseObject;
      try {
        response = decodeFeedResponse(bytes);
      } catch (error) {
        undecodable += 1;
        log.warn({ err: (error as Error).message }, 'an Upstox feed message could not be decoded');
        return;
      }
      attempts = 0;
      if (response.type === 'market_info') {
        log.debug?.({ segments: response.marketInfo?.segmentStatus }, 'Upstox market info');
        return;
      }
      publish(response);
    });
    ws.on('error', (error: Error) => {
      log.warn({ err: error.message }, 'Upstox market feed error');
    });
    ws.on('close', (code: number) => {
      if (socket === ws) {
        socket = null;
        subscribed = false;
      }
      if (!stopped) {
        log.warn({ code }, 'Upstox market feed closed; reconnecting');
        scheduleReconnect();
      }
    });
  }

  const connected = () => socket !== null && socket.readyState === WebSocket.OPEN && subscribed;

  return {
    source: 'upstox',
    instruments: () => master.equities,
    indices: () => master.indices,
    instrument: (symbol) => equityBySymbol.get(symbol),
    connected,
    // Not started or stopped: disconnected; a failed attempt or a drop schedules a retry
    // (attempts > 0) until a message arrives: reconnecting; the first attempt: connecting.
    connection: () => ({
      name: 'Upstox market data',
      status: stopped
        ? 'disconnected'
        : connected()
          ? 'connected'
          : attempts > 0
            ? 'reconnecting'
            : 'connecting',
      mode,
      symbols: allKeys.flatMap((key) => symbolOf(key)?.symbol ?? []),
      undecodable,
    }),

    async start(target) {
      hub = target;
      stopped = false;
      attempts = 0;
      try {
        await seed(target);
      } catch (error) {
        log.warn(
          { err: (error as Error).message },
          'Upstox prices could not be loaded at start; ticks will follow the feed',
        );
      }
      await refreshHolidays().catch((error: unknown) => {
        log.warn({ err: (error as Error).message }, 'NSE holidays could not be refreshed from Upstox');
      });
      void connect();
    },

    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const ws = socket;
      socket = null;
      subscribed = false;
      if (ws && ws.readyState !== WebSocket.CLOSED) {
        await new Promise<void>((resolve) => {
          ws.once('close', () => resolve());
          ws.terminate();
        });
      }
    },

    isSessionOpen: (at) => marketStatus(at, calendar).isOpen,
    alwaysOpen: false,

    async dailyCandles(symbol, from, to): Promise<Candle[]> {
      const key = equityBySymbol.get(symbol)?.instrumentKey ?? indexById.get(symbol)?.instrumentKey;
      if (!key) throw new Error(`Unknown symbol ${symbol}`);
      const candles = await client.historicalCandles(key, 'days', 1, to, from);
      return candles
        .map((c) => ({
          date: istDay(c.ts),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: Math.round(c.volume),
        }))
        .filter((c) => c.date >= from && c.date <= to);
    },
  };
}
