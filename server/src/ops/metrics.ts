/**
 * GET /metrics for Prometheus (text exposition; not a contract route, it is not JSON), and the
 * timer of every answer, for it and for the auto-scaling status.
 *
 * Served with NIVESH_METRICS_TOKEN as `Authorization: Bearer <token>` (compared in constant
 * time); without a token, only to this machine (a loopback client address).
 *
 * One prom-client Registry per app: Node's default metrics, this process's CPU and memory samples,
 * API latency percentiles, ticks received, and each engine's state and last heartbeat; and, written
 * after it, request durations by route, method and status (requestDurations.ts: prom-client's
 * labelled histogram cost a twelfth of a small answer's time).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { apiError } from '@nivesh/api-contract';
import { bearerToken } from '../http/contract.js';
import type { TickHub } from '../market/feed.js';
import type { EngineRegistry } from './engines.js';
import type { Measurements } from './measurements.js';
import { createRequestDurations } from './requestDurations.js';

const METRICS_PATH = '/metrics';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const METRICS_REFUSALS = {
  notLocal:
    'The metrics are served to this machine only. Set NIVESH_METRICS_TOKEN and scrape with "Authorization: Bearer <token>" to read them from elsewhere.',
  badToken: 'The metrics need "Authorization: Bearer <token>" with the token of NIVESH_METRICS_TOKEN.',
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request may read the metrics; the refusal's status and sentence otherwise. */
function refusal(request: FastifyRequest, token: string | null): { status: number; text: string } | null {
  if (token === null) {
    return LOOPBACK.has(request.ip) ? null : { status: 403, text: METRICS_REFUSALS.notLocal };
  }
  const given = bearerToken(request);
  // Digests of equal length: the comparison takes the same time whatever was sent.
  return given !== null && timingSafeEqual(digest(given), digest(token))
    ? null
    : { status: 401, text: METRICS_REFUSALS.badToken };
}

/**
 * Requests the monitors leave out: the scrape itself and the WebSocket stream. `route` is the
 * request's route path (read once per request: Fastify builds `routeOptions` anew on every read).
 */
function untimed(request: FastifyRequest, route: string | undefined): boolean {
  return route === METRICS_PATH || request.headers.upgrade?.toLowerCase() === 'websocket';
}

/**
 * What every answer adds to the monitors: its duration to the latency percentiles (measurements.ts)
 * and to the request-duration histogram by route, method and status. `record` is called by the
 * server's one onResponse hook (app.ts), after the answer is written.
 */
export function createAnswerTimer(measurements: Measurements) {
  const durations = createRequestDurations({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route, method and status',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return {
    durations,
    record(request: FastifyRequest, reply: FastifyReply): void {
      const route = request.routeOptions.url;
      if (untimed(request, route)) return;
      const elapsed = reply.elapsedTime;
      measurements.recordRequest(elapsed);
      durations.observe(route ?? 'unmatched', request.method, reply.statusCode, elapsed / 1000);
    },
  };
}

export type AnswerTimer = ReturnType<typeof createAnswerTimer>;

export function registerMetrics(
  app: FastifyInstance,
  deps: {
    token: string | null;
    measurements: Measurements;
    timer: AnswerTimer;
    engines: EngineRegistry;
    hub: TickHub;
  },
): void {
  const { measurements, engines } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const latest = () => measurements.samples().at(-1);
  const sampled = (name: string, help: string, pick: (s: NonNullable<ReturnType<typeof latest>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const sample = latest();
        if (sample) this.set(pick(sample));
      },
    });
  sampled(
    'nivesh_host_cpu_percent',
    'Host CPU in use over the last sample (5 s), percent of every core',
    (s) => s.hostCpu,
  );
  sampled(
    'nivesh_process_cpu_percent',
    "This process's CPU over the last sample, percent of the host's total capacity",
    (s) => s.processCpu,
  );
  sampled('nivesh_host_memory_percent', 'Host memory in use, percent', (s) => s.hostMemory);
  sampled(
    'nivesh_event_loop_delay_p99_seconds',
    'Event-loop delay p99 over the last sample',
    (s) => s.eventLoopP99Ms / 1000,
  );
  new Gauge({
    name: 'nivesh_api_latency_seconds',
    help: 'API response time percentiles over the last minute',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      const latency = measurements.latency();
      this.set({ quantile: '0.5' }, latency.p50 / 1000);
      this.set({ quantile: '0.95' }, latency.p95 / 1000);
      this.set({ quantile: '0.99' }, latency.p99 / 1000);
    },
  });

  const ticks = new Counter({
    name: 'nivesh_ticks_total',
    help: 'Market ticks received from the feed',
    registers: [registry],
  });
  const unsubscribe = deps.hub.subscribe((batch) => ticks.inc(batch.length));
  app.addHook('onClose', async () => unsubscribe());

  new Gauge({
    name: 'nivesh_engine_up',
    help: 'Engine state: 1 running, 0 otherwise (idle, stopped, error)',
    labelNames: ['engine', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const e of engines.states())
        this.set({ engine: e.name, status: e.status }, e.status === 'running' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'nivesh_engine_last_heartbeat_timestamp_seconds',
    help: "Engine's last heartbeat, Unix time",
    labelNames: ['engine'],
    registers: [registry],
    collect() {
      this.reset();
      for (const e of engines.states()) {
        if (e.last_heartbeat) this.set({ engine: e.name }, e.last_heartbeat.getTime() / 1000);
      }
    },
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const refused = refusal(request, deps.token);
    if (refused) return reply.code(refused.status).send(apiError(refused.text));
    // prom-client's text ends each metric with a line feed; a blank line, then the durations.
    return reply
      .type(registry.contentType)
      .send(`${await registry.metrics()}\n${deps.timer.durations.exposition()}`);
  });
}
