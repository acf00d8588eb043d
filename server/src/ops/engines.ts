/**
 * The server's engines and their heartbeats: the one way a background loop runs here
 * (`registry.job`), and what GET /api/engines/status reports of each.
 *
 * A job runs its pass every `intervalMs` once started: a pass still going is not started twice, a
 * failing pass is logged (never thrown at the timer) and marks the engine `error` until a pass
 * succeeds, the timer never keeps the process alive, and `stop()` waits for a pass in progress, so
 * nothing touches the database after. Every finished pass is a heartbeat.
 *
 * Engines that are not loops (the market feed, the browser stream) register a probe that says
 * their state when asked.
 *
 * States: `running` (started, and its last pass succeeded or none has finished yet), `error` (its
 * last pass failed), `stopped` (not started: this process does not run it, as in tests), `idle`
 * (a probe's engine with nothing to do now, e.g. the feed while the market is closed).
 * `synchronized`: every running loop beat within two of its intervals (a loop whose passes hang
 * falls out of step).
 */
import type { Clock } from '../clock.js';

type EngineStatus = 'running' | 'idle' | 'stopped' | 'error';

export interface EngineState {
  name: string;
  status: EngineStatus;
  last_heartbeat: Date | null;
  /** The last failure, in a sentence; null when none. */
  error: string | null;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export interface Job {
  start(): void;
  stop(): Promise<void>;
  /** One pass now (tests, and a first pass at start when asked); failures are thrown to the caller. */
  runNow(): Promise<void>;
}

export interface JobOptions {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  log: Log;
  /** Run a first pass as soon as it starts (default false: the first after one interval). */
  runAtStart?: boolean;
  /**
   * A singleton job: with several server processes on one database it runs only on the leader
   * (db/coordination.ts); on the others its timer ticks but passes are skipped (state `idle`).
   */
  leaderOnly?: boolean;
}

interface JobRecord {
  intervalMs: number;
  leaderOnly: boolean;
  started: boolean;
  /** When its timer started (its passes come every `intervalMs` after). */
  startedAt: Date | null;
  lastBeat: Date | null;
  error: string | null;
}

export function createEngineRegistry(clock: Clock) {
  const jobs = new Map<string, JobRecord>();
  // Whether this process leads (runs the singleton jobs); one process alone always does.
  let isLeader: () => boolean = () => true;
  // Singleton jobs that run a pass at start: run one when this process becomes the leader.
  const atLeadership: Array<() => void> = [];
  const probes = new Map<string, () => Omit<EngineState, 'name'>>();

  return {
    /** A periodic loop, registered under its name. */
    job(options: JobOptions): Job {
      const record: JobRecord = {
        intervalMs: options.intervalMs,
        leaderOnly: options.leaderOnly ?? false,
        started: false,
        startedAt: null,
        lastBeat: null,
        error: null,
      };
      jobs.set(options.name, record);
      let timer: NodeJS.Timeout | null = null;
      let running: Promise<void> | null = null;

      const pass = (): Promise<void> => {
        const current = options.run().then(
          () => {
            record.lastBeat = clock.now();
            record.error = null;
          },
          (error: unknown) => {
            record.lastBeat = clock.now();
            record.error = error instanceof Error ? error.message : String(error);
            throw error;
          },
        );
        return current;
      };
      const scheduled = () => {
        if (running) return;
        if (record.leaderOnly && !isLeader()) return;
        running = pass()
          .catch((error: unknown) => options.log.error({ err: error }, `${options.name}: pass failed`))
          .finally(() => {
            running = null;
          });
      };

      if (record.leaderOnly && options.runAtStart) {
        atLeadership.push(() => {
          if (timer) scheduled();
        });
      }

      return {
        start() {
          if (timer) return;
          record.started = true;
          record.startedAt = clock.now();
          timer = setInterval(scheduled, options.intervalMs);
          timer.unref();
          if (options.runAtStart) scheduled();
        },
        async stop() {
          if (timer) clearInterval(timer);
          timer = null;
          record.started = false;
          record.startedAt = null;
          await running;
        },
        runNow: pass,
      };
    },

    /** Who leads: singleton jobs run their timed passes only while this answers true. */
    setLeadership(leads: () => boolean): void {
      isLeader = leads;
    },

    /** This process just became the leader: singleton jobs that run at start run a pass now. */
    becameLeader(): void {
      for (const kick of atLeadership) kick();
    },

    /** An engine that is not a loop: its state when asked. */
    probe(name: string, state: () => Omit<EngineState, 'name'>): void {
      probes.set(name, state);
    },

    /** Every engine, loops first (in registration order), then probes. */
    states(): EngineState[] {
      const loops = [...jobs].map(([name, r]): EngineState => ({
        name,
        status: !r.started ? 'stopped' : r.leaderOnly && !isLeader() ? 'idle' : r.error ? 'error' : 'running',
        last_heartbeat: r.lastBeat,
        error: r.error,
      }));
      return [...loops, ...[...probes].map(([name, state]) => ({ name, ...state() }))];
    },

    /**
     * When a started loop's next timed pass comes (its timer's next tick after now); null when it
     * is not started here, or runs its passes on another process (the leader).
     */
    nextRunAt(name: string): Date | null {
      const r = jobs.get(name);
      if (!r?.started || !r.startedAt || (r.leaderOnly && !isLeader())) return null;
      const since = clock.nowMs() - r.startedAt.getTime();
      return new Date(r.startedAt.getTime() + (Math.floor(since / r.intervalMs) + 1) * r.intervalMs);
    },

    /** Every started loop beat within two intervals (a loop not yet through its first interval counts as in step). */
    synchronized(startedAt: Date): boolean {
      const now = clock.nowMs();
      return [...jobs.values()]
        .filter((r) => r.started && !(r.leaderOnly && !isLeader()))
        .every((r) => now - (r.lastBeat ?? startedAt).getTime() <= 2 * r.intervalMs);
    },
  };
}

export type EngineRegistry = ReturnType<typeof createEngineRegistry>;
