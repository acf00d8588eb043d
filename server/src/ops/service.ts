/** Operations: the server's liveness (version and uptime) and the production scaling status. */
import type { z } from 'zod';
import type { AutoScalingStatus, HealthResponse, ScalingStatus } from '@nivesh/api-contract';
import { createAutoScalingStatus, type AutoScalingDeps } from './autoScaling.js';
import { createScalingStatus, type ScalingDeps } from './scaling.js';
import type { TickStreamingMonitor } from './tickStreaming.js';

export interface OpsService {
  health(): z.output<typeof HealthResponse>;
  /** The paper account's capital phase, its progress and the circuit breakers (scaling.ts). */
  scalingStatus(): Promise<ScalingStatus>;
  /** This instance's load, health, the auto-scaler's rules and decisions (autoScaling.ts). */
  autoScalingStatus(): Promise<AutoScalingStatus>;
  /** The market feed's and browser stream's connections, tick rates and health (tickStreaming.ts). */
  tickStreamingDashboard: TickStreamingMonitor['dashboard'];
  /** A symbol's one-second candles, or the sentence refusing an unknown symbol. */
  tickCandles: TickStreamingMonitor['candles'];
}

export function createOpsService(deps: {
  version: string;
  /** `performance.now()` when the process started. */
  startedAt: number;
  scaling: ScalingDeps;
  autoScaling: AutoScalingDeps;
  tickStreaming: TickStreamingMonitor;
}): OpsService {
  return {
    health: () => ({
      status: 'ok',
      version: deps.version,
      // Seconds, to the hundredth.
      uptime: Math.round((performance.now() - deps.startedAt) / 10) / 100,
    }),
    scalingStatus: createScalingStatus(deps.scaling),
    autoScalingStatus: createAutoScalingStatus(deps.autoScaling),
    tickStreamingDashboard: () => deps.tickStreaming.dashboard(),
    tickCandles: (symbol, seconds) => deps.tickStreaming.candles(symbol, seconds),
  };
}
