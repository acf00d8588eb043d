/**
 * The message bus between server processes (NATS, NIVESH_NATS_URL): the leader's market feed
 * reaches every process's tick hub, and trading-mode changes and alerts reach the browsers
 * connected to any process.
 *
 * - Ticks (`nivesh.ticks`): only the leader's feed publishes into the hubs. Every process starts
 *   its feed (so its hub holds a price for every instrument before it serves), but a process that
 *   does not lead drops its own feed's ticks and takes the leader's from the bus instead, so all
 *   processes price orders the same.
 * - Events (`nivesh.events`): a trading-mode change or a new alert on one process is announced to
 *   the others, which tell their browsers (the stream's `event` message).
 * - Revoked sessions (`nivesh.sessions`): a logout or a new password on one process is told to
 *   the others, which drop those sessions from their memory at once (auth/service.ts).
 * - Every message is parsed with a schema; one that does not parse is counted and dropped.
 *
 * Without a NATS URL (the embedded default) there is one process and no bus: the hub is the feed's,
 * and the NATS client is never loaded (it is imported when a bus connects).
 */
import type { NatsConnection, Subscription } from 'nats';
import { z } from 'zod';
import { StreamEvent, type StreamEventKind } from '@nivesh/api-contract';
import type { Tick, TickHub } from '../market/feed.js';

const TICKS_SUBJECT = 'nivesh.ticks';
const EVENTS_SUBJECT = 'nivesh.events';
const SESSIONS_SUBJECT = 'nivesh.sessions';

const BusTick = z.object({
  symbol: z.string().min(1).max(64),
  kind: z.enum(['equity', 'index']),
  ltp: z.number().finite(),
  previousClose: z.number().finite(),
  open: z.number().finite(),
  high: z.number().finite(),
  low: z.number().finite(),
  volume: z.number().finite().nonnegative(),
  ts: z.number().finite(),
});
const TicksMessage = z.object({ from: z.string(), ticks: z.array(BusTick).max(5_000) });
const EventMessage = z.object({ from: z.string(), event: StreamEvent });
const RevokedSessions = z.union([z.literal('all'), z.array(z.number().int().positive()).max(10_000)]);
const SessionsMessage = z.object({ from: z.string(), revoked: RevokedSessions });
type RevokedSessions = z.infer<typeof RevokedSessions>;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Bus {
  /** The hub to give the feed: its ticks reach the process's hub (and the bus) only while it leads. */
  feedHub(hub: TickHub, leads: () => boolean): TickHub & { ready(): void };
  /** Announces an event to the other processes. */
  announce(kind: StreamEventKind): void;
  /** Events other processes announced. */
  onEvent(listener: (kind: StreamEventKind) => void): () => void;
  /** Tells the other processes these sessions were revoked (ids, or 'all'). */
  revokeSessions(revoked: RevokedSessions): void;
  /** Sessions another process revoked. */
  onSessionsRevoked(listener: (revoked: RevokedSessions) => void): () => void;
  /** Connected, and counters for the operations pages. */
  stats(): { connected: boolean; received: number; published: number; dropped: number };
  close(): Promise<void>;
}

/** No bus: one process; the feed's hub is the process's hub and events stay local. */
export function localBus(): Bus {
  return {
    feedHub: (hub) => Object.assign(Object.create(hub) as TickHub, hub, { ready: () => undefined }),
    announce: () => undefined,
    onEvent: () => () => undefined,
    revokeSessions: () => undefined,
    onSessionsRevoked: () => () => undefined,
    stats: () => ({ connected: false, received: 0, published: 0, dropped: 0 }),
    close: async () => undefined,
  };
}

export async function connectBus(options: {
  url: string;
  /** This process (instances are told apart by it; a process ignores its own messages). */
  instanceId: string;
  hub: TickHub;
  log: Log;
}): Promise<Bus> {
  const { instanceId, hub, log } = options;
  const { connect } = await import('nats');
  const nc: NatsConnection = await connect({
    servers: options.url,
    name: `nivesh-${instanceId}`,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  log.info({ url: options.url }, 'message bus connected (NATS)');
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const counters = { received: 0, published: 0, dropped: 0 };
  const listeners = new Set<(kind: StreamEventKind) => void>();
  const revocationListeners = new Set<(revoked: RevokedSessions) => void>();
  let leading: () => boolean = () => false;

  function parse<T>(schema: z.ZodType<T>, data: Uint8Array): T | null {
    try {
      const parsed = schema.safeParse(JSON.parse(decoder.decode(data)));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON
    }
    counters.dropped += 1;
    return null;
  }

  const subscriptions: Subscription[] = [
    nc.subscribe(TICKS_SUBJECT, {
      callback: (error, message) => {
        if (error) return;
        const parsed = parse(TicksMessage, message.data);
        if (!parsed || parsed.from === instanceId) return;
        // A process that leads trusts its own feed only.
        if (leading()) return;
        counters.received += 1;
        hub.publish(parsed.ticks as Tick[]);
      },
    }),
    nc.subscribe(EVENTS_SUBJECT, {
      callback: (error, message) => {
        if (error) return;
        const parsed = parse(EventMessage, message.data);
        if (!parsed || parsed.from === instanceId) return;
        counters.received += 1;
        for (const listener of listeners) listener(parsed.event.kind);
      },
    }),
    nc.subscribe(SESSIONS_SUBJECT, {
      callback: (error, message) => {
        if (error) return;
        const parsed = parse(SessionsMessage, message.data);
        if (!parsed || parsed.from === instanceId) return;
        counters.received += 1;
        for (const listener of revocationListeners) listener(parsed.revoked);
      },
    }),
  ];

  function publish(subject: string, payload: object) {
    if (nc.isClosed()) return;
    nc.publish(subject, encoder.encode(JSON.stringify(payload)));
    counters.published += 1;
  }

  return {
    feedHub(target, leads) {
      leading = leads;
      let starting = true;
      return {
        // Until the feed has started, its first prices fill the hub whoever leads.
        publish(ticks) {
          if (!starting && !leads()) return;
          target.publish(ticks);
          if (leads()) publish(TICKS_SUBJECT, { from: instanceId, ticks });
        },
        last: (symbol) => target.last(symbol),
        all: () => target.all(),
        subscribe: (listener) => target.subscribe(listener),
        lastTickAt: () => target.lastTickAt(),
        ready() {
          starting = false;
        },
      };
    },
    announce(kind) {
      publish(EVENTS_SUBJECT, { from: instanceId, event: { kind } });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    revokeSessions(revoked) {
      publish(SESSIONS_SUBJECT, { from: instanceId, revoked });
    },
    onSessionsRevoked(listener) {
      revocationListeners.add(listener);
      return () => revocationListeners.delete(listener);
    },
    stats: () => ({ connected: !nc.isClosed(), ...counters }),
    async close() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      await nc.drain().catch(() => undefined);
    },
  };
}
