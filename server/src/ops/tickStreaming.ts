/**
 * The tick-streaming monitor (GET /api/tick-streaming/dashboard and /candles). It listens on the
 * tick hub, so it measures what the feed delivers whether or not a browser follows it: ticks per
 * second and minute, how late ticks arrive (from when their source sent them, to the millisecond:
 * market/feed.ts tickSentAt), ticks out of order, and one-second candles per symbol
 * (candles.ts). The feed says how it is connected (MarketFeed.connection; a feed in this process
 * has none), the browser stream says what it sent and to whom (stream/service.ts stats()).
 */
import {
  MARKET_INDEX_NAMES,
  TICK_CANDLE_WINDOW,
  type FeedMode,
  type StreamConnectionStatus,
  type TickCandles,
  type TickStreamingDashboard,
  type WebSocketHealth,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import {
  tickSentAt,
  type FeedConnectionState,
  type MarketFeed,
  type Tick,
  type TickHub,
} from '../market/feed.js';
import type { TickStreamService } from '../stream/service.js';
import { createCandleBuilder, createSecondCounters } from './candles.js';

type StreamStats = ReturnType<TickStreamService['stats']>;

/** Symbols the candle builder follows at most (the feeds price about fifty). */
const MAX_CANDLE_SYMBOLS = 2_000;
/** A tick within this long counts as streaming now. */
const STREAMING_WINDOW_MS = 10_000;
/** Seconds averaged for ticks_per_second (complete seconds, the current one left out). */
const RATE_SECONDS = 10;

/** Order-book levels each subscription mode carries per instrument (Upstox feed v3). */
const DEPTH_LEVELS: Record<FeedMode, number> = { ltpc: 0, option_greeks: 1, full: 5, full_d30: 30 };

/** Limits of the health rule below. */
const TICK_HEALTH = {
  /** During a session, no tick for this long is degraded... */
  staleAfterMs: 10_000,
  /** ...and this long unhealthy (the engines status's market_feed probe uses the same two minutes). */
  silentAfterMs: 120_000,
  degradedErrorRate: 0.01,
  unhealthyErrorRate: 0.1,
  degradedLatencyMs: 1_000,
} as const;

export interface TickHealthInput {
  feedStatus: FeedConnectionState['status'];
  sessionOpen: boolean;
  /** Since the last tick reached the hub (or since the monitor started, before any). */
  msSinceTick: number;
  errorRate: number;
  /** Tick-to-send latency; null when nothing was sent. */
  sendLatencyMs: number | null;
}

export type TickHealth = TickStreamingDashboard['health']['overall_status'];

const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;
const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/**
 * The overall status and the reasons for it. The worst condition wins:
 * - unhealthy: the feed is disconnected or retrying its connection (reconnecting); or the
 *   session is open and no tick arrived for 2 minutes; or 10% or more of the last minute's feed
 *   input failed to decode or came out of order;
 * - degraded: the feed is still connecting for the first time; or the session is open and no
 *   tick arrived for 10 seconds; or the error rate is 1% or more; or ticks reach the browsers
 *   1 second or more after their own time (mean over the last minute);
 * - healthy otherwise. Outside the session a connected feed is quiet, and that is healthy.
 */
export function tickHealth(input: TickHealthInput): { status: TickHealth; reasons: string[] } {
  const unhealthy: string[] = [];
  const degraded: string[] = [];
  if (input.feedStatus === 'disconnected') unhealthy.push('The market feed is disconnected.');
  if (input.feedStatus === 'reconnecting') {
    unhealthy.push('The market feed lost its connection and is reconnecting.');
  }
  if (input.feedStatus === 'connecting') degraded.push('The market feed is still connecting.');
  if (input.sessionOpen && input.msSinceTick >= TICK_HEALTH.silentAfterMs) {
    unhealthy.push(`The session is open but no tick arrived for ${seconds(input.msSinceTick)}.`);
  } else if (input.sessionOpen && input.msSinceTick >= TICK_HEALTH.staleAfterMs) {
    degraded.push(`The session is open but no tick arrived for ${seconds(input.msSinceTick)}.`);
  }
  const errors = `${percent(input.errorRate)} of the last minute's feed input failed to decode or came out of order`;
  if (input.errorRate >= TICK_HEALTH.unhealthyErrorRate) {
    unhealthy.push(`${errors} (${percent(TICK_HEALTH.unhealthyErrorRate)} or more is unhealthy).`);
  } else if (input.errorRate >= TICK_HEALTH.degradedErrorRate) {
    degraded.push(`${errors} (${percent(TICK_HEALTH.degradedErrorRate)} or more is degraded).`);
  }
  if (input.sendLatencyMs !== null && input.sendLatencyMs >= TICK_HEALTH.degradedLatencyMs) {
    degraded.push(
      `Ticks reach the browsers ${Math.round(input.sendLatencyMs).toLocaleString('en-IN')} ms after their own time (1,000 ms or more is degraded).`,
    );
  }
  if (unhealthy.length > 0) return { status: 'unhealthy', reasons: [...unhealthy, ...degraded] };
  if (degraded.length > 0) return { status: 'degraded', reasons: degraded };
  return {
    status: 'healthy',
    reasons: [
      input.sessionOpen
        ? 'The market feed is connected and ticks are arriving.'
        : 'The market feed is connected; the session is closed, so no ticks are expected.',
    ],
  };
}

export interface TickStreamingDeps {
  hub: TickHub;
  feed: MarketFeed;
  clock: Clock;
  /** The browser stream's counters, read when asked (it is created after the monitor). */
  streamStats: () => StreamStats;
  /** The process's resident memory in bytes (default: process.memoryUsage.rss). */
  rssBytes?: () => number;
}

export interface TickStreamingMonitor {
  dashboard(): TickStreamingDashboard;
  /** The symbol's one-second candles, or the sentence refusing an unknown symbol. */
  candles(symbol: string, seconds: number): { data: TickCandles } | { error: string };
  /** Stops listening on the hub. */
  stop(): void;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The connection of a feed that has none of its own: it runs in this process. */
function inProcessConnection(feed: MarketFeed): Omit<FeedConnectionState, 'mode'> & { mode: null } {
  return {
    name: feed.source === 'simulated' ? 'Simulated market' : `${feed.source} market data`,
    status: 'connected',
    mode: null,
    symbols: [
      ...feed.instruments().map((instrument) => instrument.symbol),
      ...feed.indices().map((i) => i.id),
    ],
    undecodable: 0,
  };
}

export function createTickStreamingMonitor(deps: TickStreamingDeps): TickStreamingMonitor {
  const { hub, feed, clock } = deps;
  const rssBytes = deps.rssBytes ?? (() => process.memoryUsage.rss());
  const candles = createCandleBuilder({
    keepSeconds: TICK_CANDLE_WINDOW.max_seconds,
    maxSymbols: MAX_CANDLE_SYMBOLS,
  });
  const counters = createSecondCounters([
    'ticks',
    'outOfOrder',
    'undecodable',
    'delayMs',
    'delayed',
  ] as const);
  const startedAt = clock.nowMs();
  let lastReceivedAt: number | null = null;
  let undecodableSeen = feed.connection?.().undecodable ?? 0;

  /** Books the feed's newly undecodable messages into the current second. */
  function sampleUndecodable(at: number): void {
    const total = feed.connection?.().undecodable ?? 0;
    if (total > undecodableSeen) counters.add(at, { undecodable: total - undecodableSeen });
    undecodableSeen = total;
  }

  function onBatch(batch: readonly Tick[]): void {
    const at = clock.nowMs();
    let outOfOrder = 0;
    let delayMs = 0;
    let delayed = 0;
    for (const tick of batch) {
      if (candles.add(tick) === 'out_of_order') {
        outOfOrder += 1;
        continue;
      }
      delayMs += Math.max(0, at - tickSentAt(tick));
      delayed += 1;
    }
    counters.add(at, { ticks: batch.length, outOfOrder, delayMs, delayed });
    if (batch.length > 0) lastReceivedAt = at;
    sampleUndecodable(at);
  }

  const unsubscribe = hub.subscribe(onBatch);

  function resolveSymbol(asked: string): string | null {
    const upper = asked.toUpperCase();
    for (const name of [asked, upper]) {
      if (feed.instrument(name) || feed.indices().some((index) => index.id === name) || hub.last(name)) {
        return name;
      }
    }
    const lower = asked.toLowerCase();
    const index = feed
      .indices()
      .find(
        (i) =>
          i.name.toLowerCase() === lower ||
          (MARKET_INDEX_NAMES as Record<string, string>)[i.id]?.toLowerCase() === lower,
      );
    return index?.id ?? null;
  }

  return {
    dashboard() {
      const now = clock.nowMs();
      sampleUndecodable(now);
      const stream = deps.streamStats();
      const connection: FeedConnectionState | (Omit<FeedConnectionState, 'mode'> & { mode: null }) =
        feed.connection?.() ?? inProcessConnection(feed);
      const external = feed.connection !== undefined;

      const ticksLastMinute = counters.total('ticks', now, 60);
      const outOfOrder = counters.total('outOfOrder', now, 60);
      const undecodable = counters.total('undecodable', now, 60);
      const input = ticksLastMinute + undecodable;
      const errorRate = input > 0 ? (outOfOrder + undecodable) / input : 0;
      const delayed = counters.total('delayed', now, 60);
      const feedDelayMs = delayed > 0 ? counters.total('delayMs', now, 60) / delayed : null;
      const isStreaming = lastReceivedAt !== null && now - lastReceivedAt < STREAMING_WINDOW_MS;
      const sessionOpen = feed.isSessionOpen(new Date(now));
      const health = tickHealth({
        feedStatus: connection.status,
        sessionOpen,
        msSinceTick: now - (lastReceivedAt ?? startedAt),
        errorRate,
        sendLatencyMs: stream.sendDelayMs,
      });
      const connected = connection.status === 'connected';
      const connectionStatus: StreamConnectionStatus =
        connected && isStreaming ? 'active' : connection.status;

      const websocketHealth: Record<string, WebSocketHealth> = {
        [connection.name]: {
          active: connected,
          mode: connection.mode,
          symbols: connection.symbols.length,
          kind: 'market_feed',
          status: connectionStatus,
          subscriptions: connection.symbols,
        },
      };
      for (const socket of stream.sockets) {
        websocketHealth[`Browser stream ${socket.id}`] = {
          active: true,
          mode: null,
          symbols: socket.symbols.length,
          kind: 'browser_stream',
          status: 'connected',
          subscriptions: socket.symbols,
        };
      }

      const lastTick = hub.lastTickAt();
      const newestCandle = candles.newestSecond();
      const latency = stream.sendDelayMs ?? feedDelayMs;
      return {
        connection_status: connectionStatus,
        websocket_health: websocketHealth,
        health: {
          ticks_per_minute: ticksLastMinute,
          latency_ms: latency === null ? 0 : round1(latency),
          is_streaming: isStreaming,
          is_connected: connected,
          error_rate: errorRate,
          memory_usage_mb: round1(rssBytes() / (1024 * 1024)),
          overall_status: health.status,
          status_reasons: health.reasons,
          last_tick_time: lastTick === null ? null : new Date(lastTick).toISOString(),
        },
        data_flow: {
          ticks_per_second: round1(counters.total('ticks', now, RATE_SECONDS, 1) / RATE_SECONDS),
          depth_levels: connected && connection.mode !== null ? DEPTH_LEVELS[connection.mode] : 0,
          // Nothing in this server looks for patterns or large orders in the tick flow.
          pattern_detection: false,
          smart_money_tracking: false,
        },
        upstox_plus_features: {
          websocket_connections: external && connected ? 1 : 0,
          symbols_tracked: hub.all().length,
          candles_active: newestCandle !== null && newestCandle * 1000 > now - 60_000,
        },
        ticks_per_second_series: counters.perSecond('ticks', now, 60).map(({ second, count }) => ({
          time: new Date(second * 1000).toISOString(),
          ticks: count,
        })),
        latency: {
          tick_to_send_ms: stream.sendDelayMs === null ? null : round1(stream.sendDelayMs),
          feed_delay_ms: feedDelayMs === null ? null : round1(feedDelayMs),
          browser_round_trip_ms: stream.latencyMs === null ? null : round1(stream.latencyMs),
        },
        feed_input: { ticks: ticksLastMinute, out_of_order: outOfOrder, undecodable },
        as_of: new Date(now).toISOString(),
      };
    },

    candles(asked, span) {
      const symbol = resolveSymbol(asked);
      if (symbol === null) {
        const indices = feed
          .indices()
          .map((index) => index.id)
          .join(', ');
        return {
          error: `${asked} is not a symbol this server's market data prices: ask for an equity symbol (e.g. RELIANCE) or an index (${indices}).`,
        };
      }
      return {
        data: {
          symbol,
          interval_seconds: 1,
          candles: candles.candles(symbol, span).map(({ second, ...candle }) => ({
            time: new Date(second * 1000).toISOString(),
            ...candle,
          })),
        },
      };
    },

    stop: unsubscribe,
  };
}
