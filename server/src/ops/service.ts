/** Operations: the server's liveness (version and uptime) and the production scaling status. */
import type { z } from 'zod';
import type { HealthResponse, ScalingStatus } from '@nivesh/api-contract';
import { createScalingStatus, type ScalingDeps } from './scaling.js';

export interface OpsService {
  health(): z.output<typeof HealthResponse>;
  /** The paper account's capital phase, its progress and the circuit breakers (scaling.ts). */
  scalingStatus(): Promise<ScalingStatus>;
}

export function createOpsService(deps: {
  version: string;
  /** `performance.now()` when the process started. */
  startedAt: number;
  scaling: ScalingDeps;
}): OpsService {
  return {
    health: () => ({
      status: 'ok',
      version: deps.version,
      // Seconds, to the hundredth.
      uptime: Math.round((performance.now() - deps.startedAt) / 10) / 100,
    }),
    scalingStatus: createScalingStatus(deps.scaling),
  };
}
