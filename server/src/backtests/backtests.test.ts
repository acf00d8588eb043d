/**
 * Backtests through HTTP (buildApp over the simulated market with seed 7, on PGlite and PostgreSQL):
 * a run starts with 202 and works in the background, reports its progress, and stores its trades,
 * daily values and analytics; the same parameters give the same result; bad requests get a
 * sentence; only one runs at a time; a restart marks a run it cut off as failed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BacktestRun, BacktestSummary } from '@nivesh/api-contract';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from '../paper/settings.js';
import { addToDay, computeCharges } from '../paper/costs.js';
import { toPaise } from '../paper/money.js';
import { createTestApp, send, setUpOperator, signedInApp, signIn, testDatabases } from '../testing/index.js';
import type { FastifyInstance } from 'fastify';
import { interruptedSentence } from './service.js';
import { ANSWER_DIGITS, near } from '../testing/reference.js';

/** Six weeks of 2025: the strategies read a year before it, which the three-year history holds. */
const RUN = { strategy: 'allocator', from: '2025-07-01', to: '2025-08-12', initial_capital: 1_000_000 };

async function post(app: FastifyInstance, token: string, body: unknown) {
  return send(app, 'POST', '/api/backtests', { token, body });
}

async function getRun(app: FastifyInstance, token: string, id: string): Promise<BacktestRun> {
  const res = await send(app, 'GET', `/api/backtests/${id}`, { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: BacktestRun }>().data;
}

/** Polls the run until it is no longer running; returns every progress seen on the way. */
async function finished(app: FastifyInstance, token: string, id: string) {
  const seen: number[] = [];
  for (;;) {
    const run = await getRun(app, token, id);
    if (run.status !== 'running') return { run, seen };
    seen.push(run.progress);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function started(app: FastifyInstance, token: string, body: unknown): Promise<string> {
  const res = await post(app, token, body);
  assert.equal(res.statusCode, 202, res.body);
  const answer = res.json<{ data: { id: string; status: string }; message: string }>();
  assert.equal(answer.data.status, 'running');
  return answer.data.id;
}

for (const target of await testDatabases()) {
  describe(`backtests on ${target.name}`, () => {
    const s = signedInApp(target);

    it('starts with 202, shows its progress, and stores trades, daily values and analytics when done', async () => {
      const id = await started(s.t.app, s.token, { ...RUN, name: 'Allocator, summer' });
      const { run, seen } = await finished(s.t.app, s.token, id);
      assert.equal(run.status, 'done', run.error ?? '');
      assert.ok(seen.length > 0, 'it was seen running');
      assert.ok(
        seen.every((p, i) => p >= 0 && p < 1 && (i === 0 || p >= seen[i - 1]!)),
        `progress rises from 0 towards 1 while running: ${seen.join(', ')}`,
      );
      assert.equal(run.progress, 1);
      assert.equal(run.name, 'Allocator, summer');
      assert.equal(run.seed, 7, "the server's simulated market");
      const result = run.result!;
      // One value per trading day from the first to the last, each beside NIFTY 50 rebased to the capital.
      assert.equal(result.daily[0]!.date, '2025-07-01');
      assert.equal(result.daily.at(-1)!.date, '2025-08-12');
      assert.ok(result.daily.length >= 25 && result.daily.length <= 31);
      assert.ok(result.daily.every((d) => d.value > 0 && d.benchmark !== null && d.benchmark > 0));
      assert.ok(result.trades.length > 0, 'the allocator traded');
      assert.ok(result.trades.every((t) => t.entry_date >= run.from && t.exit_date <= run.to));
      assert.ok(result.trades.every((t) => t.entry_date <= t.exit_date));
      // The analytics are the performance page's figures over the run's days.
      const a = result.analytics;
      assert.equal(a.period, 'all');
      assert.equal(a.period_start, '2025-07-01');
      assert.equal(a.period_end, '2025-08-12');
      assert.equal(a.total_trades, result.trades.length);
      const final = result.daily.at(-1)!.value;
      near(a.total_return, (final / RUN.initial_capital - 1) * 100, 'total return', ANSWER_DIGITS.percent);
      assert.ok(Math.abs(a.net_pnl - (final - RUN.initial_capital)) < 0.01);
      const wins = result.trades.filter((t) => t.net_pnl > 0).length;
      assert.equal(a.winning_trades, wins);
      assert.equal(run.headline!.total_trades, result.trades.length);
      assert.equal(run.headline!.final_value, final);
      assert.ok(a.beta !== null, 'beta against NIFTY 50');
      assert.ok(result.notes.some((n) => n.includes('stop is taken as hit first')));

      const list = await send(s.t.app, 'GET', '/api/backtests', { token: s.token });
      const listed = list.json<{ data: BacktestSummary[] }>().data.find((r) => r.id === id)!;
      assert.equal(listed.status, 'done');
      assert.deepEqual(listed.headline, run.headline);
    });

    it('charges every trade exactly what computeCharges gives for its entry and exit fills', async () => {
      const [latest] = (await send(s.t.app, 'GET', '/api/backtests', { token: s.token })).json<{
        data: BacktestSummary[];
      }>().data;
      const run = await getRun(s.t.app, s.token, latest!.id);
      const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);
      for (const t of run.result!.trades) {
        const entry = { side: 'BUY' as const, quantity: t.quantity, pricePaise: toPaise(t.entry_price) };
        const exit = { side: 'SELL' as const, quantity: t.quantity, pricePaise: toPaise(t.exit_price) };
        const buy = computeCharges({ ...entry, product: 'CNC', settings: costs });
        // Sold the day it was bought: the contract note settles the shares as intraday.
        const day =
          t.exit_date === t.entry_date
            ? addToDay(undefined, { ...entry, product: 'CNC', charges: buy })
            : undefined;
        const sell = computeCharges({ ...exit, product: 'CNC', settings: costs, day });
        assert.equal(toPaise(t.charges), buy.total + sell.total, `${t.symbol} ${t.entry_date}`);
        assert.equal(
          toPaise(t.net_pnl),
          t.quantity * (toPaise(t.exit_price) - toPaise(t.entry_price)) - buy.total - sell.total,
        );
      }
    });

    it('reproduces the same result from the same parameters and seed', async () => {
      const body = { ...RUN, strategy: 'trend_following', seed: 11 };
      const first = await finished(s.t.app, s.token, await started(s.t.app, s.token, body));
      const second = await finished(s.t.app, s.token, await started(s.t.app, s.token, body));
      assert.equal(first.run.status, 'done', first.run.error ?? '');
      assert.equal(first.run.seed, 11);
      assert.ok(first.run.result!.trades.length > 0);
      assert.deepEqual(second.run.result, first.run.result);
      // Another seed is another market's history.
      const other = await finished(s.t.app, s.token, await started(s.t.app, s.token, { ...body, seed: 12 }));
      assert.notDeepEqual(other.run.result!.daily, first.run.result!.daily);
    });

    it('refuses a bad request with a sentence and stores nothing', async () => {
      const count = async () =>
        (await send(s.t.app, 'GET', '/api/backtests', { token: s.token })).json<{ data: unknown[] }>().data
          .length;
      const before = await count();
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ ...RUN, from: '2025-08-12', to: '2025-07-01' }, /from must be before to/],
        [{ ...RUN, from: '2019-01-01', to: '2025-01-10' }, /at most 5 years/],
        [
          { ...RUN, from: '2021-12-01', to: '2022-03-01' },
          /too early: the market's history starts on .*earliest from is \d{4}-\d{2}-\d{2}/,
        ],
        [
          { ...RUN, from: '2025-07-01', to: '2025-07-15' },
          /holds 11 trading days; a backtest needs at least 20/,
        ],
        [
          { ...RUN, to: '2026-12-31' },
          /to must be a trading day whose session has closed: the latest is 2026-11-19/,
        ],
        [
          { ...RUN, strategy: 'momentum' },
          /strategy must be one of trend_following, mean_reversion, breakout or allocator/,
        ],
        [{ ...RUN, initial_capital: 500 }, /initial_capital must be at least ₹10,000/],
        [{ ...RUN, from: '1 July 2025' }, /from must be a date written YYYY-MM-DD/],
        [{ ...RUN, daily_amount: 2_000_000 }, /daily_amount must not be more than initial_capital/],
        [{ ...RUN, seed: 1.5 }, /seed must be a whole number/],
      ];
      for (const [body, message] of cases) {
        const res = await post(s.t.app, s.token, body);
        assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
        assert.match(res.json<{ error: string }>().error, message);
      }
      assert.equal(await count(), before);
    });

    it('refuses a second run while one runs (409), and deleting the running one stops it', async () => {
      const id = await started(s.t.app, s.token, { ...RUN, from: '2025-01-01', to: '2025-12-31' });
      const second = await post(s.t.app, s.token, RUN);
      assert.equal(second.statusCode, 409, second.body);
      assert.match(
        second.json<{ error: string }>().error,
        /A backtest is already running .*: wait for it to finish or delete it/,
      );
      const removed = await send(s.t.app, 'DELETE', `/api/backtests/${id}`, { token: s.token });
      assert.equal(removed.statusCode, 200, removed.body);
      assert.match(removed.json<{ message: string }>().message, /stopped and deleted/);
      assert.equal((await send(s.t.app, 'GET', `/api/backtests/${id}`, { token: s.token })).statusCode, 404);
      assert.equal(
        (await send(s.t.app, 'DELETE', `/api/backtests/${id}`, { token: s.token })).statusCode,
        404,
      );
      // With nothing running, a new one starts.
      const next = await started(s.t.app, s.token, RUN);
      assert.equal((await finished(s.t.app, s.token, next)).run.status, 'done');
    });

    it('answers every one of fifty concurrent bad requests with its own 400, while a run runs and while none does', async () => {
      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [{ ...RUN, from: '2021-12-01', to: '2022-03-01' }, /too early: the market's history starts on/],
        [
          { ...RUN, from: '2025-07-01', to: '2025-07-15' },
          /holds 11 trading days; a backtest needs at least 20/,
        ],
        [{ ...RUN, to: '2026-12-31' }, /to must be a trading day whose session has closed/],
      ];
      const fifty = () =>
        Promise.all(
          Array.from({ length: 50 }, async (_, i) => {
            const [body, message] = bad[i % bad.length]!;
            const res = await post(s.t.app, s.token, body);
            assert.equal(res.statusCode, 400, `request ${i}: ${res.body}`);
            assert.match(res.json<{ error: string }>().error, message);
          }),
        );
      // Nothing runs: none of them is told another is starting.
      await fifty();
      const id = await started(s.t.app, s.token, { ...RUN, from: '2025-01-01', to: '2025-12-31' });
      try {
        await fifty();
        // A good request is still told one runs.
        assert.equal((await post(s.t.app, s.token, RUN)).statusCode, 409);
      } finally {
        await send(s.t.app, 'DELETE', `/api/backtests/${id}`, { token: s.token });
      }
    });

    it('needs a session', async () => {
      assert.equal((await send(s.t.app, 'GET', '/api/backtests')).statusCode, 401);
      assert.equal((await post(s.t.app, '', RUN)).statusCode, 401);
    });
  });

  describe(`a backtest cut off by a restart on ${target.name}`, () => {
    it('is marked failed, with a sentence, when the server starts again', async () => {
      const database = await target.open();
      try {
        const first = await createTestApp(database, { deps: { paperTimers: false } });
        const token = await setUpOperator(first.app);
        const id = await started(first.app, token, { ...RUN, from: '2025-01-01', to: '2025-12-31' });
        // Wait until it is under way, then stop the server while it runs.
        while ((await getRun(first.app, token, id)).progress === 0)
          await new Promise((r) => setTimeout(r, 20));
        const progress = (await getRun(first.app, token, id)).progress;
        await first.close();

        const second = await createTestApp(database, { deps: { paperTimers: false } });
        try {
          const again = await signIn(second.app);
          const run = await getRun(second.app, again, id);
          assert.equal(run.status, 'failed');
          assert.ok(run.progress >= progress);
          assert.equal(run.error, interruptedSentence(run.progress));
          assert.match(
            run.error!,
            /^Interrupted: the server restarted while this backtest was running \(\d+% done\)\. Start it again/,
          );
          assert.equal(run.result, null);
          // And a new run may start.
          assert.equal((await post(second.app, again, RUN)).statusCode, 202);
        } finally {
          await second.close();
        }
      } finally {
        await database.close();
      }
    });
  });
}
