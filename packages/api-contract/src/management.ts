/**
 * Server management from the research page's diagnostics (specification part 1, sections 4 and 7):
 * the main server process's status, and a restart with a fallback route.
 */
import { z } from 'zod';
import { ApiError, Timestamp, Seconds } from './common';
import { route } from './route';

export const ServerStatus = z.object({
  success: z.literal(true),
  /** The supervised main server process answers its own health check. */
  main_server_healthy: z.boolean(),
  /** Process id of the main server; null while it is not running. */
  main_server_pid: z.number().int().positive().nullable(),
  /** Seconds since the main server process started; null while it is not running. */
  uptime: Seconds.nonnegative().nullable(),
  version: z.string(),
  started_at: Timestamp.nullable(),
});
export type ServerStatus = z.infer<typeof ServerStatus>;

/**
 * A restart request's answer. `success: false` (with `error`) when the server refused or could not
 * start a restart; the client then tries the fallback route.
 */
export const RestartResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().optional(),
});
export type RestartResponse = z.infer<typeof RestartResponse>;

/** After a restart request, health is polled every 2 s, at most 20 times, each with a 3 s time-out (part 1, section 9). */
export const RESTART_POLL_INTERVAL_MS = 2_000;
export const RESTART_POLL_MAX_ATTEMPTS = 20;
export const RESTART_HEALTH_TIMEOUT_MS = 3_000;

const errors = { 401: ApiError, 500: ApiError, 503: ApiError } as const;

export const managementRoutes = {
  serverStatus: route({
    method: 'GET',
    path: '/api/management/server/status',
    access: 'session',
    tag: 'ops',
    summary: "The main server process's health, pid, uptime and version",
    responses: { 200: ServerStatus, ...errors },
  }),
  restartServer: route({
    method: 'POST',
    path: '/api/management/server/restart',
    access: 'session',
    tag: 'ops',
    summary: 'Restart the main server process (answers before it goes down)',
    responses: { 200: RestartResponse, 429: ApiError, ...errors },
  }),
  adminRestart: route({
    method: 'POST',
    path: '/api/admin/restart',
    access: 'session',
    tag: 'ops',
    summary: 'Fallback restart, used when the management restart fails',
    responses: { 200: RestartResponse, 429: ApiError, ...errors },
  }),
} as const;
