/**
 * The circuit breakers: each rule on hand-worked figures, then the monitor on a scripted market
 * (NIFTY 50 ticks published into a tick hub, daily candles from a controlled feed, an account with
 * little cash) with its alerts, once per breaker per trading day, on PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, like } from 'drizzle-orm';
import { ManualClock } from '../clock.js';
import { schema, type Database } from '../db/index.js';
import type { Candle, Tick } from '../market/feed.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createTickHub } from '../market/tickHub.js';
import { createControlledFeed } from '../paper/testing.js';
import { testDatabases } from '../testing/databases.js';
import { sampleStd } from '../testing/reference.js';
import {
  circuitBreakerRejection,
  createCircuitBreakers,
  liquidityBreaker,
  marketDropBreaker,
  volatilityBreaker,
} from './circuitBreakers.js';

/** NIFTY 50 closes alternating between `low` and `high`, `count` of them. */
const alternating = (count: number, low: number, high: number) =>
  Array.from({ length: count }, (_, i) => (i % 2 === 0 ? low : high));
/** std(r, ddof = 1) * sqrt(252) in percent, written out. */
function volatilityPercent(closes: readonly number[]): number {
  const r = closes.slice(1).map((c, i) => c / closes[i]! - 1);
  return sampleStd(r) * Math.sqrt(252) * 100;
}
const round2 = (x: number) => Math.round(x * 100) / 100;

describe('circuit breaker rules', () => {
  it('volatility: NIFTY 50 annualised over its last 20 daily returns, above 40% trips', () => {
    // ±1% a day: about 16% a year.
    const calm = [25_000, ...alternating(21, 24_000, 24_240)];
    const measured = volatilityBreaker(calm);
    const expected = volatilityPercent(calm.slice(-21));
    assert.deepEqual(measured, {
      id: 'volatility',
      label: 'NIFTY 50 volatility',
      tripped: false,
      value: round2(expected),
      threshold: 40,
      message: `NIFTY 50 moves ${round2(expected)}% a year (annualised over its last 20 daily returns), within the 40% limit.`,
    });
    // +4% and -3.85% on alternate days: about 62% a year.
    const wild = alternating(21, 24_000, 24_960);
    assert.equal(volatilityBreaker(wild).tripped, true);
    assert.equal(volatilityBreaker(wild).value, round2(volatilityPercent(wild)));
    assert.match(
      volatilityBreaker(wild).message,
      /a year \(annualised over its last 20 daily returns\), above the 40% limit\.$/,
    );

    const short = volatilityBreaker(alternating(8, 24_000, 24_960));
    assert.deepEqual([short.tripped, short.value], [false, null]);
    assert.equal(
      short.message,
      'Not enough NIFTY 50 history to measure its volatility: 7 of the 20 daily returns needed.',
    );
  });

  it('market drop: more than 3% below the highest level of the last hour trips; exactly 3% does not', () => {
    assert.deepEqual(marketDropBreaker({ latest: 23_280, high: 24_000 }), {
      id: 'market_drop',
      label: 'Market drop in 1 hour',
      tripped: false,
      value: 3,
      threshold: 3,
      message:
        'NIFTY 50 at 23,280 is 3% below its highest level of the last hour (24,000), within the 3% limit.',
    });
    const fall = marketDropBreaker({ latest: 23_279.5, high: 24_000 });
    assert.deepEqual([fall.tripped, fall.value], [true, 3]);
    assert.equal(
      fall.message,
      'NIFTY 50 at 23,279.5 is 3% below its highest level of the last hour (24,000), more than the 3% limit.',
    );
    assert.deepEqual([marketDropBreaker(null).tripped, marketDropBreaker(null).value], [false, null]);
  });

  it('liquidity: available cash under 15% of the account trips', () => {
    assert.deepEqual(liquidityBreaker(15_000, 1_00_000), {
      id: 'liquidity',
      label: 'Cash ratio',
      tripped: false,
      value: 15,
      threshold: 15,
      message: "Available cash ₹15,000 is 15% of the account's ₹1,00,000, above the 15% minimum.",
    });
    const low = liquidityBreaker(12_345, 1_00_000);
    assert.deepEqual([low.tripped, low.value], [true, 12.35]);
    assert.equal(
      low.message,
      "Available cash ₹12,345 is 12.35% of the account's ₹1,00,000, below the 15% minimum.",
    );
    assert.deepEqual([liquidityBreaker(0, 0).tripped, liquidityBreaker(0, 0).value], [false, null]);
  });

  it('refuses an automated entry while any is tripped, naming each', () => {
    const clear = { tripped: false, breakers: [liquidityBreaker(50_000, 1_00_000)] };
    assert.equal(circuitBreakerRejection(clear), null);
    const low = liquidityBreaker(10_000, 1_00_000);
    assert.deepEqual(circuitBreakerRejection({ tripped: true, breakers: [low, marketDropBreaker(null)] }), {
      limit: 'circuit_breaker',
      message: `Circuit breaker tripped: ${low.message} No automated entry is made until it clears`,
    });
  });
});

for (const target of await testDatabases()) {
  describe(`circuit breakers on a scripted market on ${target.name}`, () => {
    // Friday 20 November 2026.
    const clock = new ManualClock('2026-11-20T04:30:00.000Z'); // 10:00 IST
    const hub = createTickHub();
    const feed = createControlledFeed({ now: () => clock.now() });
    const account = { cash: 5_00_000, value: 10_00_000 };
    let database: Database;
    let breakers: ReturnType<typeof createCircuitBreakers>;
    const make = () =>
      createCircuitBreakers({
        db: database.db,
        clock,
        hub,
        feed,
        calendar: loadHolidayCalendar(null),
        account: async () => account,
        log: { info: () => undefined, error: () => undefined },
      });
    const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00+05:30`);
    const nifty = (hhmm: string, level: number): Tick => ({
      symbol: 'NIFTY_50',
      kind: 'index',
      ltp: level,
      previousClose: 24_000,
      open: 24_000,
      high: level,
      low: level,
      volume: 0,
      ts: at(hhmm).getTime(),
    });
    const breaker = async (id: string, now: Date) =>
      (await breakers.state(now)).breakers.find((b) => b.id === id)!;
    const alerts = async () =>
      (await database.db.select().from(schema.alerts).orderBy(asc(schema.alerts.id))).map((a) => ({
        severity: a.severity,
        message: a.message,
      }));

    // NIFTY 50 up 4% and down 3.85% on alternate days for six weeks before today (about 62% a year).
    const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 9 + i)))
      .filter((d) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
      .map((d) => d.toISOString().slice(0, 10));
    const closes = alternating(days.length, 24_000, 24_960);

    before(async () => {
      database = await target.open();
      const candles: Candle[] = days.map((date, i) => ({
        date,
        open: closes[i]!,
        high: closes[i]!,
        low: closes[i]!,
        close: closes[i]!,
        volume: 0,
      }));
      // Today's candle is still forming: it is not a daily return yet.
      candles.push({ date: '2026-11-20', open: 24_000, high: 24_000, low: 10_000, close: 10_000, volume: 0 });
      feed.setCandles('NIFTY_50', candles);
      breakers = make();
    });
    after(async () => {
      breakers.stop();
      await database.close();
    });

    it('market drop: from the highest NIFTY 50 level of the rolling hour to the latest', async () => {
      hub.publish([nifty('10:00', 24_000)]);
      hub.publish([nifty('10:20', 24_300), { ...nifty('10:20', 1_480), symbol: 'INFY', kind: 'equity' }]);
      assert.equal((await breaker('market_drop', at('10:21'))).value, 0);
      hub.publish([nifty('10:50', 23_500)]);
      // (24,300 - 23,500) / 24,300 = 3.29%.
      const fall = await breaker('market_drop', at('10:50'));
      assert.deepEqual([fall.tripped, fall.value], [true, round2((800 / 24_300) * 100)]);
      const drops = async () => (await alerts()).filter((a) => a.message.includes('Market drop'));
      assert.deepEqual(await drops(), [
        {
          severity: 'high',
          message: `Circuit breaker tripped: Market drop in 1 hour. ${fall.message} The automation opens no new position while it stands.`,
        },
      ]);
      // An hour after 10:20 the 24,300 has left the window: 23,500 is both the high and the latest.
      const later = await breaker('market_drop', at('11:21'));
      assert.deepEqual([later.tripped, later.value], [false, 0]);
      // Cleared: its alert is resolved, when and by what, and no longer asks for action.
      const [resolved] = await database.db
        .select()
        .from(schema.alerts)
        .where(like(schema.alerts.message, 'Circuit breaker tripped: Market drop%'));
      assert.deepEqual(
        [resolved!.resolvedAt?.toISOString(), resolved!.resolvedBy, resolved!.resolution],
        [
          at('11:21').toISOString(),
          'system: circuit breakers',
          'The breaker cleared: automated entries may resume.',
        ],
      );
      // No level in the last hour.
      assert.equal((await breaker('market_drop', at('11:51'))).value, null);
      assert.equal((await drops()).length, 1, 'raised once');
    });

    it('volatility: from the daily closes before today, read from the feed', async () => {
      const volatility = await breaker('volatility', at('11:55'));
      assert.equal(volatility.tripped, true);
      assert.equal(volatility.value, round2(volatilityPercent(closes.slice(-21))));
      assert.equal((await alerts()).filter((a) => a.message.includes('NIFTY 50 volatility')).length, 1);
    });

    it('liquidity: an account with little cash', async () => {
      account.cash = 1_20_000;
      const low = await breaker('liquidity', at('12:00'));
      assert.deepEqual([low.tripped, low.value], [true, 12]);
      const state = await breakers.state(at('12:01'));
      assert.equal(state.tripped, true);
      assert.equal(circuitBreakerRejection(state)?.limit, 'circuit_breaker');
      assert.equal(
        (await alerts()).filter((a) => a.message.startsWith('Circuit breaker tripped: Cash ratio.')).length,
        1,
      );
    });

    it('raises each breaker once a trading day, across servers, and not on a holiday', async () => {
      const other = make();
      try {
        await other.state(at('12:05'));
        assert.equal((await alerts()).length, 3, 'another server on the same database raises nothing new');
        // Tuesday 24 November is a market holiday (Guru Nanak Jayanti).
        clock.set('2026-11-24T06:00:00.000Z');
        await other.state();
        assert.equal((await alerts()).length, 3);
        clock.set('2026-11-25T06:00:00.000Z');
        const next = await other.state();
        assert.deepEqual(
          next.breakers.map((b) => [b.id, b.tripped]),
          [
            ['volatility', true],
            ['market_drop', false],
            ['liquidity', true],
          ],
        );
        await other.state();
        await breakers.state();
        assert.equal((await alerts()).length, 5, 'volatility and liquidity again on Wednesday, once');
      } finally {
        other.stop();
      }
    });
  });
}
