/**
 * The day's amount through the whole app, on PGlite and PostgreSQL: one figure with where it comes
 * from (the manual percentage while AI-assisted allocation is off, whatever strategy is chosen; the
 * strategy's percentage while it is on; an amount set directly), in whole ₹1,000 steps; and a
 * direct amount off the step refused with the rule's sentence, changing nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AllocationSettings, DailyAmountData } from '@nivesh/api-contract';
import { createControlledFeed } from '../paper/testing.js';
import { send, signedInApp, testDatabases } from '../testing/index.js';

for (const target of await testDatabases()) {
  describe(`the day's amount on ${target.name}`, () => {
    const s = signedInApp(target, { deps: { feed: createControlledFeed(), live: null, liveAccount: null } });
    const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      send(s.t.app, method, url, { token: s.token, body });
    const amount = async () => {
      const res = await api('GET', '/api/allocation/daily-amount');
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: DailyAmountData }>().data;
    };
    const settings = async () =>
      (await api('GET', '/api/allocation/settings')).json<{ data: AllocationSettings }>().data;

    it('with AI-assisted allocation off, is the manual percentage, said once with where it comes from', async () => {
      const current = await settings();
      assert.equal(current.total_capital, 1_000_000);
      const saved = await api('POST', '/api/allocation/save', {
        ...current,
        allocation_strategy: 'conservative',
        ai_enabled: false,
        manual_allocation_pct: 3.2,
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const day = await amount();
      assert.equal(day.daily_amount, 32_000);
      assert.deepEqual(day.source, {
        kind: 'manual',
        percentage: 3.2,
        strategy: null,
        label: 'Manual 3.2% of ₹10,00,000',
        reason:
          "AI-assisted allocation is off, so the manual percentage applies, not the Conservative strategy's.",
      });
      // The conservative strategy's own figure is still listed, as what it would be.
      assert.deepEqual(day.all_strategies.conservative, { percentage: 1.5, amount: 15_000 });
      assert.equal((await settings()).daily_amount, 32_000, 'the settings carry the same figure');
    });

    it("with it on, is the chosen strategy's percentage", async () => {
      const current = await settings();
      await api('POST', '/api/allocation/save', {
        ...current,
        allocation_strategy: 'moderate',
        ai_enabled: true,
      });
      const day = await amount();
      assert.equal(day.daily_amount, 25_000);
      assert.equal(day.source.kind, 'strategy');
      assert.equal(day.source.label, 'Moderate strategy: 2.5% of ₹10,00,000');
      assert.equal(day.all_strategies.moderate.amount, day.daily_amount);
    });

    it('takes a direct amount in ₹1,000 steps, and refuses one off the step with the rule, changing nothing', async () => {
      const before = await amount();
      const off = await api('POST', '/api/allocation/daily-amount', { daily_amount: 24_987 });
      assert.equal(off.statusCode, 400);
      assert.equal(
        off.json<{ error: string }>().error,
        'Invalid request body: daily_amount: Daily amount must be at least ₹1,000, in steps of ₹1,000.',
      );
      assert.deepEqual(await amount(), before);

      const set = await api('POST', '/api/allocation/daily-amount', { daily_amount: 24_000 });
      assert.equal(set.statusCode, 200, set.body);
      const day = await amount();
      assert.equal(day.daily_amount, 24_000);
      assert.equal(day.source.kind, 'direct');
      assert.equal(day.source.label, 'Set directly');
    });
  });
}
