import { remotesRoutes } from './remotes';

describe('remotes routes', () => {
  it('polls the releases list every 30 seconds, and nothing else', () => {
    expect(remotesRoutes.releases.client).toEqual({ pollingIntervalMs: 30_000 });
    for (const [name, route] of Object.entries(remotesRoutes)) {
      if (name !== 'releases') expect('client' in route).toBe(false);
    }
  });

  it('takes a canary percentage as a whole number from 0 to 100', () => {
    const body = remotesRoutes.setCanaryPercent.body;
    expect(body.safeParse({ percent: 0 }).success).toBe(true);
    expect(body.safeParse({ percent: 100 }).success).toBe(true);
    expect(body.safeParse({ percent: 101 }).success).toBe(false);
    expect(body.safeParse({ percent: 12.5 }).success).toBe(false);
  });
});
