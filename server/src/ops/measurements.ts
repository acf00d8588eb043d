/**
 * What this process measures of itself (every process, not only the leader): every 5 s a sample of
 * the host's CPU (every core, from os.cpus() time deltas), this process's CPU (process.cpuUsage()
 * over wall time, as a percent of the host's total capacity: 100% is every core busy), its
 * resident memory, the host's memory in use, and the event loop's delay; and the duration of each
 * API request as it ends (the latency percentiles over the last minute).
 *
 * Memory stays bounded: the last MAX_SAMPLES samples (16 minutes at 5 s, enough for the
 * auto-scaler's 15-minute window) and the last LATENCY_CAPACITY request durations.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Clock } from '../clock.js';
import { createDurationRing, percentile, type CpuSample } from './windows.js';

export const SAMPLE_INTERVAL_MS = 5_000;
const RETAIN_MS = 16 * 60_000;
const MAX_SAMPLES = RETAIN_MS / SAMPLE_INTERVAL_MS + 12;
const LATENCY_CAPACITY = 10_000;
export const LATENCY_WINDOW_MS = 60_000;

export interface Sample extends CpuSample {
  /** This process's resident set, bytes. */
  rssBytes: number;
  /** Percent of the host's memory in use. */
  hostMemory: number;
  /** Event-loop delay over the sample's interval, ms. */
  eventLoopP50Ms: number;
  eventLoopP99Ms: number;
  /** Median duration of the requests that ended within the sample's interval; null without any. */
  latencyP50Ms: number | null;
}

interface CpuTimes {
  busy: number;
  total: number;
}

function hostCpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    const all = t.user + t.nice + t.sys + t.irq + t.idle;
    total += all;
    busy += all - t.idle;
  }
  return { busy, total };
}

const clampPercent = (x: number) => Math.min(100, Math.max(0, x));
const nsToMs = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);

export function createMeasurements(deps: { clock: Clock }) {
  const { clock } = deps;
  const cores = Math.max(1, os.cpus().length);
  const samples: Sample[] = [];
  const durations = createDurationRing(LATENCY_CAPACITY);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  // The previous reading: sample deltas are taken from it.
  let lastAt = clock.nowMs();
  let lastWall = process.hrtime.bigint();
  let lastProcess = process.cpuUsage();
  let lastHost = hostCpuTimes();

  return {
    /** Takes a sample now (the engine job calls this every 5 s); returns it. */
    sample(): Sample {
      const at = clock.nowMs();
      const wall = process.hrtime.bigint();
      const proc = process.cpuUsage();
      const host = hostCpuTimes();
      const wallUs = Number(wall - lastWall) / 1000;
      const procUs = proc.user - lastProcess.user + (proc.system - lastProcess.system);
      const hostTotal = host.total - lastHost.total;
      const sample: Sample = {
        from: lastAt,
        at,
        hostCpu: hostTotal > 0 ? clampPercent(((host.busy - lastHost.busy) / hostTotal) * 100) : 0,
        processCpu: wallUs > 0 ? clampPercent((procUs / (wallUs * cores)) * 100) : 0,
        rssBytes: process.memoryUsage.rss(),
        hostMemory: clampPercent(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
        eventLoopP50Ms: nsToMs(loop.percentile(50)),
        eventLoopP99Ms: nsToMs(loop.percentile(99)),
        latencyP50Ms: null,
      };
      const inInterval = durations.within(at, Math.max(at - lastAt, 1));
      sample.latencyP50Ms = inInterval.length > 0 ? percentile(inInterval, 50) : null;
      loop.reset();
      lastAt = at;
      lastWall = wall;
      lastProcess = proc;
      lastHost = host;
      samples.push(sample);
      while (samples.length > MAX_SAMPLES || (samples.length > 0 && samples[0]!.at <= at - RETAIN_MS)) {
        samples.shift();
      }
      return sample;
    },

    /** Every kept sample, oldest first. */
    samples: (): readonly Sample[] => samples,

    /** A request ended after `durationMs` (the onResponse hook). */
    recordRequest(durationMs: number): void {
      durations.add(clock.nowMs(), durationMs);
    },

    /** Latency percentiles (ms) over the last minute's requests, and how many there were. */
    latency() {
      const window = durations.within(clock.nowMs(), LATENCY_WINDOW_MS);
      return {
        p50: percentile(window, 50),
        p95: percentile(window, 95),
        p99: percentile(window, 99),
        requests: window.length,
      };
    },

    /** The event loop's delay since the last sample (ms), for the status between samples. */
    eventLoop() {
      const latest = samples.at(-1);
      const current = { p50: nsToMs(loop.percentile(50)), p99: nsToMs(loop.percentile(99)) };
      return loop.count > 0 || !latest ? current : { p50: latest.eventLoopP50Ms, p99: latest.eventLoopP99Ms };
    },

    cores,

    close(): void {
      loop.disable();
    },
  };
}

export type Measurements = ReturnType<typeof createMeasurements>;
