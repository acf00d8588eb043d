/**
 * The browser's live price stream client (protocol: @nivesh/api-contract `stream.ts`), with no
 * React or Redux in it: one socket for the whole page, following the union of the symbols every
 * caller asked for (reference counted).
 *
 * - Connecting: a fresh single-use ticket each time (`getTicket`), then
 *   `new WebSocket(ws(s)://host/ws/ticks, [TICK_STREAM_PROTOCOL, 'ticket.<t>'])`.
 * - Every server message is parsed with `ServerMessage`; one that does not match is logged and
 *   ignored, never trusted.
 * - A lost socket is reopened after 1 s, doubling to at most 30 s (±20% jitter so many tabs do not
 *   reconnect in step), and the symbols are subscribed again. `getTicket` answering null (no
 *   session) or `stop()` ends it: status `closed`.
 * - With no symbols followed the socket is kept IDLE_CLOSE_MS (a page change re-follows them at
 *   once), then closed.
 * - A socket silent for KEEPALIVE_MS gets a `ping`; silent for twice that, it is taken for dead
 *   (a laptop that slept, a proxy that dropped it) and replaced.
 */
import {
  MAX_STREAM_SYMBOLS,
  ServerMessage,
  StreamSymbol,
  TICK_STREAM_PATH,
  type ClientMessage,
  type StreamTicketResponse,
} from '@nivesh/api-contract';

export type TickStreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Reconnect delays vary by up to this share either way. */
export const RECONNECT_JITTER = 0.2;
export const IDLE_CLOSE_MS = 10_000;
export const KEEPALIVE_MS = 25_000;

const OPEN = 1;

/** What the client needs of a WebSocket (the browser's, or a test's fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface TickStreamOptions {
  /** A fresh ticket (POST /api/stream/ticket with the session), or null when there is no session. */
  getTicket(): Promise<StreamTicketResponse | null>;
  /** The server's address, http(s) or ws(s); default: the page's own origin. */
  url?: string;
  /** Default: the browser's WebSocket. */
  WebSocketImpl?: WebSocketConstructor;
  /** Every server message that matches the protocol, in order. */
  onMessage?(message: ServerMessage): void;
  onStatus?(status: TickStreamStatus): void;
  /** Symbols nobody follows any more (their prices may be forgotten). */
  onRelease?(symbols: string[]): void;
  /** Source of jitter, 0 <= x < 1 (default Math.random). */
  random?(): number;
}

export interface TickStream {
  status(): TickStreamStatus;
  /** Follows these symbols until the returned function is called (reference counted). */
  retain(symbols: readonly string[]): () => void;
  /** Symbols followed now: the union over every caller. */
  symbols(): string[];
  /** Allows connecting again after `stop()` (a new session). */
  start(): void;
  /** The session ended: closes the socket and stops reconnecting (status `closed`). */
  stop(): void;
}

/** The reconnect delay after `attempt` failures in a row (0 for the first). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  const jittered = base * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random());
  return Math.round(Math.min(RECONNECT_MAX_MS, jittered));
}

function streamUrl(path: string, base: string | undefined): string {
  const origin = base ?? (typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
  // Only a path of this server: the ticket answer never redirects the socket elsewhere.
  const url = new URL(path.startsWith('/') ? path : TICK_STREAM_PATH, origin);
  url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function createTickStream(options: TickStreamOptions): TickStream {
  const random = options.random ?? Math.random;
  const counts = new Map<string, number>();
  let status: TickStreamStatus = 'idle';
  let started = true;
  let socket: WebSocketLike | null = null;
  let socketOpen = false;
  let awaitingTicket = false;
  /** Bumped whenever the connection is torn down, so a late ticket answer is ignored. */
  let generation = 0;
  let failures = 0;
  /** What the server follows on the current socket. */
  let serverSymbols = new Set<string>();
  let flushQueued = false;
  let lastMessageAt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let keepaliveTimer: ReturnType<typeof setInterval> | null = null;

  function setStatus(next: TickStreamStatus) {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  }

  const wanted = () => started && counts.size > 0;

  function clearTimer(timer: ReturnType<typeof setTimeout> | null) {
    if (timer !== null) clearTimeout(timer);
    return null;
  }

  function send(message: ClientMessage) {
    if (socket && socketOpen && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  /** Brings the server's subscription in line with what callers follow (capped, in chunks). */
  function flush() {
    flushQueued = false;
    if (!socket || !socketOpen) return;
    const desired = new Set([...counts.keys()].slice(0, MAX_STREAM_SYMBOLS));
    if (counts.size > MAX_STREAM_SYMBOLS) {
      console.warn(
        `The price stream follows at most ${MAX_STREAM_SYMBOLS} symbols; ${counts.size} were asked for.`,
      );
    }
    const removed = [...serverSymbols].filter((symbol) => !desired.has(symbol));
    const added = [...desired].filter((symbol) => !serverSymbols.has(symbol));
    for (let start = 0; start < removed.length; start += MAX_STREAM_SYMBOLS) {
      send({ type: 'unsubscribe', symbols: removed.slice(start, start + MAX_STREAM_SYMBOLS) });
    }
    for (let start = 0; start < added.length; start += MAX_STREAM_SYMBOLS) {
      send({ type: 'subscribe', symbols: added.slice(start, start + MAX_STREAM_SYMBOLS) });
    }
    serverSymbols = desired;
  }

  function queueFlush() {
    if (flushQueued) return;
    flushQueued = true;
    // Components mounting in one commit share one subscribe message.
    queueMicrotask(flush);
  }

  function stopKeepalive() {
    if (keepaliveTimer !== null) clearInterval(keepaliveTimer);
    keepaliveTimer = null;
  }

  /** Closes the socket (if any) without reconnecting, and forgets any connection in progress. */
  function teardown() {
    generation += 1;
    awaitingTicket = false;
    reconnectTimer = clearTimer(reconnectTimer);
    idleTimer = clearTimer(idleTimer);
    stopKeepalive();
    if (socket) {
      const closing = socket;
      closing.onopen = closing.onmessage = closing.onclose = closing.onerror = null;
      if (closing.readyState <= OPEN) closing.close(1000, 'Done');
    }
    socket = null;
    socketOpen = false;
    serverSymbols = new Set();
  }

  function scheduleReconnect() {
    const delay = reconnectDelay(failures, random);
    failures += 1;
    setStatus('reconnecting');
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (wanted()) void connect();
      else setStatus(started ? 'idle' : 'closed');
    }, delay);
  }

  function lost(why: string) {
    console.info(`Price stream connection lost (${why})`);
    teardown();
    if (wanted()) scheduleReconnect();
    else setStatus(started ? 'idle' : 'closed');
  }

  function onServerText(data: unknown) {
    lastMessageAt = Date.now();
    let json: unknown;
    try {
      if (typeof data !== 'string') throw new TypeError('not text');
      json = JSON.parse(data);
    } catch {
      console.warn('Ignoring a price stream message that is not JSON text');
      return;
    }
    const parsed = ServerMessage.safeParse(json);
    if (!parsed.success) {
      console.warn('Ignoring a price stream message that does not match the protocol', parsed.error.issues);
      return;
    }
    const message = parsed.data;
    if (message.type === 'hello') {
      failures = 0;
      setStatus('open');
    } else if (message.type === 'error') {
      console.warn(`The price stream refused a request: ${message.message}`);
    }
    options.onMessage?.(message);
  }

  function startKeepalive() {
    stopKeepalive();
    keepaliveTimer = setInterval(() => {
      const silent = Date.now() - lastMessageAt;
      if (silent >= 2 * KEEPALIVE_MS) lost('no answer to a ping');
      else if (silent >= KEEPALIVE_MS) send({ type: 'ping' });
    }, KEEPALIVE_MS);
  }

  async function connect() {
    const mine = ++generation;
    awaitingTicket = true;
    setStatus(failures === 0 ? 'connecting' : 'reconnecting');
    let ticket: StreamTicketResponse | null;
    try {
      ticket = await options.getTicket();
    } catch (error) {
      if (mine !== generation) return;
      awaitingTicket = false;
      console.warn('Could not get a price stream ticket', error);
      scheduleReconnect();
      return;
    }
    if (mine !== generation) return;
    awaitingTicket = false;
    if (ticket === null) {
      stop();
      return;
    }
    if (!wanted()) {
      setStatus(started ? 'idle' : 'closed');
      return;
    }
    const WebSocketImpl = options.WebSocketImpl ?? (globalThis.WebSocket as WebSocketConstructor);
    const opened = new WebSocketImpl(streamUrl(ticket.path, options.url), ticket.protocols);
    socket = opened;
    opened.onopen = () => {
      socketOpen = true;
      lastMessageAt = Date.now();
      serverSymbols = new Set();
      startKeepalive();
      flush();
    };
    opened.onmessage = (event) => onServerText(event.data);
    opened.onclose = (event) => lost(`closed with ${event.code}`);
    // An error is always followed by a close, which reconnects.
    opened.onerror = () => undefined;
  }

  /** Connects when symbols are wanted; lingers, then closes, when none are. */
  function update() {
    if (wanted()) {
      idleTimer = clearTimer(idleTimer);
      if (!socket && !awaitingTicket && reconnectTimer === null) void connect();
      queueFlush();
      return;
    }
    queueFlush();
    if (!started || idleTimer !== null) return;
    if (!socket && !awaitingTicket && reconnectTimer === null) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (wanted()) return;
      teardown();
      failures = 0;
      setStatus('idle');
    }, IDLE_CLOSE_MS);
  }

  function stop() {
    started = false;
    teardown();
    failures = 0;
    setStatus('closed');
  }

  return {
    status: () => status,
    symbols: () => [...counts.keys()],

    retain(symbols) {
      const valid: string[] = [];
      for (const symbol of new Set(symbols)) {
        const parsed = StreamSymbol.safeParse(symbol);
        if (parsed.success) valid.push(parsed.data);
        else console.warn(`Not following "${symbol}" on the price stream: it is not a symbol`);
      }
      const unique = [...new Set(valid)];
      for (const symbol of unique) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
      update();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const gone: string[] = [];
        for (const symbol of unique) {
          const left = (counts.get(symbol) ?? 0) - 1;
          if (left > 0) counts.set(symbol, left);
          else {
            counts.delete(symbol);
            gone.push(symbol);
          }
        }
        if (gone.length > 0) options.onRelease?.(gone);
        update();
      };
    },

    start() {
      if (started) return;
      started = true;
      setStatus('idle');
      update();
    },

    stop,
  };
}
