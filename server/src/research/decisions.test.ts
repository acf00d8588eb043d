/**
 * The decision log, on PGlite and PostgreSQL: what the automation records comes back as written,
 * an outcome closes a decision once, and the open list is the ordered decisions still waiting.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import { testDatabases } from '../testing/index.js';
import { createDecisionLog, type DecisionLog, type NewDecision } from './decisions.js';

const decision = (overrides: Partial<NewDecision> = {}): NewDecision => ({
  decidedAt: new Date('2026-11-19T04:00:00.000Z'),
  tradingDay: '2026-11-19',
  account: 'paper',
  source: 'automation',
  symbol: 'INFY',
  strategy: 'breakout',
  strategyVersion: 'breakout@1',
  signal: 'BUY',
  action: 'ordered',
  reason: 'Breakout: close ₹1,015.00 above the 20-day high ₹1,006.00 on 2.00× volume.',
  confidence: 0.77,
  pricePaise: 101_500,
  targetPaise: 105_100,
  stopPaise: 99_700,
  horizonDays: 15,
  quantity: 4,
  orderId: 'PAPER-1',
  inputs: { atr14: 12, volume_ratio: 2, break_even_pct: 1.42 },
  mlProbability: 0.62,
  expectedPnlPaise: 4_210,
  ...overrides,
});

for (const target of await testDatabases()) {
  describe(`decision log on ${target.name}`, () => {
    let database: Database;
    let log: DecisionLog;
    before(async () => {
      database = await target.open();
      log = createDecisionLog(database.db);
    });
    after(async () => database.close());

    it('records a decision and reads it back as written, with no outcome yet', async () => {
      const id = await log.record(decision());
      assert.ok(Number.isInteger(id) && id > 0);
      const [read] = await log.list({ account: 'paper', limit: 10 });
      assert.deepEqual(read, { ...decision(), id, outcome: null });
      assert.deepEqual(await log.open('live'), []);
      assert.deepEqual(
        (await log.open('paper')).map((d) => d.id),
        [id],
      );
      assert.deepEqual(await log.byIds([id, id + 1000]), [{ ...decision(), id, outcome: null }]);
      assert.deepEqual(await log.byIds([]), []);
    });

    it('writes the outcome once, after which the decision is no longer open', async () => {
      const [open] = await log.open('paper');
      const outcome = {
        at: new Date('2026-11-24T09:50:00.000Z'),
        kind: 'target' as const,
        returnAfterCosts: 0.0213,
        pnlPaise: 8_650,
      };
      await log.recordOutcome(open!.id, outcome);
      assert.deepEqual(await log.open('paper'), []);
      const [read] = await log.list({ account: 'paper', limit: 1 });
      assert.deepEqual(read!.outcome, outcome);
      await assert.rejects(
        log.recordOutcome(open!.id, { ...outcome, kind: 'stop' }),
        /decision \d+ already has an outcome/,
      );
      await assert.rejects(log.recordOutcome(999_999, outcome), /there is no decision 999999/);
      assert.equal((await log.list({ account: 'paper', limit: 1 }))[0]!.outcome!.kind, 'target');
    });

    it('lists an account newest first within the days asked, and leaves skips out of the open list', async () => {
      const skipped = await log.record(
        decision({
          decidedAt: new Date('2026-11-20T04:00:00.000Z'),
          tradingDay: '2026-11-20',
          symbol: 'TCS',
          signal: 'HOLD',
          action: 'skipped',
          reason: 'Held: the expected 1.10% move does not clear the 1.35% break-even.',
          targetPaise: null,
          stopPaise: null,
          quantity: null,
          orderId: null,
        }),
      );
      const ordered = await log.record(
        decision({
          decidedAt: new Date('2026-11-23T04:00:00.000Z'),
          tradingDay: '2026-11-23',
          symbol: 'RELIANCE',
          orderId: 'PAPER-2',
        }),
      );
      await log.record(decision({ account: 'live', tradingDay: '2026-11-23', orderId: 'LIVE-1' }));

      const all = await log.list({ account: 'paper', limit: 10 });
      assert.deepEqual(
        all.map((d) => d.symbol),
        ['RELIANCE', 'TCS', 'INFY'],
      );
      assert.equal(all[1]!.id, skipped);
      assert.equal(all[1]!.targetPaise, null);
      assert.deepEqual(
        (await log.list({ account: 'paper', fromDay: '2026-11-20', toDay: '2026-11-20', limit: 10 })).map(
          (d) => d.symbol,
        ),
        ['TCS'],
      );
      assert.equal((await log.list({ account: 'paper', limit: 2 })).length, 2);
      assert.deepEqual(
        (await log.open('paper')).map((d) => d.id),
        [ordered],
      );
      assert.deepEqual(
        (await log.open('live')).map((d) => d.orderId),
        ['LIVE-1'],
      );
    });

    it('refuses a confidence outside 0-1 and prices that are not whole paise', async () => {
      await assert.rejects(log.record(decision({ confidence: 1.2 })), RangeError);
      await assert.rejects(log.record(decision({ pricePaise: 101_500.5 })), RangeError);
    });
  });
}
