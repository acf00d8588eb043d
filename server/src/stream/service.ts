/**
 * The browser price stream, WebSocket `/ws/ticks` (protocol: packages/api-contract/src/stream.ts).
 *
 * - Opening: only with the `nivesh.ticks.v1` subprotocol and an unused ticket (`ticket.<t>`) in
 *   `Sec-WebSocket-Protocol`, checked before the upgrade completes; anything else is refused with
 *   401 and no socket opens. A page whose origin is not the configured public origin is refused
 *   too (cross-site WebSocket hijacking); a request with no Origin (a program, not a browser) only
 *   needs its ticket. Every ticket a refused request carried is spent. One session holds at most
 *   MAX_SOCKETS_PER_SESSION sockets (429 beyond).
 * - Fan-out: one hub subscription for all sockets. Sockets following the same symbols share one
 *   group, and each batch is serialised once per group (each tick once per batch), then written
 *   to every member.
 * - Back-pressure: a socket whose unsent data passes `maxBufferedBytes` is closed with
 *   SLOW_CLIENT_CLOSE_CODE (and cut off if it does not close), never queued without bound.
 * - Heartbeat: every `heartbeatMs` each socket is pinged; one that did not answer the previous
 *   ping is cut off, and one whose session has ended (logout, expiry) is closed.
 */
import { Server, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import {
  apiError,
  BAD_MESSAGE_CLOSE_CODE,
  ClientMessage,
  MAX_STREAM_SYMBOLS,
  SLOW_CLIENT_CLOSE_CODE,
  TICK_STREAM_PATH,
  TICK_STREAM_PROTOCOL,
  TICKET_PROTOCOL_PREFIX,
  type ServerMessage,
  type StreamEventKind,
  type StreamTick,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { devOrigins } from '@nivesh/build/remotes';
import type { Config } from '../config.js';
import { schema, type Db } from '../db/index.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { tickSentAt, type MarketFeed, type Tick, type TickHub } from '../market/feed.js';
import type { IssuedTicket, TicketStore } from './tickets.js';

/** Unsent data (bytes) a socket may hold before it is dropped as too slow. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Price stream sockets one session may hold at once (each browser tab shares one). */
export const MAX_SOCKETS_PER_SESSION = 8;
/** How long a dropped slow socket gets to finish closing before it is cut off. */
const SLOW_CLIENT_TERMINATE_MS = 2_000;
const HEARTBEAT_MS = 30_000;
/** The largest client message: a subscribe of MAX_STREAM_SYMBOLS long symbols fits easily. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;
/** Close code (policy violation) for a socket whose session was signed out or expired. */
export const SESSION_ENDED_CLOSE_CODE = 1008;

export const REFUSALS = {
  notUpgrade: 'This address is the live price WebSocket: open it with a stream ticket.',
  notStream: `Only ${TICK_STREAM_PATH} opens a WebSocket on this server.`,
  origin: 'This page may not open the price stream: its origin is not this server.',
  ticketInAddress: 'A stream ticket in the address is refused: send it in the Sec-WebSocket-Protocol header.',
  protocol: `Open the price stream with the ${TICK_STREAM_PROTOCOL} subprotocol and a stream ticket.`,
  noTicket: 'A stream ticket is required: ask POST /api/stream/ticket for one and open the socket with it.',
  badTicket: 'This stream ticket is invalid, used or expired. Ask for a new one.',
  tooManySockets: `This session already has ${MAX_SOCKETS_PER_SESSION} price streams open: close another tab or window first.`,
} as const;

/** A request target's path, without its query. */
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0];

/** Answers an upgrade to an address that takes none with 404 and a sentence, then closes its socket. */
function refuseUpgrade(socket: Duplex): void {
  const body = JSON.stringify(apiError(REFUSALS.notStream));
  socket.on('error', () => socket.destroy());
  socket.end(
    'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

interface StreamStats {
  /** Sockets open now. */
  connections: number;
  /** Sockets opened since the server started. */
  connectionsOpened: number;
  /** Upgrades refused (no, bad or used ticket; foreign origin). */
  refused: number;
  /** Distinct symbols at least one open socket follows. */
  symbolsFollowed: number;
  /** Tick updates written, one per tick per socket. */
  ticksSent: number;
  /** Tick updates written in the last 60 seconds. */
  ticksLastMinute: number;
  /** Messages of any kind written. */
  messagesSent: number;
  slowClientsDropped: number;
  /** Epoch ms of the last tick message written, or null before the first. */
  lastSentAt: number | null;
  /** Mean round trip of the last heartbeat ping of open sockets, or null before any answered. */
  latencyMs: number | null;
  /** Mean age (from when each tick left its source: market/feed.ts tickSentAt) of the ticks written in the last 60 s; null: none. */
  sendDelayMs: number | null;
  /** Each open socket: its number since the server started, the symbols it follows, its round trip. */
  sockets: Array<{ id: number; symbols: string[]; rttMs: number | null }>;
}

export interface TickStreamService {
  /** A single-use ticket that opens the stream for this session (POST /api/stream/ticket). */
  issueTicket(sessionId: number): Promise<IssuedTicket>;
  /** Tells every connected browser that something it shows changed (a trading-mode switch, an alert). */
  broadcast(kind: StreamEventKind): void;
  stats(): StreamStats;
  /**
   * Registers GET /ws/ticks with @fastify/websocket in the plugin's own scope, the upgrade router
   * and the hub subscription.
   */
  plugin(app: FastifyInstance): Promise<void>;
  /** Runs one heartbeat round now (the timer runs one every `heartbeatMs`). */
  heartbeat(): Promise<void>;
}

export interface TickStreamDeps {
  hub: TickHub;
  feed: MarketFeed;
  clock: Clock;
  tickets: TicketStore;
  /** Origins whose pages may open the stream besides the request's own host. */
  allowedOrigins: readonly string[];
  /** The ids among these that are still signed-in sessions. */
  activeSessions(ids: number[]): Promise<Set<number>>;
  log: FastifyBaseLogger;
  maxBufferedBytes?: number;
  heartbeatMs?: number;
}

/**
 * The origins whose pages may open the stream: the configured public URL's (and, when that is
 * localhost, the same port on the loopback addresses), and the dev servers under `pnpm dev`.
 * Never "whatever Host the request names": a page reaching this server through a name it
 * controls (DNS rebinding) would pass that.
 */
export function streamOrigins(config: Config): string[] {
  const publicUrl = new URL(config.publicUrl);
  const origins = new Set([publicUrl.origin]);
  if (publicUrl.hostname === 'localhost') {
    for (const loopback of ['127.0.0.1', '[::1]']) {
      const same = new URL(publicUrl.origin);
      same.hostname = loopback;
      origins.add(same.origin);
    }
  }
  // `pnpm dev`: the shell and each remote run on their own dev server (NIVESH_DEV_PORT_BASE).
  if (config.devRemotes) {
    const dev = devOrigins(config.devRemotes);
    for (const origin of [dev.shell, ...dev.remotes]) origins.add(origin);
  }
  return [...origins];
}

/** Sessions still signed in (not revoked, not expired), from the auth tables. */
export function activeSessionsIn(db: Db, clock: Clock) {
  return async (ids: number[]): Promise<Set<number>> => {
    const rows = await db
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(
        and(
          inArray(schema.sessions.id, ids),
          isNull(schema.sessions.revokedAt),
          gt(schema.sessions.expiresAt, clock.now()),
        ),
      );
    return new Set(rows.map((row) => row.id));
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function toStreamTick(tick: Tick): StreamTick {
  const change = tick.ltp - tick.previousClose;
  return {
    symbol: tick.symbol,
    ltp: tick.ltp,
    previous_close: tick.previousClose,
    change: round2(change),
    change_percent: tick.previousClose > 0 ? round2((change / tick.previousClose) * 100) : 0,
    volume: tick.volume,
    ts: tick.ts,
  };
}

interface Group {
  key: string;
  symbols: ReadonlySet<string>;
  members: Set<Connection>;
}

interface Connection {
  id: number;
  socket: WebSocket;
  sessionId: number;
  symbols: Set<string>;
  group: Group | null;
  /** Answered the last heartbeat ping. */
  alive: boolean;
  pingSentAt: number | null;
  rttMs: number | null;
  /** Closed by the server (slow, bad message, session ended): gets nothing more. */
  detached: boolean;
}

function protocolsOf(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function createTickStreamService(deps: TickStreamDeps): TickStreamService {
  const { hub, feed, clock, tickets, log } = deps;
  const maxBuffered = deps.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const allowedOrigins = new Set(deps.allowedOrigins);
  const connections = new Set<Connection>();
  const groups = new Map<string, Group>();
  /** Session of each upgrade request that passed the ticket check, for its socket handler. */
  const sessionOfRequest = new WeakMap<IncomingMessage, number>();
  const terminateTimers = new Set<NodeJS.Timeout>();
  let nextId = 1;

  const counters = { connectionsOpened: 0, refused: 0, ticksSent: 0, messagesSent: 0, slowClientsDropped: 0 };
  let lastSentAt: number | null = null;
  // Ticks sent per second over the last minute, in a ring of 60 one-second buckets.
  const bucketCounts = new Array<number>(60).fill(0);
  const bucketSeconds = new Array<number>(60).fill(-1);
  // The summed ages (ms from each tick's own time to its write) of those ticks, in the same ring.
  const bucketAges = new Array<number>(60).fill(0);

  function countTicks(count: number, at: number, ageMs = 0) {
    const second = Math.floor(at / 1000);
    const index = second % 60;
    if (bucketSeconds[index] !== second) {
      bucketSeconds[index] = second;
      bucketCounts[index] = 0;
      bucketAges[index] = 0;
    }
    bucketCounts[index] = (bucketCounts[index] ?? 0) + count;
    bucketAges[index] = (bucketAges[index] ?? 0) + ageMs;
  }

  function ticksLastMinute(ring: number[] = bucketCounts): number {
    const second = Math.floor(clock.nowMs() / 1000);
    let total = 0;
    for (let index = 0; index < 60; index += 1) {
      const at = bucketSeconds[index] ?? -1;
      if (at > second - 60 && at <= second) total += ring[index] ?? 0;
    }
    return total;
  }

  function isKnown(symbol: string): boolean {
    return (
      feed.instrument(symbol) !== undefined ||
      feed.indices().some((index) => index.id === symbol) ||
      hub.last(symbol) !== undefined
    );
  }

  /** Sockets open or being opened per session (the per-session limit counts both). */
  const socketsOfSession = new Map<number, number>();

  function countSocket(sessionId: number, delta: 1 | -1) {
    const next = (socketsOfSession.get(sessionId) ?? 0) + delta;
    if (next <= 0) socketsOfSession.delete(sessionId);
    else socketsOfSession.set(sessionId, next);
  }

  /**
   * The session a valid upgrade request opens the stream for, or the sentence refusing it. Every
   * ticket the request carries is spent first, whatever else is wrong with it: a ticket that was
   * shown to a refused request (a foreign page, a URL that may be logged) is never good again.
   */
  async function check(request: FastifyRequest): Promise<{ sessionId: number } | { refusal: string }> {
    const query = request.query as Record<string, unknown> | undefined;
    const inAddress = query !== undefined && Object.keys(query).length > 0;
    const protocols = protocolsOf(request.headers['sec-websocket-protocol']);
    const offered = protocols.filter((protocol) => protocol.startsWith(TICKET_PROTOCOL_PREFIX));
    const spent = await Promise.all(
      offered.map((protocol) => tickets.consume(protocol.slice(TICKET_PROTOCOL_PREFIX.length))),
    );
    if (typeof query?.['ticket'] === 'string') await tickets.consume(query['ticket']);

    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) return { refusal: REFUSALS.origin };
    if (inAddress) return { refusal: REFUSALS.ticketInAddress };
    if (!protocols.includes(TICK_STREAM_PROTOCOL)) return { refusal: REFUSALS.protocol };
    if (offered.length !== 1) return { refusal: REFUSALS.noTicket };
    const [sessionId] = spent;
    if (sessionId === null || sessionId === undefined) return { refusal: REFUSALS.badTicket };
    return { sessionId };
  }

  async function authorise(request: FastifyRequest, reply: FastifyReply) {
    if (!request.ws) {
      return reply.code(426).header('upgrade', 'websocket').send(apiError(REFUSALS.notUpgrade));
    }
    let result = await check(request);
    // The ticket lives on only as long as the session that asked for it.
    if ('sessionId' in result && !(await deps.activeSessions([result.sessionId])).has(result.sessionId)) {
      result = { refusal: REFUSALS.badTicket };
    }
    if ('refusal' in result) {
      counters.refused += 1;
      request.log.info({ reason: result.refusal }, 'price stream refused');
      throw unauthorized(result.refusal);
    }
    if ((socketsOfSession.get(result.sessionId) ?? 0) >= MAX_SOCKETS_PER_SESSION) {
      counters.refused += 1;
      request.log.warn({ sessionId: result.sessionId }, 'price stream refused: too many sockets');
      throw new HttpError(429, REFUSALS.tooManySockets);
    }
    // The place is held from here until the connection ends (also when the upgrade never completes).
    const sessionId = result.sessionId;
    countSocket(sessionId, 1);
    request.raw.socket.once('close', () => countSocket(sessionId, -1));
    sessionOfRequest.set(request.raw, sessionId);
  }

  function leaveGroup(connection: Connection) {
    const group = connection.group;
    if (!group) return;
    group.members.delete(connection);
    if (group.members.size === 0) groups.delete(group.key);
    connection.group = null;
  }

  function regroup(connection: Connection) {
    leaveGroup(connection);
    if (connection.symbols.size === 0 || connection.detached) return;
    const key = [...connection.symbols].sort().join(',');
    let group = groups.get(key);
    if (!group) {
      group = { key, symbols: new Set(connection.symbols), members: new Set() };
      groups.set(key, group);
    }
    group.members.add(connection);
    connection.group = group;
  }

  function detach(connection: Connection) {
    connection.detached = true;
    leaveGroup(connection);
  }

  function dropSlow(connection: Connection) {
    if (connection.detached) return;
    detach(connection);
    counters.slowClientsDropped += 1;
    log.warn(
      { connection: connection.id, buffered: connection.socket.bufferedAmount },
      'price stream client too slow: dropped',
    );
    connection.socket.close(SLOW_CLIENT_CLOSE_CODE, 'Too slow: unsent data passed the limit');
    // Its close frame waits behind the data it is not reading: cut it off if it does not close.
    const timer = setTimeout(() => {
      terminateTimers.delete(timer);
      if (connection.socket.readyState !== connection.socket.CLOSED) connection.socket.terminate();
    }, SLOW_CLIENT_TERMINATE_MS);
    terminateTimers.add(timer);
  }

  /** Writes a message unless the socket is closing or too far behind (then it is dropped). */
  function write(connection: Connection, text: string): boolean {
    if (connection.detached || connection.socket.readyState !== connection.socket.OPEN) return false;
    if (connection.socket.bufferedAmount > maxBuffered) {
      dropSlow(connection);
      return false;
    }
    connection.socket.send(text);
    counters.messagesSent += 1;
    return true;
  }

  const send = (connection: Connection, message: ServerMessage) => write(connection, JSON.stringify(message));

  function refuseMessage(connection: Connection, text: string) {
    send(connection, { type: 'error', message: text });
    detach(connection);
    connection.socket.close(BAD_MESSAGE_CLOSE_CODE, 'Invalid message');
  }

  function onMessage(connection: Connection, data: RawData, isBinary: boolean) {
    if (connection.detached) return;
    if (isBinary) return refuseMessage(connection, 'Invalid message: send JSON text, not binary data.');
    let json: unknown;
    try {
      json = JSON.parse(textOf(data));
    } catch {
      return refuseMessage(connection, 'Invalid message: it is not valid JSON.');
    }
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      return refuseMessage(connection, `Invalid message: ${describeIssues(parsed.error)}`);
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        send(connection, { type: 'pong' });
        return;
      case 'subscribe': {
        const requested = [...new Set(message.symbols)];
        const known = requested.filter(isKnown);
        const unknown = requested.filter((symbol) => !known.includes(symbol));
        const added = known.filter((symbol) => !connection.symbols.has(symbol));
        if (connection.symbols.size + added.length > MAX_STREAM_SYMBOLS) {
          send(connection, {
            type: 'error',
            message:
              `A connection follows at most ${MAX_STREAM_SYMBOLS} symbols and this one follows ` +
              `${connection.symbols.size}: unsubscribe some first.`,
          });
          return;
        }
        for (const symbol of added) connection.symbols.add(symbol);
        if (added.length > 0) regroup(connection);
        const snapshot: StreamTick[] = [];
        for (const symbol of known) {
          const tick = hub.last(symbol);
          if (tick) snapshot.push(toStreamTick(tick));
        }
        send(connection, { type: 'subscribed', symbols: known, unknown, snapshot });
        return;
      }
      case 'unsubscribe': {
        const requested = [...new Set(message.symbols)];
        let changed = false;
        for (const symbol of requested) changed = connection.symbols.delete(symbol) || changed;
        if (changed) regroup(connection);
        send(connection, { type: 'unsubscribed', symbols: requested });
        return;
      }
    }
  }

  function open(socket: WebSocket, sessionId: number) {
    const connection: Connection = {
      id: nextId++,
      socket,
      sessionId,
      symbols: new Set(),
      group: null,
      alive: true,
      pingSentAt: null,
      rttMs: null,
      detached: false,
    };
    connections.add(connection);
    counters.connectionsOpened += 1;
    socket.on('message', (data, isBinary) => onMessage(connection, data, isBinary));
    socket.on('pong', () => {
      connection.alive = true;
      if (connection.pingSentAt !== null) {
        connection.rttMs = performance.now() - connection.pingSentAt;
        connection.pingSentAt = null;
      }
    });
    socket.on('close', () => {
      detach(connection);
      connections.delete(connection);
    });
    send(connection, {
      type: 'hello',
      data_source: feed.source,
      market_open: feed.isSessionOpen(clock.now()),
    });
  }

  /** One batch from the hub: each group's message is built once and written to its members. */
  function onBatch(batch: readonly Tick[]) {
    if (groups.size === 0) return;
    const serialised: Array<string | undefined> = new Array(batch.length);
    const at = clock.nowMs();
    let sent = 0;
    let ages = 0;
    for (const group of groups.values()) {
      const parts: string[] = [];
      let groupAges = 0;
      for (let index = 0; index < batch.length; index += 1) {
        const tick = batch[index] as Tick;
        if (!group.symbols.has(tick.symbol)) continue;
        let json = serialised[index];
        if (json === undefined) {
          json = JSON.stringify(toStreamTick(tick));
          serialised[index] = json;
        }
        parts.push(json);
        groupAges += Math.max(0, at - tickSentAt(tick));
      }
      if (parts.length === 0) continue;
      const text = `{"type":"ticks","ticks":[${parts.join(',')}]}`;
      // A member may be dropped (and leave the group) while writing: iterate a copy.
      for (const connection of [...group.members]) {
        if (write(connection, text)) {
          sent += parts.length;
          ages += groupAges;
        }
      }
    }
    if (sent > 0) {
      counters.ticksSent += sent;
      countTicks(sent, at, ages);
      lastSentAt = at;
    }
  }

  async function heartbeat() {
    for (const connection of connections) {
      const { socket } = connection;
      if (socket.readyState !== socket.OPEN) continue;
      if (!connection.alive) {
        log.info({ connection: connection.id }, 'price stream client did not answer a ping: cut off');
        detach(connection);
        socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.pingSentAt = performance.now();
      socket.ping();
    }
    const ids = [...new Set([...connections].map((connection) => connection.sessionId))];
    if (ids.length === 0) return;
    try {
      const active = await deps.activeSessions(ids);
      for (const connection of connections) {
        if (active.has(connection.sessionId) || connection.detached) continue;
        detach(connection);
        connection.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
    } catch (error) {
      log.warn({ err: error }, 'could not check the sessions of price stream clients');
    }
  }

  return {
    issueTicket: (sessionId) => deps.tickets.issue(sessionId),

    broadcast(kind) {
      for (const connection of connections)
        if (!connection.detached) send(connection, { type: 'event', kind });
    },

    stats() {
      const followed = new Set<string>();
      for (const group of groups.values()) for (const symbol of group.symbols) followed.add(symbol);
      const rtts = [...connections].flatMap((connection) =>
        connection.rttMs === null ? [] : [connection.rttMs],
      );
      const sentLastMinute = ticksLastMinute();
      return {
        connections: connections.size,
        ...counters,
        symbolsFollowed: followed.size,
        ticksLastMinute: sentLastMinute,
        lastSentAt,
        latencyMs: rtts.length > 0 ? rtts.reduce((sum, rtt) => sum + rtt, 0) / rtts.length : null,
        sendDelayMs: sentLastMinute > 0 ? ticksLastMinute(bucketAges) / sentLastMinute : null,
        sockets: [...connections].map((connection) => ({
          id: connection.id,
          symbols: [...connection.symbols],
          rttMs: connection.rttMs,
        })),
      };
    },

    async plugin(app) {
      // @fastify/websocket adds a hook at each request's start and end and wraps every route's
      // handler, in the scope it is registered in: here, this plugin's, which holds the stream's
      // route only. The other routes go without (a measurable share of a small answer).
      // It listens for upgrades on the server it is given: a server of its own that never
      // listens, to which the stream's upgrades are handed; an upgrade to any other address is
      // refused here and its socket closed (nothing else here speaks WebSocket).
      const upgrades = new Server();
      await app.register(websocket, {
        options: {
          server: upgrades,
          maxPayload: MAX_CLIENT_MESSAGE_BYTES,
          // Select the stream's protocol, never echo the ticket (the upgrade was checked already).
          handleProtocols: (protocols) =>
            protocols.has(TICK_STREAM_PROTOCOL) ? TICK_STREAM_PROTOCOL : false,
        },
        // A client vanishing mid-frame is routine for a stream: log it quietly and cut the socket.
        errorHandler(error, socket, request) {
          request.log.info({ err: error }, 'price stream socket error');
          socket.terminate();
        },
      });
      const route = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (pathOf(request.url) === TICK_STREAM_PATH) upgrades.emit('upgrade', request, socket, head);
        else refuseUpgrade(socket);
      };
      app.server.on('upgrade', route);
      app.addHook('onClose', async () => {
        app.server.off('upgrade', route);
      });

      const unsubscribe = hub.subscribe(onBatch);
      const timer = setInterval(() => void heartbeat(), deps.heartbeatMs ?? HEARTBEAT_MS);
      timer.unref();
      app.addHook('onClose', async () => {
        unsubscribe();
        clearInterval(timer);
        for (const pending of terminateTimers) clearTimeout(pending);
        terminateTimers.clear();
        for (const connection of connections) connection.socket.terminate();
      });

      app.get(TICK_STREAM_PATH, { websocket: true, onRequest: authorise }, (socket, request) => {
        const sessionId = sessionOfRequest.get(request.raw);
        // The onRequest check stores a session for every upgrade it lets through.
        if (sessionId === undefined) return socket.terminate();
        sessionOfRequest.delete(request.raw);
        open(socket, sessionId);
      });
    },

    heartbeat,
  };
}
