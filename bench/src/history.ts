/**
 * The trade history and the sidebar's quick stats of an old account: GET /api/quick-stats and GET
 * /api/trading/history (all periods, first page; and a filtered later page) of the real app
 * (buildApp over in-memory PGlite, its hooks, the session check, the contract's response schemas)
 * with BENCH_HISTORY_TRADES closed trades (default 10,000) written straight into the tables, and
 * again with none. Each route against a bare Fastify route answering the same JSON body, 100
 * connections over loopback, one after the other in this process. Each route gives two rows:
 * requests per second, and the 99th percentile latency (unit ms; there a ratio above 1 means slower
 * than bare).
 */
import {
  createTestApp,
  insertClosedLots,
  RandomStream,
  setUpOperator,
  type ClosedLotSeed,
} from '@nivesh/server/testing';
import { openDatabase, type Db } from '@nivesh/server/db';
import { againstBare, type BenchResult, type RouteGoals } from './load.js';

const TRADES = Number(process.env['BENCH_HISTORY_TRADES'] ?? 10_000);
const CONNECTIONS = 100;
const DAY_MS = 86_400_000;

/** Each read, with issue 14's goals for it on the account with TRADES trades. */
const PATHS: ReadonlyArray<{ path: string; goals: RouteGoals }> = [
  { path: '/api/quick-stats', goals: { ratio: 0.3, p99Ms: 50 } },
  { path: '/api/trading/history?period=all', goals: { ratio: 0.2, p99Ms: 100 } },
  {
    path: '/api/trading/history?period=year&status=completed&side=BUY&product=CNC&page=3&page_size=50',
    goals: { ratio: 0.2, p99Ms: 100 },
  },
];

/**
 * `count` closed lots (one order, entry fill and exit each) over the year before `now`, a tenth of
 * them today, BUY and SELL, CNC and MIS, winners and losers.
 */
async function seedTrades(db: Db, symbols: readonly string[], now: Date, count: number): Promise<void> {
  const stream = new RandomStream(7);
  const next = () => stream.uniform();
  const lots = Array.from({ length: count }, (_, i): ClosedLotSeed => {
    const ageMs = i % 10 === 0 ? Math.floor(next() * 3 * 3_600_000) : Math.floor(next() * 365 * DAY_MS);
    const openedAt = new Date(now.getTime() - ageMs);
    const closedAt = new Date(Math.min(now.getTime(), openedAt.getTime() + 3_600_000));
    const entry = 50_000 + Math.floor(next() * 200_000);
    const exit = Math.round(entry * (1 + (next() - 0.45) * 0.1));
    const side = next() < 0.8 ? 'BUY' : 'SELL';
    return {
      symbol: symbols[i % symbols.length]!,
      side,
      product: side === 'SELL' || next() < 0.3 ? 'MIS' : 'CNC',
      quantity: 1 + Math.floor(next() * 20),
      openedAt,
      closedAt,
      entry,
      exit,
      strategy: i % 3 === 0 ? 'Momentum' : '',
      entryChargesPaise: 2436,
      exitChargesPaise: 2500,
    };
  });
  await insertClosedLots(db, lots, { idPrefix: 'HIST', placedBy: 'bench' });
}

async function benchAccount(trades: number): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  const results: BenchResult[] = [];
  try {
    const token = await setUpOperator(product.app);
    const { feed } = product.app.services;
    const symbols = feed.instruments().map((i) => i.symbol);
    // Two open positions, so the history also lists open trades priced at the hub's prices.
    for (const symbol of symbols.slice(0, 2)) {
      const order = await product.app.services.paper.placeOrder(
        { symbol, side: 'BUY', quantity: 5, order_type: 'MARKET', product: 'CNC' },
        'bench',
      );
      if (order.status !== 'filled') throw new Error(`bench order not filled: ${order.status}`);
    }
    const seedStart = performance.now();
    await seedTrades(database.db, symbols, product.clock.now(), trades);
    console.log(`history bench: ${trades} trades seeded in ${Math.round(performance.now() - seedStart)} ms`);
    const address = await product.app.listen({ port: 0, host: '127.0.0.1' });
    for (const { path, goals } of PATHS) {
      const answer = await product.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
      const body: unknown = answer.json();
      const total = (body as { total?: number }).total;
      if (path.includes('period=all') && total !== trades + 2) {
        throw new Error(`${path}: total ${String(total)}, expected ${trades + 2}`);
      }
      results.push(
        ...(await againstBare({
          name: `GET ${path}, ${trades} trades, ${CONNECTIONS} connections`,
          address,
          path,
          token,
          body: () => body,
          connections: CONNECTIONS,
          // Requests with no answer within autocannon's 10 s are counted, not thrown: the old code had them.
          tolerateErrors: true,
          // The goals hold with many trades (the empty account shows the cost does not grow).
          ...(trades > 0 && { goals }),
        })),
      );
    }
    return results;
  } finally {
    await product.close();
    await database.close();
  }
}

export async function benchHistory(): Promise<BenchResult[]> {
  return [...(await benchAccount(TRADES)), ...(await benchAccount(0))];
}
