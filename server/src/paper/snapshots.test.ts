import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { testDatabases } from '../testing/databases.js';
import type { PaperEngine } from './engine.js';
import {
  candlesFromCloses as candles,
  paperSnapshots,
  startTestEngine,
  type ControlledFeed,
} from './testing.js';

for (const target of await testDatabases()) {
  describe(`end-of-day equity snapshots on ${target.name}`, () => {
    let database: Database;
    let clock: ManualClock;
    let feed: ControlledFeed;
    let engine: PaperEngine;

    before(async () => {
      database = await target.open();
      // Monday 10:30 IST.
      ({ clock, feed, engine } = await startTestEngine(database.db, '2026-11-16T05:00:00.000Z'));
      feed.setCandles(
        'INFY',
        // No candle on the 19th: that day uses the 18th's close.
        candles({
          '2026-11-16': 1510,
          '2026-11-17': 1520,
          '2026-11-18': 1530,
          '2026-11-20': 1550,
          '2026-11-23': 1560,
          '2026-11-25': 1600,
        }),
      );
      feed.setCandles(
        'TCS',
        candles({
          '2026-11-16': 3190,
          '2026-11-17': 3210,
          '2026-11-18': 3220,
          '2026-11-19': 3230,
          '2026-11-20': 3240,
          '2026-11-23': 3250,
          '2026-11-25': 3300,
        }),
      );
      feed.setCandles(
        'NIFTY_50',
        candles({
          '2026-11-16': 24_010,
          '2026-11-17': 24_020,
          '2026-11-18': 24_030,
          '2026-11-19': 24_040,
          '2026-11-20': 24_050,
          '2026-11-23': 24_060,
          '2026-11-25': 24_500,
        }),
      );
    });
    after(async () => {
      await engine.stop();
      await database.close();
    });

    const rows = () => paperSnapshots(database.db);

    it('writes nothing before the first close', async () => {
      await engine.placeOrder(
        { symbol: 'INFY', side: 'BUY', quantity: 10, order_type: 'MARKET', product: 'CNC' },
        'op',
      );
      const result = await engine.runScheduled();
      assert.deepEqual(result.snapshots.written, []);
      assert.deepEqual(await rows(), []);
    });

    it('backfills every missed trading day from the ledger and daily closes, and writes today at the close', async () => {
      clock.set('2026-11-17T05:00:00.000Z');
      await engine.placeOrder(
        { symbol: 'TCS', side: 'BUY', quantity: 5, order_type: 'MARKET', product: 'CNC' },
        'op',
      );
      // A week later, after Wednesday's close (Tuesday the 24th is a holiday).
      clock.set('2026-11-25T10:30:00.000Z');
      feed.move('INFY', 1600);
      feed.move('TCS', 3300);
      feed.move('NIFTY_50', 24_500);
      const result = await engine.runScheduled();
      assert.deepEqual(result.snapshots.skipped, []);
      assert.deepEqual(
        result.snapshots.written.map((w) => `${w.day} ${w.source}`),
        [
          '2026-11-16 backfill',
          '2026-11-17 backfill',
          '2026-11-18 backfill',
          '2026-11-19 backfill',
          '2026-11-20 backfill',
          '2026-11-23 backfill',
          '2026-11-25 close',
        ],
      );
      // Cash after Monday: ₹10,00,000 - 10 × ₹1,500.75 - ₹41.24; after Tuesday also - 5 × ₹3,201.60 - ₹42.27.
      const monday = 98_495_126;
      const tuesday = 96_890_099;
      assert.deepEqual(
        (await rows()).map((r) => [
          r.tradingDay,
          r.cashPaise,
          r.holdingsValuePaise,
          r.portfolioValuePaise,
          r.benchmarkClose,
        ]),
        [
          ['2026-11-16', monday, 1_510_000, monday + 1_510_000, 24_010],
          ['2026-11-17', tuesday, 1_520_000 + 1_605_000, tuesday + 3_125_000, 24_020],
          ['2026-11-18', tuesday, 1_530_000 + 1_610_000, tuesday + 3_140_000, 24_030],
          ['2026-11-19', tuesday, 1_530_000 + 1_615_000, tuesday + 3_145_000, 24_040],
          ['2026-11-20', tuesday, 1_550_000 + 1_620_000, tuesday + 3_170_000, 24_050],
          ['2026-11-23', tuesday, 1_560_000 + 1_625_000, tuesday + 3_185_000, 24_060],
          ['2026-11-25', tuesday, 1_600_000 + 1_650_000, tuesday + 3_250_000, 24_500],
        ],
      );
    });

    it('is idempotent', async () => {
      const before = await rows();
      const result = await engine.runScheduled();
      assert.deepEqual(result.snapshots.written, []);
      assert.deepEqual(await rows(), before);
    });

    it('measures the monthly return from the snapshot 30 days back, net of deposits', async () => {
      assert.equal(
        await engine.monthlyReturn(),
        (await engine.overview()).total_returns_percent,
        'younger than 30 days',
      );
      clock.set('2026-12-01T05:00:00.000Z');
      await engine.setBalance(1_068_900.99, 'op'); // a ₹1,00,000 deposit
      clock.set('2026-12-28T05:00:00.000Z'); // Monday; 30 days back is Saturday 28 November
      feed.move('INFY', 1700);
      feed.move('TCS', 3400);
      await engine.runScheduled();
      const [base] = (await rows()).filter((r) => r.tradingDay === '2026-11-27');
      assert.equal(base?.portfolioValuePaise, 96_890_099 + 3_250_000, 'backfilled at the latest closes');
      // Now ₹11,02,900.99; less the ₹1,00,000 deposit; against ₹10,01,400.99.
      assert.equal(await engine.monthlyReturn(), 0.15);
      assert.equal((await engine.overview()).total_returns_percent, 0.26);
    });
  });
}
