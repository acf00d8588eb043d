import { restartServer, type RestartProgress, type RestartSteps } from './serverRestart';

/** A fake clock the procedure's waits advance. */
function steps(overrides: Partial<RestartSteps>) {
  let now = 1_000_000;
  const waits: number[] = [];
  const progress: RestartProgress[] = [];
  const base: RestartSteps = {
    restart: async () => ({ ok: true, message: 'Restart scheduled.' }),
    fallbackRestart: jest.fn(async () => ({ ok: true as const, message: 'Fallback restart scheduled.' })),
    probe: async () => null,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    now: () => now,
    onProgress: (p) => progress.push(p),
  };
  return { all: { ...base, ...overrides }, waits, progress, elapsed: () => now - 1_000_000 };
}

describe('restartServer', () => {
  it('checks health every 2 s and reports the restart once a fresh process answers', async () => {
    let probes = 0;
    const { all, waits, elapsed } = steps({
      probe: async () => {
        probes += 1;
        if (probes < 3) return null; // down while restarting
        return { status: 'ok', version: '1.4.0', uptime: 1.5 };
      },
    });
    const result = await restartServer(all);
    expect(result).toEqual({ phase: 'restarted', attempts: 3, version: '1.4.0', uptime: 1.5 });
    expect(waits).toEqual([2000, 2000, 2000]);
    expect(elapsed()).toBe(6000);
    expect(all.fallbackRestart).not.toHaveBeenCalled();
  });

  it('does not take the old process, still answering, for a restarted one', async () => {
    let probes = 0;
    const { all } = steps({
      probe: async () => {
        probes += 1;
        return probes === 1
          ? { status: 'ok', version: '1.4.0', uptime: 86_400 }
          : { status: 'ok', version: '1.4.0', uptime: 2 };
      },
    });
    const result = await restartServer(all);
    expect(result).toMatchObject({ phase: 'restarted', attempts: 2 });
  });

  it('gives up after 20 checks', async () => {
    const { all, waits, progress } = steps({});
    const result = await restartServer(all);
    expect(result).toEqual({ phase: 'timed-out', attempts: 20 });
    expect(waits).toHaveLength(20);
    expect(waits.every((ms) => ms === 2000)).toBe(true);
    expect(
      progress.filter((p) => p.phase === 'waiting').map((p) => (p.phase === 'waiting' ? p.attempt : 0)),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('falls back to the admin restart when the restart fails, and reports when both fail', async () => {
    const fallback = steps({
      restart: async () => ({ ok: false, error: 'Supervisor not running' }),
      probe: async () => ({ status: 'ok', version: '1.4.0', uptime: 1 }),
    });
    expect(await restartServer(fallback.all)).toMatchObject({ phase: 'restarted' });
    expect(fallback.all.fallbackRestart).toHaveBeenCalledTimes(1);
    expect(fallback.progress[1]).toEqual({
      phase: 'requesting',
      via: 'admin',
      previousError: 'Supervisor not running',
    });

    const both = steps({
      restart: async () => ({ ok: false, error: 'Supervisor not running' }),
      fallbackRestart: async () => ({ ok: false, error: 'Not permitted' }),
    });
    expect(await restartServer(both.all)).toEqual({ phase: 'failed', error: 'Not permitted' });
    expect(both.waits).toHaveLength(0);
  });

  it('stops when cancelled', async () => {
    let cancelled = false;
    const { all, waits } = steps({
      probe: async () => {
        cancelled = true;
        return null;
      },
      cancelled: () => cancelled,
    });
    await restartServer(all);
    expect(waits).toHaveLength(1);
  });
});
