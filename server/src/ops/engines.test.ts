/**
 * The engine registry: a job runs its pass on the interval (and at start when asked), never two
 * passes at once, a failing pass logged and shown as `error` until one succeeds, `stop()` waits for
 * a pass in progress; the states and `synchronized` say what GET /api/engines/status reports.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { ManualClock } from '../clock.js';
import { createEngineRegistry } from './engines.js';

const MINUTE = 60_000;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('engine registry', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setInterval'] }));
  afterEach(() => mock.timers.reset());

  it('runs a job at start and every interval, one pass at a time, and stop() waits for the pass', async () => {
    const clock = new ManualClock(new Date('2026-11-24T04:00:00.000Z'));
    const registry = createEngineRegistry(clock);
    let passes = 0;
    let release: (() => void) | null = null;
    const job = registry.job({
      name: 'news_pipeline',
      intervalMs: 15 * MINUTE,
      run: () => {
        passes += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      log: { error: () => {} },
      runAtStart: true,
    });
    assert.deepEqual(registry.states(), [
      { name: 'news_pipeline', status: 'stopped', last_heartbeat: null, error: null },
    ]);
    job.start();
    job.start();
    assert.equal(passes, 1, 'the first pass at start, once');
    mock.timers.tick(15 * MINUTE);
    assert.equal(passes, 1, 'the pass still runs: the tick is skipped');
    release!();
    await flush();
    clock.set(new Date('2026-11-24T04:20:00.000Z'));
    mock.timers.tick(15 * MINUTE);
    assert.equal(passes, 2);
    const stopped = job.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await flush();
    assert.equal(done, false, 'stop waits for the pass in progress');
    release!();
    await stopped;
    mock.timers.tick(60 * MINUTE);
    assert.equal(passes, 2, 'no pass after stop');
    const [state] = registry.states();
    assert.equal(state!.status, 'stopped');
    assert.deepEqual(state!.last_heartbeat, new Date('2026-11-24T04:20:00.000Z'));
  });

  it('shows a failing loop as error with its reason, logs it, and running again once a pass succeeds', async () => {
    const clock = new ManualClock(new Date('2026-11-24T04:00:00.000Z'));
    const registry = createEngineRegistry(clock);
    const logged: string[] = [];
    let fail = true;
    const job = registry.job({
      name: 'ml_learner',
      intervalMs: 60 * MINUTE,
      run: async () => {
        if (fail) throw new Error('No trading day has closed yet.');
      },
      log: { error: (_obj, msg) => logged.push(msg ?? '') },
    });
    job.start();
    mock.timers.tick(60 * MINUTE);
    await flush();
    assert.deepEqual(logged, ['ml_learner: pass failed']);
    assert.equal(registry.states()[0]!.status, 'error');
    assert.equal(registry.states()[0]!.error, 'No trading day has closed yet.');
    fail = false;
    await job.runNow();
    assert.equal(registry.states()[0]!.status, 'running');
    assert.equal(registry.states()[0]!.error, null);
    await job.stop();
  });

  it('is synchronized while every started loop beat within two of its intervals; probes are listed after the loops', async () => {
    const clock = new ManualClock(new Date('2026-11-24T04:00:00.000Z'));
    const startedAt = clock.now();
    const registry = createEngineRegistry(clock);
    const job = registry.job({
      name: 'risk_monitor',
      intervalMs: MINUTE,
      run: async () => {},
      log: { error: () => {} },
    });
    registry.job({ name: 'automation', intervalMs: MINUTE, run: async () => {}, log: { error: () => {} } });
    registry.probe('market_feed', () => ({ status: 'idle', last_heartbeat: null, error: null }));
    job.start();
    clock.set(new Date('2026-11-24T04:01:30.000Z'));
    assert.equal(registry.synchronized(startedAt), true, 'within two minutes of the start');
    clock.set(new Date('2026-11-24T04:02:30.000Z'));
    assert.equal(registry.synchronized(startedAt), false, 'no beat in two intervals');
    await job.runNow();
    assert.equal(registry.synchronized(startedAt), true);
    assert.deepEqual(
      registry.states().map((s) => [s.name, s.status]),
      [
        ['risk_monitor', 'running'],
        ['automation', 'stopped'],
        ['market_feed', 'idle'],
      ],
    );
    await job.stop();
  });

  it("says when a started loop's next timed pass comes, and none for a loop not run here", async () => {
    const clock = new ManualClock(new Date('2026-11-24T04:00:00.000Z'));
    const registry = createEngineRegistry(clock);
    const job = registry.job({
      name: 'ml_learner',
      intervalMs: 60 * MINUTE,
      run: async () => {},
      log: { error: () => {} },
      leaderOnly: true,
    });
    assert.equal(registry.nextRunAt('ml_learner'), null, 'not started');
    job.start();
    assert.equal(registry.nextRunAt('ml_learner')?.toISOString(), '2026-11-24T05:00:00.000Z');
    clock.set(new Date('2026-11-24T05:30:00.000Z'));
    assert.equal(registry.nextRunAt('ml_learner')?.toISOString(), '2026-11-24T06:00:00.000Z');
    registry.setLeadership(() => false);
    assert.equal(registry.nextRunAt('ml_learner'), null, 'another process leads it');
    registry.setLeadership(() => true);
    await job.stop();
    assert.equal(registry.nextRunAt('ml_learner'), null, 'stopped');
    assert.equal(registry.nextRunAt('unknown'), null);
  });
});
