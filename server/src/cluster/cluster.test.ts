/**
 * Two server processes on one PostgreSQL database (two apps, each with its own connection pool,
 * caches and timers, as two processes have): money stays correct when both take orders for the
 * same account at the same moment, both report the same account, one leads, and a ticket or a
 * rate limit issued on one holds on the other.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { ManualClock } from '../clock.js';
import { schema, type Database } from '../db/index.js';
import { sharedPostgresDatabase } from '../testing/databases.js';
import {
  createTestApp,
  DEFAULT_TEST_TIME,
  send,
  setUpOperator,
  signIn,
  type TestApp,
} from '../testing/index.js';
import { createControlledFeed, type ControlledFeed } from '../paper/testing.js';
import { createTicketStore } from '../stream/tickets.js';
import { SESSION_RECHECK_MS } from '../auth/service.js';
import { PAGE_MODE_RECHECK_MS } from '../portfolio/pageMode.js';

const shared = await sharedPostgresDatabase();

interface Instance {
  database: Database;
  t: TestApp;
  feed: ControlledFeed;
}

async function startInstance(clock: ManualClock): Promise<Instance> {
  const database = await shared!.open();
  const feed = createControlledFeed({ now: () => clock.now() });
  const t = await createTestApp(database, { clock, deps: { feed, paperTimers: false } });
  return { database, t, feed };
}

const order = (side: 'BUY' | 'SELL', symbol: string, quantity: number) => ({
  symbol,
  side,
  quantity,
  order_type: 'MARKET',
  product: 'CNC',
});

describe('two server processes on one PostgreSQL database', { skip: shared === null }, () => {
  const clock = new ManualClock(DEFAULT_TEST_TIME);
  let a: Instance;
  let b: Instance;
  let token: string;

  before(async () => {
    a = await startInstance(clock);
    b = await startInstance(clock);
    token = await setUpOperator(a.t.app);
    // Limits out of the way of the sequences (the capital phase's stay: it is what makes the
    // account's cash, not its value, the binding limit below).
    await a.t.app.services.paper.updateSettings(
      {
        max_position_size: 100_000_000,
        max_portfolio_exposure: 1,
        max_positions_count: 50,
        min_balance_threshold: 0,
        max_single_stock: 1,
        max_sector_exposure: 1,
      },
      'test',
    );
  });
  after(async () => {
    await a?.t.close();
    await b?.t.close();
    await a?.database.close();
    await b?.database.close();
    await shared?.drop();
  });

  it('one process leads; both beat their heartbeats', async () => {
    const leaders = () => [a, b].filter((i) => i.t.app.services.cluster.leadership.isLeader()).length;
    for (let i = 0; i < 50 && leaders() === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(leaders(), 1);
    await a.t.app.services.cluster.instances.beat();
    await b.t.app.services.cluster.instances.beat();
    const live = await a.t.app.services.cluster.instances.live();
    assert.equal(live.length, 2);
    assert.equal(live.filter((row) => row.leader).length, 1);
  });

  it('refuses the second of two simultaneous buys that together spend more cash than there is', async () => {
    // 39 INFY at ₹1,500 (₹58,500: within Phase 4's 6% of ₹10,00,000); then INFY rises 300-fold,
    // so the account is worth ₹1.8 crore (Phase 5: 7% a position) while its cash is ₹9.4 lakh.
    const first = await send(a.t.app, 'POST', '/api/trading/orders', {
      token,
      body: order('BUY', 'INFY', 39),
    });
    assert.equal(first.statusCode, 200, first.body);
    for (const instance of [a, b]) instance.feed.move('INFY', 450_000);
    const cash = (await a.t.app.services.paper.overview()).available_balance;
    assert.ok(cash > 900_000 && cash < 950_000, String(cash));

    // 200 TCS at ₹3,200 = ₹6.4 lakh each: either fits the cash alone, both together do not.
    const [onA, onB] = await Promise.all([
      send(a.t.app, 'POST', '/api/trading/orders', { token, body: order('BUY', 'TCS', 200) }),
      send(b.t.app, 'POST', '/api/trading/orders', { token, body: order('BUY', 'TCS', 200) }),
    ]);
    const statuses = [onA.statusCode, onB.statusCode].sort();
    assert.deepEqual(statuses, [200, 422], `${onA.body} / ${onB.body}`);
    const refused = onA.statusCode === 422 ? onA : onB;
    assert.equal(refused.json<{ limit: string }>().limit, 'insufficient_funds');
  });

  it('refuses the second of two simultaneous sells that together sell more than is held', async () => {
    const [onA, onB] = await Promise.all([
      send(a.t.app, 'POST', '/api/trading/orders', { token, body: order('SELL', 'TCS', 150) }),
      send(b.t.app, 'POST', '/api/trading/orders', { token, body: order('SELL', 'TCS', 150) }),
    ]);
    assert.deepEqual([onA.statusCode, onB.statusCode].sort(), [200, 422], `${onA.body} / ${onB.body}`);
    const refused = onA.statusCode === 422 ? onA : onB;
    assert.equal(refused.json<{ limit: string }>().limit, 'insufficient_holdings');
  });

  it('keeps the ledger whole, and both processes report the same account', async () => {
    const db = a.database.db;
    const [ledger] = await db
      .select({ cash: sql<string>`coalesce(sum(${schema.cashLedger.amountPaise}), 0)` })
      .from(schema.cashLedger)
      .where(eq(schema.cashLedger.account, 'paper'));
    const lots = await db.select().from(schema.lots).where(eq(schema.lots.account, 'paper'));
    const held = (symbol: string) =>
      lots.filter((l) => l.symbol === symbol).reduce((sum, l) => sum + l.openQuantity, 0);
    assert.equal(held('TCS'), 50);
    assert.equal(held('INFY'), 39);

    const [overA, overB] = await Promise.all([
      a.t.app.services.paper.overview(),
      b.t.app.services.paper.overview(),
    ]);
    assert.equal(Math.round(overA.available_balance * 100), Number(ledger!.cash));
    assert.deepEqual(overA, overB);
    const [holdA, holdB] = await Promise.all([
      send(a.t.app, 'GET', '/api/portfolio/holdings', { token }),
      send(b.t.app, 'GET', '/api/portfolio/holdings', { token }),
    ]);
    assert.equal(holdA.statusCode, 200);
    assert.deepEqual(holdA.json(), holdB.json());
  });

  it('a stream ticket issued on one process opens on the other, once', async () => {
    const onA = createTicketStore({ db: a.database.db, clock });
    const onB = createTicketStore({ db: b.database.db, clock });
    const { ticket } = await onA.issue(7);
    const [first, second] = await Promise.all([onB.consume(ticket), onA.consume(ticket)]);
    assert.deepEqual([first, second].sort(), [7, null].sort());
    assert.equal(await onB.consume(ticket), null);
  });

  it('a password-setup rate limit counted on one process holds on the other', async () => {
    const ask = (instance: Instance) =>
      send(instance.t.app, 'POST', '/api/auth/request-password-setup', {
        body: { email: 'someone@example.com' },
        remoteAddress: '203.0.113.9',
      });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await ask(i % 2 === 0 ? a : b)).statusCode);
    assert.ok(answers.includes(429), answers.join(','));
    const firstRefusal = answers.indexOf(429);
    assert.ok(
      answers.slice(firstRefusal).every((code) => code === 429),
      answers.join(','),
    );
  });

  it('a session signed out on one process is refused on the other within SESSION_RECHECK_MS', async () => {
    const session = await signIn(a.t.app);
    const validate = (instance: Instance) =>
      send(instance.t.app, 'POST', '/api/auth/validate-session', { token: session });
    // Both processes have checked it (and keep it in memory).
    assert.equal((await validate(a)).statusCode, 200);
    assert.equal((await validate(b)).statusCode, 200);
    assert.equal((await send(a.t.app, 'POST', '/api/auth/logout', { token: session })).statusCode, 200);
    assert.equal((await validate(a)).statusCode, 401, 'at once on the process that signed it out');
    clock.advance(SESSION_RECHECK_MS);
    assert.equal((await validate(b)).statusCode, 401, 'on the other once its copy is due a recheck');
    const overview = await send(b.t.app, 'GET', '/api/portfolio/overview', { token: session });
    assert.equal(overview.statusCode, 401);
  });

  it('a trading-mode switch on one process shows on the portfolio pages of both, the other within PAGE_MODE_RECHECK_MS', async () => {
    const modeOn = async (instance: Instance) =>
      (await send(instance.t.app, 'GET', '/api/portfolio/overview', { token })).json().data
        .trading_mode as string;
    assert.equal(await modeOn(a), 'paper');
    assert.equal(await modeOn(b), 'paper');
    const switched = await send(a.t.app, 'POST', '/api/trading/mode', { token, body: { mode: 'mock' } });
    assert.equal(switched.statusCode, 200, switched.body);
    try {
      assert.equal(await modeOn(a), 'mock', 'at once where it was switched');
      clock.advance(PAGE_MODE_RECHECK_MS);
      assert.equal(await modeOn(b), 'mock');
    } finally {
      await send(a.t.app, 'POST', '/api/trading/mode', { token, body: { mode: 'paper' } });
    }
  });
});
