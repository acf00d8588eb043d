/**
 * The trade history of a lot exited in parts: each exit is a completed trade for its shares, the
 * rest stays open, and the parts' charges and P&L add up to the lot's to the paisa.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Trade } from '@nivesh/api-contract';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from '../db/index.js';
import { testDatabases } from '../testing/databases.js';
import type { OrderRequest } from '../broker/broker.js';
import { startTestEngine, type TestEngine } from './testing.js';

const order = (side: 'BUY' | 'SELL', quantity: number, symbol = 'INFY'): OrderRequest => ({
  symbol,
  side,
  quantity,
  order_type: 'MARKET',
  product: 'CNC',
});

const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (trades: Trade[], field: 'fees' | 'pnl' | 'net_pnl') =>
  trades.reduce((total, t) => total + paise(t[field]!), 0);

for (const target of await testDatabases()) {
  describe(`trades of a lot exited in parts on ${target.name}`, () => {
    let database: Database;
    let rig: TestEngine;
    before(async () => {
      database = await target.open();
      rig = await startTestEngine(database.db, '2026-11-20T05:00:00.000Z');
    });
    after(async () => {
      await rig.engine.stop();
      await database.close();
    });
    let lotId = '';
    const infy = async () => (await rig.engine.trades()).filter((t) => t.symbol === 'INFY');

    it('shows selling 4 of 10 as a completed trade of 4 and an open trade of 6', async () => {
      const buy = await rig.engine.placeOrder(order('BUY', 10), 'op');
      lotId = buy.order_id.replace(/^PO-/, 'PT-');
      rig.clock.advance(60_000);
      rig.feed.move('INFY', 1530);
      const sell = await rig.engine.placeOrder(order('SELL', 4), 'op');

      const trades = await infy();
      assert.deepEqual(
        trades.map((t) => [t.trade_id, t.status, t.side, t.quantity, t.opened_quantity]),
        [
          [`${lotId}-1`, 'completed', 'BUY', 4, 10],
          [lotId, 'open', 'BUY', 6, 10],
        ],
        'each part says it is of the long position of 10',
      );
      const [exit, rest] = trades as [Trade, Trade];
      assert.equal(exit.exit_price, sell.average_price);
      assert.equal(exit.entry_price, buy.average_price);
      // P&L before charges: 4 × (exit − entry); the exit carries 4/10 of the entry charges and all of the sell's.
      assert.equal(paise(exit.pnl!), 4 * (paise(sell.average_price!) - paise(buy.average_price!)));
      assert.equal(
        sum(trades, 'fees'),
        paise(buy.charges!.total) + paise(sell.charges!.total),
        'the parts carry every charge once',
      );
      assert.equal(exit.exit_time, sell.filled_at);
      assert.equal(rest.exit_price, null);
      assert.equal(rest.current_price, 1530);
    });

    it('gives each later exit its own completed trade, and none open once all are sold', async () => {
      rig.clock.advance(60_000);
      rig.feed.move('INFY', 1490);
      await rig.engine.placeOrder(order('SELL', 6), 'op');
      const trades = await infy();
      assert.deepEqual(
        trades.map((t) => [t.trade_id, t.status, t.quantity]),
        [
          [`${lotId}-2`, 'completed', 6],
          [`${lotId}-1`, 'completed', 4],
        ],
      );
      assert.ok(trades[0]!.net_pnl! < 0 && trades[1]!.net_pnl! > 0, 'the first exit won, the second lost');
    });

    it('keeps a lot closed by one exit as one trade under its own id', async () => {
      const buy = await rig.engine.placeOrder(order('BUY', 5, 'TCS'), 'op');
      rig.clock.advance(60_000);
      await rig.engine.placeOrder(order('SELL', 5, 'TCS'), 'op');
      const tcs = (await rig.engine.trades()).filter((t) => t.symbol === 'TCS');
      assert.deepEqual(
        tcs.map((t) => [t.trade_id, t.status, t.quantity]),
        [[buy.order_id.replace(/^PO-/, 'PT-'), 'completed', 5]],
      );
    });

    it('backfills lots exited before exits were recorded as one exit each (migration 0004)', async () => {
      const before = await rig.engine.trades();
      const migration = fs.readFileSync(path.join(migrationsFolder, '0004_lot_exits.sql'), 'utf8');
      const backfill = migration
        .split('--> statement-breakpoint')
        .find((part) => part.includes('INSERT INTO'));
      assert.ok(backfill, 'the migration backfills');
      await database.db.execute(sql`delete from lot_exits`);
      await database.db.execute(sql.raw(backfill));
      const after = await rig.engine.trades();
      const tcs = (list: Trade[]) => list.filter((t) => t.symbol === 'TCS');
      assert.deepEqual(tcs(after), tcs(before), 'a lot closed at once is the same trade');
      const infy = after.filter((t) => t.symbol === 'INFY');
      assert.deepEqual(
        infy.map((t) => [t.trade_id, t.status, t.quantity]),
        [[lotId, 'completed', 10]],
        'the two exits of the old lot are one exit of 10',
      );
      const old = before.filter((t) => t.symbol === 'INFY');
      assert.equal(sum(infy, 'fees'), sum(old, 'fees'));
      assert.equal(sum(infy, 'pnl'), sum(old, 'pnl'));
      assert.equal(infy[0]!.exit_time, old[0]!.exit_time, 'at the time the lot closed');
    });
  });
}
