/**
 * The auto-scaling status from this process's own measurements, the figures moving under load,
 * the auto-scaler's decisions recorded and shown, and GET /metrics for Prometheus (buildApp on
 * PGlite and PostgreSQL).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AutoScalingStatus } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { createTestApp, send, signedInApp, testDatabases } from '../testing/index.js';
import {
  createAutoScaler,
  liveInstanceCount,
  noProvider,
  PGLITE_REFUSAL,
  processProvider,
} from './autoScaler.js';
import { METRICS_REFUSALS } from './metrics.js';
import type { CpuSample } from './windows.js';

const MIN = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spends `ms` of this process's CPU time (however busy the machine is), blocking the event loop. */
function burn(ms: number): void {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + i);
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) break;
  }
}

const quietLog = { info: () => undefined, warn: () => undefined };

for (const target of await testDatabases()) {
  describe(`auto-scaling status on ${target.name}`, () => {
    // Friday 20 November 2026, 10:30 IST: the market is open.
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const s = signedInApp(target, { clock });
    const status = async () => {
      const res = await send(s.t.app, 'GET', '/api/auto-scaling/status', { token: s.token });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ success: true; data: AutoScalingStatus }>().data;
    };
    const sample = () => s.t.app.services.monitors.measurements.sample();

    it('answers with this instance, the host, the market, the broker and measured figures', async () => {
      sample();
      await sleep(50);
      sample();
      const first = await status();
      assert.equal(first.instance_state, 'running');
      assert.match(first.instance_type, /^\d+ vCPU, \d+(\.\d)? GiB$/);
      assert.equal(first.market_status, 'OPEN');
      assert.equal(first.api_healthy, true);
      assert.equal(first.status, 'active');
      // No token stored: the broker is disconnected, paper trading, not accessible.
      assert.deepEqual(first.broker, { status: 'disconnected', mode: 'paper', accessible: false });
      assert.equal(first.cloud_connected, false);
      assert.equal(first.provider, 'none');
      assert.equal(first.instances, 1);
      assert.equal(first.instance.pid, process.pid);
      assert.equal(first.instance.id, s.t.app.services.cluster.identity.id);
      assert.ok(first.metrics.memory > 0 && first.metrics.memory <= 100);
      assert.ok(first.process.memory_mb > 0);
      assert.equal(first.series.length, 2);
      assert.equal(first.last_update, '2026-11-20T05:00:00.000Z');
      // The requests before this one (sign-in, set-password) are in the last minute's window.
      assert.ok(first.latency.requests >= 1);
      assert.ok(first.metrics.latency_ms > 0);
      assert.deepEqual(first.decisions, []);
      assert.deepEqual(first.rules, { cpu_above_minutes: 0, cpu_below_minutes: 0, cooldown_until: null });
    });

    it("moves the monitors' figures up under load: process CPU and API latency", async () => {
      // Idle: a quiet interval, and requests one at a time.
      clock.advance(2 * MIN);
      sample();
      await sleep(500);
      sample();
      // A second quiet interval: the first may still hold work the earlier requests left behind.
      await sleep(500);
      sample();
      for (let i = 0; i < 10; i++) await status();
      const idle = await status();

      // Load, a minute later (the idle requests leave the latency window): many requests at once
      // while the event loop is kept busy.
      clock.advance(2 * MIN);
      sample();
      const requests = Array.from({ length: 60 }, () =>
        send(s.t.app, 'GET', '/api/auto-scaling/status', { token: s.token }),
      );
      for (let i = 0; i < 6; i++) {
        await new Promise((resolve) => setImmediate(resolve));
        burn(100);
      }
      const answers = await Promise.all(requests);
      assert.ok(answers.every((res) => res.statusCode === 200));
      sample();
      const loaded = await status();

      assert.ok(
        loaded.process.cpu > idle.process.cpu,
        `process CPU ${loaded.process.cpu}% under load, ${idle.process.cpu}% idle`,
      );
      assert.ok(
        loaded.metrics.latency_ms > idle.metrics.latency_ms,
        `median latency ${loaded.metrics.latency_ms} ms under load, ${idle.metrics.latency_ms} ms idle`,
      );
      assert.ok(
        loaded.latency.p99_ms >= loaded.latency.p95_ms && loaded.latency.p95_ms >= loaded.latency.p50_ms,
      );
      assert.ok(loaded.latency.requests >= 60);
    });

    it('records a decision when the rules hold, with what the provider did, and shows it', async () => {
      const db = s.database.db;
      const samples: CpuSample[] = [];
      // `count` samples of 5 s each, up to now.
      const push = (count: number, cpu: number) => {
        for (let i = 0; i < count; i++) {
          clock.advance(5_000);
          const at = clock.nowMs();
          samples.push({ from: at - 5_000, at, hostCpu: cpu, processCpu: cpu / 4 });
        }
      };
      const scaler = (provider = noProvider()) =>
        createAutoScaler({ db, clock, samples: () => samples, provider, instanceId: 'test-instance' });
      const none = scaler();

      // 14 minutes 55 s above 85%: nothing yet; at 15 minutes, scale up (recorded, no provider).
      clock.advance(10 * MIN);
      push(179, 92);
      assert.equal(await none.evaluate(), null);
      push(1, 92);
      const up = await none.evaluate();
      assert.ok(up);
      assert.deepEqual(
        {
          action: up.action,
          outcome: up.outcome,
          before: up.instancesBefore,
          after: up.instancesAfter,
          cpu: up.cpuPercent,
          provider: up.provider,
        },
        { action: 'scale_up', outcome: 'skipped', before: 1, after: 1, cpu: 92, provider: 'none' },
      );
      assert.match(up.error ?? '', /No scaling provider is configured/);
      // The next pass is inside the cooldown: no second decision.
      assert.equal(await none.evaluate(), null);

      // 15 more minutes above 85%: the process provider refuses on the embedded database.
      push(180, 95);
      const refused = await scaler(
        processProvider({ port: 4000, host: 'localhost', databaseUrl: null, log: quietLog }),
      ).evaluate();
      assert.equal(refused?.outcome, 'failed');
      assert.equal(refused?.error, PGLITE_REFUSAL);

      // Two instances live and, once the cooldown is over, 10 minutes below 30%: scale down (2 to
      // 2: no provider stops anything).
      push(180, 12);
      await s.t.app.services.cluster.instances.beat();
      await db.insert(schema.serverInstances).values({
        id: 'second-instance',
        host: 'other-host',
        pid: 4242,
        url: null,
        version: 'test',
        startedAt: clock.now(),
        heartbeatAt: clock.now(),
      });
      assert.equal(await liveInstanceCount(db, clock.now()), 2);
      const down = await none.evaluate();
      assert.equal(down?.action, 'scale_down');
      assert.equal(down?.instancesBefore, 2);
      assert.equal(
        down?.reason,
        'Host CPU below 30% for 10 minutes (mean 12%): one instance fewer (2 to 1).',
      );

      const shown = await status();
      assert.deepEqual(
        shown.decisions.map((d) => [d.action, d.outcome, d.provider]),
        [
          ['scale_down', 'skipped', 'none'],
          ['scale_up', 'failed', 'process'],
          ['scale_up', 'skipped', 'none'],
        ],
      );
      assert.equal(
        shown.decisions[2]!.reason,
        'Host CPU above 85% for 15 minutes (mean 92%): one more instance (1 to 2).',
      );
      // A heartbeat 15 s old no longer counts; a stopped one neither; never fewer than 1.
      clock.advance(15_000);
      assert.equal(await liveInstanceCount(db, clock.now()), 1);
      await db.update(schema.serverInstances).set({ stoppedAt: clock.now(), heartbeatAt: clock.now() });
      assert.equal(await liveInstanceCount(db, clock.now()), 1);
      await db.delete(schema.serverInstances);
    });
  });

  describe(`GET /metrics on ${target.name}`, () => {
    const s = signedInApp(target);

    it('answers this machine with Prometheus text, request durations by route included', async () => {
      await send(s.t.app, 'GET', '/api/health');
      const res = await send(s.t.app, 'GET', '/metrics');
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^text\/plain/);
      assert.match(res.body, /http_request_duration_seconds_bucket\{[^}]*route="\/api\/health"[^}]*\}/);
      assert.match(res.body, /process_cpu_user_seconds_total/);
      assert.match(res.body, /nivesh_engine_up\{engine="instance_heartbeat",status="running"\} 1/);
      assert.match(res.body, /nivesh_ticks_total \d+/);
      // The scrape itself is not timed.
      const again = await send(s.t.app, 'GET', '/metrics');
      assert.doesNotMatch(again.body, /route="\/metrics"/);
    });

    it('refuses another machine without a token, with a sentence', async () => {
      const res = await send(s.t.app, 'GET', '/metrics', { remoteAddress: '192.0.2.10' });
      assert.equal(res.statusCode, 403);
      assert.equal(res.json<{ error: string }>().error, METRICS_REFUSALS.notLocal);
    });

    it('with NIVESH_METRICS_TOKEN, answers the bearer of the token only', async () => {
      const database = await target.open();
      const token = 'scrape-token-0123456789';
      const t = await createTestApp(database, { config: { metricsToken: token } });
      try {
        const without = await send(t.app, 'GET', '/metrics');
        assert.equal(without.statusCode, 401);
        assert.equal(without.json<{ error: string }>().error, METRICS_REFUSALS.badToken);
        const wrong = await send(t.app, 'GET', '/metrics', {
          token: `${token}x`,
          remoteAddress: '192.0.2.10',
        });
        assert.equal(wrong.statusCode, 401);
        const right = await send(t.app, 'GET', '/metrics', { token, remoteAddress: '192.0.2.10' });
        assert.equal(right.statusCode, 200);
        assert.match(right.body, /# TYPE http_request_duration_seconds histogram/);
      } finally {
        await t.close();
        await database.close();
      }
    });
  });
}
