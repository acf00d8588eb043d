/** Health and operations monitors. */
import { z } from 'zod';
import { route } from './route';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** Seconds since the server process started. */
  uptime: z.number(),
});

export const opsRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tag: 'ops',
    summary: 'Liveness: server version and uptime',
    responses: { 200: HealthResponse },
  }),
} as const;
