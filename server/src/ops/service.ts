/** Operations: the server's liveness (version and uptime). */
import type { z } from 'zod';
import type { HealthResponse } from '@nivesh/api-contract';

export interface OpsService {
  health(): z.output<typeof HealthResponse>;
}

export function createOpsService(deps: {
  version: string;
  /** `performance.now()` when the process started. */
  startedAt: number;
}): OpsService {
  return {
    health: () => ({
      status: 'ok',
      version: deps.version,
      // Seconds, to the hundredth.
      uptime: Math.round((performance.now() - deps.startedAt) / 10) / 100,
    }),
  };
}
