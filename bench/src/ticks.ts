/**
 * Ticks per second delivered to 100 WebSocket clients: the real /ws/ticks (buildApp over PGlite,
 * tickets, a subscription to every symbol, batches published into the app's tick hub) against a
 * bare `ws` server broadcasting the same messages to 100 clients, in this process. Both are driven
 * the same way: a new batch is published as soon as fewer than WINDOW batches are still on their
 * way to some client, so each side runs as fast as its clients keep up. The clients do the same
 * work on both sides (parse each message, count its ticks).
 *
 * Both servers and their clients are set up first; then the sides take turns, ROUNDS times each,
 * and the best round of each side counts, so a busy moment of the machine does not land on one
 * side only.
 */
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { AppDeps, Services } from '@nivesh/server';
import { createTestApp, MAX_SOCKETS_PER_SESSION, send, setUpOperator, signIn } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import type { BenchResult } from './load.js';

type MarketFeed = NonNullable<AppDeps['feed']>;
type Tick = Parameters<Services['hub']['publish']>[0][number];

/** Measured seconds per side, split over the rounds. */
const DURATION_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = 3;
const WARM_UP_SECONDS = 0.5;
const CLIENTS = 100;
const SYMBOLS = Array.from({ length: 50 }, (_, index) => `BENCH${String(index).padStart(2, '0')}`);
/** Batches that may be on their way at once. */
const WINDOW = 4;

/** A feed that knows the benchmark's symbols and publishes only what the benchmark publishes. */
const quietFeed: MarketFeed = {
  source: 'simulated',
  instruments: () =>
    SYMBOLS.map((symbol) => ({
      symbol,
      name: symbol,
      sector: 'Benchmark',
      isin: symbol,
      instrumentKey: `NSE_EQ|${symbol}`,
    })),
  indices: () => [],
  instrument: (symbol) =>
    SYMBOLS.includes(symbol)
      ? { symbol, name: symbol, sector: 'Benchmark', isin: symbol, instrumentKey: `NSE_EQ|${symbol}` }
      : undefined,
  async start(hub) {
    hub.publish(batch(0));
  },
  async stop() {},
  isSessionOpen: () => true,
  alwaysOpen: true,
  dailyCandles: async () => [],
};

/** Batch `seq`: one tick per symbol, stamped with `seq` so clients can tell batches apart. */
function batch(seq: number): Tick[] {
  return SYMBOLS.map((symbol, index) => {
    const ltp = 1000 + index + (seq % 20) * 0.05;
    return {
      symbol,
      kind: 'equity',
      ltp,
      previousClose: 1000,
      open: 1000,
      high: ltp,
      low: 1000,
      volume: seq,
      ts: seq,
    };
  });
}

/** The wire message of a batch, as the stream protocol writes it. */
function ticksMessage(ticks: readonly Tick[]): string {
  return JSON.stringify({
    type: 'ticks',
    ticks: ticks.map((tick) => ({
      symbol: tick.symbol,
      ltp: tick.ltp,
      previous_close: tick.previousClose,
      change: Math.round((tick.ltp - tick.previousClose) * 100) / 100,
      change_percent: Math.round(((tick.ltp - tick.previousClose) / tick.previousClose) * 10_000) / 100,
      volume: tick.volume,
      ts: tick.ts,
    })),
  });
}

/** Counts fully delivered batches (every client has it) and publishes the next ones. */
class Driver {
  private readonly arrived = new Map<number, number>();
  private published = 0;
  private completed = 0;
  private running = false;

  constructor(private readonly publish: (seq: number) => void) {}

  /** A client received a message. */
  onMessage(data: WebSocket.RawData) {
    const message = JSON.parse(String(data)) as { type: string; ticks?: Array<{ ts: number }> };
    const seq = message.type === 'ticks' ? message.ticks?.[0]?.ts : undefined;
    if (seq === undefined || seq === 0) return;
    const count = (this.arrived.get(seq) ?? 0) + 1;
    if (count < CLIENTS) {
      this.arrived.set(seq, count);
      return;
    }
    this.arrived.delete(seq);
    this.completed += 1;
    this.pump();
  }

  private pump() {
    while (this.running && this.published - this.completed < WINDOW) {
      this.published += 1;
      this.publish(this.published);
    }
  }

  /** Ticks delivered per second over `seconds`, after a warm-up. */
  async measure(seconds: number): Promise<number> {
    // The previous round's last batches finish first.
    const deadline = performance.now() + 10_000;
    while (this.published > this.completed) {
      if (performance.now() > deadline) throw new Error('some clients stopped receiving ticks');
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.running = true;
    this.pump();
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
    const fromBatches = this.completed;
    const from = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const batches = this.completed - fromBatches;
    const elapsed = (performance.now() - from) / 1000;
    this.running = false;
    return (batches * SYMBOLS.length * CLIENTS) / elapsed;
  }
}

function openClient(url: string, protocols: string[], driver: Driver): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    socket.on('message', (data) => driver.onMessage(data));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves at the client's first message of this type. */
function nextOf(socket: WebSocket, type: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      if ((JSON.parse(String(data)) as { type: string }).type !== type) return;
      socket.off('message', listener);
      resolve();
    };
    socket.on('message', listener);
  });
}

async function closeAll(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}

interface Side {
  driver: Driver;
  close(): Promise<void>;
}

async function bareServer(): Promise<Side> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const connected: WebSocket[] = [];
  server.on('connection', (socket) => connected.push(socket));
  const driver = new Driver((seq) => {
    const text = ticksMessage(batch(seq));
    for (const socket of connected) socket.send(text);
  });
  const clients: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    clients.push(await openClient(`ws://127.0.0.1:${port}/`, [], driver));
  }
  while (connected.length < CLIENTS) await new Promise((resolve) => setImmediate(resolve));
  return {
    driver,
    async close() {
      await closeAll(clients);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function productServer(): Promise<Side & { stats: Services['stream']['stats'] }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { feed: quietFeed } });
  const clients: WebSocket[] = [];
  const close = async () => {
    await closeAll(clients);
    await product.close();
    await database.close();
  };
  try {
    // A session holds at most MAX_SOCKETS_PER_SESSION sockets: the clients sign in in groups.
    let token = await setUpOperator(product.app);
    const address = await product.app.listen({ port: 0, host: '127.0.0.1' });
    const { hub, stream } = product.app.services;
    const driver = new Driver((seq) => hub.publish(batch(seq)));
    for (let index = 0; index < CLIENTS; index += 1) {
      if (index > 0 && index % MAX_SOCKETS_PER_SESSION === 0) token = await signIn(product.app);
      const res = await send(product.app, 'POST', '/api/stream/ticket', { token });
      const ticket = res.json<{ protocols: string[]; path: string }>();
      const url = `${address.replace(/^http/, 'ws')}${ticket.path}`;
      const socket = await openClient(url, ticket.protocols, driver);
      clients.push(socket);
      const subscribed = nextOf(socket, 'subscribed');
      socket.send(JSON.stringify({ type: 'subscribe', symbols: SYMBOLS }));
      await subscribed;
    }
    return { driver, close, stats: () => stream.stats() };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function benchTicks(): Promise<BenchResult> {
  const bare = await bareServer();
  const product = await productServer().catch(async (error: unknown) => {
    await bare.close();
    throw error;
  });
  try {
    let baseline = 0;
    let measured = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      baseline = Math.max(baseline, await bare.driver.measure(DURATION_SECONDS / ROUNDS));
      measured = Math.max(measured, await product.driver.measure(DURATION_SECONDS / ROUNDS));
    }
    const { slowClientsDropped } = product.stats();
    if (slowClientsDropped > 0)
      throw new Error(`/ws/ticks dropped ${slowClientsDropped} clients as too slow`);
    return { name: `/ws/ticks to ${CLIENTS} clients`, unit: 'ticks/s', product: measured, baseline };
  } finally {
    await product.close();
    await bare.close();
  }
}
