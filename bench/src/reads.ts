/**
 * The pages' steady reads under load: GET /api/health, and the authenticated GET
 * /api/market/overview, /api/portfolio/overview and /api/portfolio/holdings of the real app
 * (buildApp over PGlite, its hooks, the session check, the contract's response schemas), each
 * against a bare Fastify route answering the same JSON body, 100 connections over loopback, one
 * after the other in this process. Each route gives two rows: requests per second, and the 99th
 * percentile latency (unit ms; there a ratio above 1 means slower than bare).
 */
import { createTestApp, setUpOperator } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import { againstBare, type BenchResult, type RouteGoals } from './load.js';

const CONNECTIONS = 100;
/** Issue 14's goals: health at 0.8 of bare Fastify; each session read at half, with p99 ≤ 20 ms. */
const HEALTH_GOALS: RouteGoals = { ratio: 0.8 };
const READ_GOALS: RouteGoals = { ratio: 0.5, p99Ms: 20 };

export async function benchReads(): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false } });
  const results: BenchResult[] = [];
  try {
    const token = await setUpOperator(product.app);
    // A few holdings, so the portfolio answers carry positions valued at the hub's prices.
    const { paper, feed } = product.app.services;
    for (const instrument of feed.instruments().slice(0, 8)) {
      const order = await paper.placeOrder(
        { symbol: instrument.symbol, side: 'BUY', quantity: 5, order_type: 'MARKET', product: 'CNC' },
        'bench',
      );
      if (order.status !== 'filled') throw new Error(`bench order not filled: ${order.status}`);
    }
    const startedAt = Date.now();
    const routes: Array<{
      name: string;
      path: string;
      token: string | null;
      body: () => unknown;
      goals: RouteGoals;
    }> = [
      {
        name: 'GET /api/health',
        path: '/api/health',
        token: null,
        body: () => ({ status: 'ok', version: '1.0.0', uptime: (Date.now() - startedAt) / 1000 }),
        goals: HEALTH_GOALS,
      },
    ];
    for (const path of ['/api/market/overview', '/api/portfolio/overview', '/api/portfolio/holdings']) {
      const answer = await product.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
      const body: unknown = answer.json();
      routes.push({ name: `GET ${path} (session)`, path, token, body: () => body, goals: READ_GOALS });
    }
    const address = await product.app.listen({ port: 0, host: '127.0.0.1' });
    for (const route of routes) {
      results.push(
        ...(await againstBare({
          ...route,
          name: `${route.name}, ${CONNECTIONS} connections`,
          address,
          connections: CONNECTIONS,
        })),
      );
    }
    return results;
  } finally {
    await product.close();
    await database.close();
  }
}
