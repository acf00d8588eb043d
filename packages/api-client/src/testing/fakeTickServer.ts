/**
 * A stand-in for the server end of the price stream (`/ws/ticks` and its tickets), for tests of
 * pages that show live prices and of the stream client. It stands in for the network only: the
 * client code, the slice and `useLiveTicks` run for real against it.
 *
 * By default it behaves like the server: it accepts a socket opened with an unused ticket it
 * issued, says hello, answers subscribe (with a snapshot of the latest ticks it holds), unsubscribe
 * and ping, and refuses bad messages with an error and close code 4400. `publish(ticks)` sends
 * each open socket the ticks of the symbols it follows. With `{ manual: true }` nothing happens
 * on its own: the test accepts sockets and pushes messages itself.
 *
 * Messages the test pushes are delivered inside React's `act`, so components re-render before the
 * next assertion.
 */
import { act, waitFor } from '@testing-library/react';
import {
  BAD_MESSAGE_CLOSE_CODE,
  ClientMessage,
  TICK_STREAM_PATH,
  TICK_STREAM_PROTOCOL,
  TICKET_PROTOCOL_PREFIX,
  TICKET_TTL_SECONDS,
  type DataSource,
  type ServerMessage,
  type StreamTick,
  type StreamTicketResponse,
} from '@nivesh/api-contract';
import type { WebSocketConstructor, WebSocketLike } from '../stream/tickStream';
import { configureTickStream } from '../stream/liveStream';
import type { AppStore } from '../store';

export interface FakeTickServerOptions {
  dataSource?: DataSource;
  marketOpen?: boolean;
  /** The latest ticks the server holds: the snapshot sent on subscribe. */
  ticks?: StreamTick[];
  /** Symbols the server knows; default: every symbol asked for, priced or not. */
  symbols?: string[];
  /** Do nothing on its own: the test accepts sockets and pushes every message. */
  manual?: boolean;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/** The browser end of one socket, and the handles a test uses to play the server's part. */
export class FakeTickSocket implements WebSocketLike {
  static readonly CONNECTING = CONNECTING;
  static readonly OPEN = OPEN;
  static readonly CLOSING = CLOSING;
  static readonly CLOSED = CLOSED;

  readyState = CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** Every message the client sent, as parsed JSON (whether valid or not). */
  readonly received: unknown[] = [];
  /** Symbols this socket follows (as the server would track them). */
  readonly subscriptions = new Set<string>();
  /** How it closed, once it has. */
  closed: { code: number; reason: string; by: 'client' | 'server' } | null = null;

  constructor(
    private readonly server: FakeTickServer,
    readonly url: string,
    readonly protocols: string[],
  ) {}

  /** The ticket the client offered in its subprotocols. */
  get ticket(): string | null {
    const offered = this.protocols.find((protocol) => protocol.startsWith(TICKET_PROTOCOL_PREFIX));
    return offered ? offered.slice(TICKET_PROTOCOL_PREFIX.length) : null;
  }

  /** Client messages that are valid protocol messages. */
  get messages(): ClientMessage[] {
    return this.received.flatMap((message) => {
      const parsed = ClientMessage.safeParse(message);
      return parsed.success ? [parsed.data] : [];
    });
  }

  send(data: string): void {
    if (this.readyState !== OPEN) throw new Error('InvalidStateError: the socket is not open');
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      json = data;
    }
    this.received.push(json);
    if (!this.server.manual) queueMicrotask(() => this.server.answer(this, json));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === CLOSING || this.readyState === CLOSED) return;
    this.readyState = CLOSING;
    queueMicrotask(() => this.finishClose(code, reason, 'client'));
  }

  // The server's part.

  /** Completes the handshake (onopen), without a hello. */
  open(): void {
    this.server.deliver(() => {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  /** Completes the handshake and says hello, as the server does. */
  accept(): void {
    this.open();
    this.push({ type: 'hello', data_source: this.server.dataSource, market_open: this.server.marketOpen });
  }

  /** Refuses the upgrade (a 401): the browser sees an error and a close 1006, never an open. */
  refuse(): void {
    this.server.deliver(() => {
      if (this.readyState !== CONNECTING) return;
      this.onerror?.(new Event('error'));
      this.finishClose(1006, '', 'server');
    });
  }

  /** Sends a message: a protocol message, or any text (to test what the client ignores). */
  push(message: ServerMessage | string): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.server.deliver(() => {
      if (this.readyState !== OPEN) return;
      this.onmessage?.(new MessageEvent('message', { data }));
    });
  }

  /** Closes from the server's side (1006: the connection dropped). */
  serverClose(code = 1006, reason = ''): void {
    this.server.deliver(() => this.finishClose(code, reason, 'server'));
  }

  private finishClose(code: number, reason: string, by: 'client' | 'server') {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.closed = { code, reason, by };
    this.subscriptions.clear();
    this.onclose?.(new CloseEvent('close', { code, reason, wasClean: code !== 1006 }));
  }
}

export class FakeTickServer {
  dataSource: DataSource;
  marketOpen: boolean;
  readonly manual: boolean;
  /** Every socket the client opened, oldest first. */
  readonly sockets: FakeTickSocket[] = [];
  /** Every ticket issued, oldest first. */
  readonly tickets: string[] = [];
  /** The class the client constructs instead of the browser's WebSocket. */
  readonly WebSocket: WebSocketConstructor;
  private readonly latest = new Map<string, StreamTick>();
  private readonly known: Set<string> | null;
  private readonly used = new Set<string>();
  /** Inside `act` only when the test itself triggers a delivery (not inside the fake's answers). */
  private answering = false;

  constructor(options: FakeTickServerOptions = {}) {
    this.dataSource = options.dataSource ?? 'simulated';
    this.marketOpen = options.marketOpen ?? true;
    this.manual = options.manual ?? false;
    this.known = options.symbols ? new Set(options.symbols) : null;
    for (const tick of options.ticks ?? []) this.latest.set(tick.symbol, tick);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the constructed class reports to this server
    const server = this;
    this.WebSocket = class extends FakeTickSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(server, url, protocols === undefined ? [] : Array.isArray(protocols) ? protocols : [protocols]);
        server.connected(this);
      }
    };
  }

  /** Stands in for POST /api/stream/ticket. */
  readonly issueTicket = async (): Promise<StreamTicketResponse> => {
    const ticket = `fake-ticket-${this.tickets.length + 1}`;
    this.tickets.push(ticket);
    return {
      success: true,
      ticket,
      expires_at: new Date(Date.now() + TICKET_TTL_SECONDS * 1000).toISOString(),
      protocols: [TICK_STREAM_PROTOCOL, `${TICKET_PROTOCOL_PREFIX}${ticket}`],
      path: TICK_STREAM_PATH,
    };
  };

  /** The newest socket. */
  get last(): FakeTickSocket | undefined {
    return this.sockets.at(-1);
  }

  /** Sockets open now. */
  get openSockets(): FakeTickSocket[] {
    return this.sockets.filter((socket) => socket.readyState === OPEN);
  }

  /** Symbols followed by any open socket. */
  get followed(): string[] {
    return [...new Set(this.openSockets.flatMap((socket) => [...socket.subscriptions]))].sort();
  }

  /** Waits (with RTL's waitFor) until an open socket follows every one of these symbols. */
  async following(symbols: readonly string[]): Promise<void> {
    await waitFor(() => {
      const missing = symbols.filter((symbol) => !this.followed.includes(symbol));
      if (missing.length > 0) throw new Error(`the price stream does not follow ${missing.join(', ')} yet`);
    });
  }

  /** Stores the ticks as the latest and sends each open socket those it follows. */
  publish(ticks: StreamTick[]): void {
    for (const tick of ticks) this.latest.set(tick.symbol, tick);
    for (const socket of this.openSockets) {
      const mine = ticks.filter((tick) => socket.subscriptions.has(tick.symbol));
      if (mine.length > 0) socket.push({ type: 'ticks', ticks: mine });
    }
  }

  /** Drops every open socket, as a server restart or a network cut would (close 1006). */
  disconnectAll(code = 1006): void {
    for (const socket of this.openSockets) socket.serverClose(code);
  }

  /** @internal Runs a delivery to the client, inside `act` when the test triggered it. */
  deliver(run: () => void): void {
    if (this.answering) run();
    else act(run);
  }

  /** @internal A new socket from the client. */
  connected(socket: FakeTickSocket): void {
    this.sockets.push(socket);
    if (this.manual) return;
    queueMicrotask(() =>
      this.answeringWith(() => {
        const ticket = socket.ticket;
        const valid =
          socket.protocols.includes(TICK_STREAM_PROTOCOL) &&
          ticket !== null &&
          this.tickets.includes(ticket) &&
          !this.used.has(ticket);
        if (ticket !== null) this.used.add(ticket);
        if (valid) socket.accept();
        else socket.refuse();
      }),
    );
  }

  /** @internal The server's answer to a client message. */
  answer(socket: FakeTickSocket, json: unknown): void {
    this.answeringWith(() => {
      if (socket.readyState !== OPEN) return;
      const parsed = ClientMessage.safeParse(json);
      if (!parsed.success) {
        socket.push({ type: 'error', message: 'Invalid message' });
        socket.serverClose(BAD_MESSAGE_CLOSE_CODE, 'Invalid message');
        return;
      }
      const message = parsed.data;
      if (message.type === 'ping') return socket.push({ type: 'pong' });
      const symbols = [...new Set(message.symbols)];
      if (message.type === 'unsubscribe') {
        for (const symbol of symbols) socket.subscriptions.delete(symbol);
        return socket.push({ type: 'unsubscribed', symbols });
      }
      const known = symbols.filter((symbol) => this.known === null || this.known.has(symbol));
      for (const symbol of known) socket.subscriptions.add(symbol);
      socket.push({
        type: 'subscribed',
        symbols: known,
        unknown: symbols.filter((symbol) => !known.includes(symbol)),
        snapshot: known.flatMap((symbol) => {
          const tick = this.latest.get(symbol);
          return tick ? [tick] : [];
        }),
      });
    });
  }

  private answeringWith(run: () => void) {
    const before = this.answering;
    this.answering = true;
    try {
      run();
    } finally {
      this.answering = before;
    }
  }
}

/** Makes this store's price stream talk to the fake (before the first page follows a symbol). */
export function installFakeTickServer(store: AppStore, server: FakeTickServer): void {
  configureTickStream(store, { WebSocketImpl: server.WebSocket, getTicket: server.issueTicket });
}
