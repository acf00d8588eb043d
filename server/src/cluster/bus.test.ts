/**
 * Two server processes joined by NATS on one PostgreSQL database: the leader's feed prices both,
 * the follower's own feed is not heard, and a trading-mode switch made on one process reaches a
 * browser connected to the other. Without NATS a lone process serves its own feed (every other
 * server test).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { ServerMessage, StreamTicketResponse } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { sharedPostgresDatabase, testNatsUrl } from '../testing/databases.js';
import {
  createTestApp,
  DEFAULT_TEST_TIME,
  send,
  setUpOperator,
  signIn,
  type TestApp,
} from '../testing/index.js';
import { createControlledFeed, type ControlledFeed } from '../paper/testing.js';

const shared = await sharedPostgresDatabase();
const natsUrl = await testNatsUrl();

interface Instance {
  database: Database;
  t: TestApp;
  feed: ControlledFeed;
}

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('server processes joined by NATS', { skip: shared === null || natsUrl === null }, () => {
  const clock = new ManualClock(DEFAULT_TEST_TIME);
  const instances: Instance[] = [];
  let token: string;
  const leader = () => instances.find((i) => i.t.app.services.cluster.leadership.isLeader())!;
  const follower = () => instances.find((i) => !i.t.app.services.cluster.leadership.isLeader())!;

  before(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await shared!.open();
      const feed = createControlledFeed({ now: () => clock.now() });
      const t = await createTestApp(database, {
        clock,
        config: { natsUrl: natsUrl! },
        deps: { feed, paperTimers: false },
      });
      instances.push({ database, t, feed });
    }
    token = await setUpOperator(instances[0]!.t.app);
    await until(
      () => instances.filter((i) => i.t.app.services.cluster.leadership.isLeader()).length === 1,
      'one leader',
    );
  });
  after(async () => {
    for (const instance of instances) await instance.t.close();
    for (const instance of instances) await instance.database.close();
    await shared?.drop();
  });

  it("prices every process from the leader's feed, and not from a follower's own", async () => {
    leader().feed.move('INFY', 1_612.35);
    await until(() => follower().t.app.services.hub.last('INFY')?.ltp === 1_612.35, "the leader's tick");
    // A follower's own feed moves nothing: its hub follows the leader only.
    follower().feed.move('TCS', 9_999);
    leader().feed.move('TCS', 3_210.5);
    await until(() => follower().t.app.services.hub.last('TCS')?.ltp === 3_210.5, "the leader's TCS tick");
    assert.equal(leader().t.app.services.hub.last('TCS')?.ltp, 3_210.5);
    assert.ok(follower().t.app.services.cluster.bus.stats().received > 0);
  });

  it('tells a browser on one process of a trading-mode switch and an order made on the other', async () => {
    const browserSide = follower().t.app;
    const address = await browserSide.listen({ port: 0, host: '127.0.0.1' });
    const issued = StreamTicketResponse.parse(
      (await send(browserSide, 'POST', '/api/stream/ticket', { token })).json(),
    );
    const socket = new WebSocket(`${address.replace(/^http/, 'ws')}${issued.path}`, issued.protocols);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(ServerMessage.parse(JSON.parse(String(data)))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      await until(() => messages.some((m) => m.type === 'hello'), 'hello');
      const switched = await send(leader().t.app, 'POST', '/api/trading/mode', {
        token,
        body: { mode: 'paper' },
      });
      assert.equal(switched.statusCode, 200, switched.body);
      await until(
        () => messages.some((m) => m.type === 'event' && m.kind === 'trading_mode'),
        'the trading-mode event',
      );
      // An order placed on the other process: the browser hears the account changed, once.
      const placed = await send(leader().t.app, 'POST', '/api/trading/orders', {
        token,
        body: { symbol: 'INFY', side: 'BUY', quantity: 2, order_type: 'MARKET', product: 'CNC' },
      });
      assert.equal(placed.statusCode, 200, placed.body);
      await until(
        () => messages.some((m) => m.type === 'event' && m.kind === 'account'),
        'the account event',
      );
      // A preview writes nothing, so it announces nothing (counted once the order's event settled).
      const accountEvents = () => messages.filter((m) => m.type === 'event' && m.kind === 'account').length;
      await new Promise((resolve) => setTimeout(resolve, 600));
      const before = accountEvents();
      const preview = await send(leader().t.app, 'POST', '/api/trading/orders/preview', {
        token,
        body: { symbol: 'INFY', side: 'BUY', quantity: 2, order_type: 'MARKET', product: 'CNC' },
      });
      assert.equal(preview.statusCode, 200, preview.body);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(accountEvents(), before);
    } finally {
      socket.terminate();
    }
  });

  it('refuses a session signed out on one process on the other at once, the clock unmoved', async () => {
    const session = await signIn(instances[0]!.t.app);
    const validate = (app: TestApp['app']) =>
      send(app, 'POST', '/api/auth/validate-session', { token: session });
    assert.equal((await validate(instances[1]!.t.app)).statusCode, 200);
    assert.equal(
      (await send(instances[0]!.t.app, 'POST', '/api/auth/logout', { token: session })).statusCode,
      200,
    );
    // The clock stands still, so only the bus's message can end the other process's copy.
    let status = 200;
    const started = Date.now();
    while (status !== 401 && Date.now() - started < 5_000) {
      status = (await validate(instances[1]!.t.app)).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.equal(status, 401);
  });
});
