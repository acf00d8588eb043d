/**
 * The remote registry (ARCHITECTURE.md section 3): which release of each page group a browser
 * loads, the releases published for each, canaries, and the failures browsers report.
 *
 * Per remote there is one stable release and at most one canary with a percentage. GET
 * /api/remotes gives each browser one entry per remote: the canary when a stable hash of
 * (client id, remote) falls under the percentage, otherwise stable. The client id is a random id
 * the server gives the browser once, in a cookie signed with a key derived from the server's secret
 * key, so a browser stays on one version across reloads and cannot make up ids.
 *
 * Browsers report loads and failures. A report counts only from a browser holding a client id this
 * server signed, and only for a release that browser was served (stable, or the canary when its
 * bucket is in the canary's share); anything else is not stored. A report without a valid client
 * id is refused (403); a well-formed report that does not count answers 200 with `counted: false`
 * (a canary rolled back or narrowed since the page loaded is ordinary, not an error).
 */
import { z } from 'zod';
import { ApiError, Timestamp, Fraction } from './common';
import { FailureKind, RemoteName, RemotesResponse, RemoteVersion } from './remoteCatalogue';
import { REMOTE_CATALOGUE_PATHS } from './remoteNames';
import { route } from './route';

// The catalogue's schemas (remoteCatalogue.ts) are part of this domain: the main entry exports them
// from here.
export {
  FailureKind,
  ReleaseChannel,
  RemoteEntry,
  RemoteName,
  RemotesResponse,
  RemoteVersion,
} from './remoteCatalogue';

const NameParams = z.object({ name: RemoteName });

export const LoadReport = z.object({ version: RemoteVersion });
export const FailureReport = z.object({
  version: RemoteVersion,
  kind: FailureKind,
  /** The error's message, for the release history (trimmed to 500 characters). */
  message: z.string().max(2000).optional(),
});
export const ReportResponse = z.object({
  success: z.literal(true),
  /**
   * Whether the report was stored and counts: false when it is about a release this browser was
   * not served (not published, no longer stable, a canary outside its share).
   */
  counted: z.boolean(),
  /** True when this report tipped the canary over its failure threshold and it was rolled back. */
  rolled_back: z.boolean(),
});

export const Release = z.object({
  version: RemoteVersion,
  published_at: Timestamp,
  published_by: z.string(),
  exposes: z.array(z.string()),
});
export type Release = z.infer<typeof Release>;

export const RolloutAction = z.enum([
  'publish',
  'stable',
  'canary_start',
  'canary_percent',
  'promote',
  'rollback',
  'auto_rollback',
]);
export type RolloutAction = z.infer<typeof RolloutAction>;

export const RolloutEvent = z.object({
  at: Timestamp,
  actor: z.string(),
  action: RolloutAction,
  version: z.nullable(RemoteVersion),
  previous_version: z.nullable(RemoteVersion),
  percent: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type RolloutEvent = z.infer<typeof RolloutEvent>;

/**
 * Loads and failures browsers reported for a release within the policy's window, by distinct
 * browser, counting at most the policy's `browsers_per_address` browsers from one address.
 */
export const LoadStats = z.object({
  loads: z.number().int(),
  failures: z.number().int(),
  /** failures / loads, 0 when nothing loaded yet. */
  failure_rate: Fraction,
});
export type LoadStats = z.infer<typeof LoadStats>;

export const RemoteReleases = z.object({
  name: RemoteName,
  stable: Release.extend({ stats: LoadStats }).nullable(),
  canary: Release.extend({ percent: z.number().int(), started_at: Timestamp, stats: LoadStats }).nullable(),
  /** Every published release, newest first. */
  releases: z.array(Release),
  /** Rollout history, newest first (the latest 50). */
  history: z.array(RolloutEvent),
});
export type RemoteReleases = z.infer<typeof RemoteReleases>;

/**
 * When the registry rolls a canary back by itself: at least `min_loads` browsers loaded it, and its
 * failure rate is more than `max_failure_rate` above the stable release's over the same window (so a
 * broken network, which fails stable as much, does not roll back a good canary).
 */
export const AutoRollbackPolicy = z.object({
  /** Roll back when the canary's failure rate exceeds stable's by more than this (0.2: 20 points). */
  max_failure_rate: Fraction,
  /** ... and at least this many browsers loaded the canary. */
  min_loads: z.number().int(),
  /** Only reports of the last this many minutes count. */
  window_minutes: z.number().int(),
  /** Browsers reporting from one address count as at most this many (loads and failures each). */
  browsers_per_address: z.number().int(),
});
export type AutoRollbackPolicy = z.infer<typeof AutoRollbackPolicy>;

export const ReleasesResponse = z.object({
  success: z.literal(true),
  data: z.object({ remotes: z.array(RemoteReleases), policy: AutoRollbackPolicy }),
});

export const RolloutPercent = z
  .number({ error: 'percent must be a number from 0 to 100' })
  .int('percent must be a whole number')
  .min(0, 'percent must be at least 0')
  .max(100, 'percent must be at most 100');

export const ChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: RemoteReleases,
});

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError } as const;

export const remotesRoutes = {
  list: route({
    method: 'GET',
    path: REMOTE_CATALOGUE_PATHS.list,
    access: 'public',
    tag: 'remotes',
    summary: 'The release of each remote this browser should load (stable, or canary by percentage)',
    // The catalogue's own schema, as the classic type a route takes (same fields, same parsing).
    responses: { 200: z.object(RemotesResponse.shape) },
  }),
  reportLoad: route({
    method: 'POST',
    path: REMOTE_CATALOGUE_PATHS.reportLoad,
    access: 'public',
    tag: 'remotes',
    summary: 'A browser loaded a release of a remote (counts towards its failure rate)',
    params: NameParams,
    body: LoadReport,
    responses: { 200: ReportResponse, 400: ApiError, 403: ApiError, 429: ApiError },
  }),
  reportFailure: route({
    method: 'POST',
    path: REMOTE_CATALOGUE_PATHS.reportFailure,
    access: 'public',
    tag: 'remotes',
    summary: 'A release of a remote failed to load or render in a browser (may roll a canary back)',
    params: NameParams,
    body: FailureReport,
    responses: { 200: ReportResponse, 400: ApiError, 403: ApiError, 429: ApiError },
  }),
  releases: route({
    method: 'GET',
    path: '/api/remotes/releases',
    access: 'session',
    tag: 'remotes',
    summary: 'Every remote: stable and canary releases, their load statistics, releases and history',
    responses: { 200: ReleasesResponse, 401: ApiError },
    // The Releases tab follows a canary's failures and automatic rollbacks as they happen.
    client: { pollingIntervalMs: 30_000 },
  }),
  publish: route({
    method: 'POST',
    path: '/api/remotes/:name/releases',
    access: 'session',
    tag: 'remotes',
    summary: 'Record a release whose files are in the remote store (`pnpm release publish` copies them)',
    params: NameParams,
    body: z.object({ version: RemoteVersion }),
    responses: { 200: ChangeResponse, ...errors },
  }),
  startCanary: route({
    method: 'POST',
    path: '/api/remotes/:name/canary',
    access: 'session',
    tag: 'remotes',
    summary: 'Start a canary: a published release for a percentage of browsers',
    params: NameParams,
    body: z.object({ version: RemoteVersion, percent: RolloutPercent }),
    responses: { 200: ChangeResponse, ...errors },
  }),
  setCanaryPercent: route({
    method: 'POST',
    path: '/api/remotes/:name/canary/percent',
    access: 'session',
    tag: 'remotes',
    summary: "Change the canary's percentage",
    params: NameParams,
    body: z.object({ percent: RolloutPercent }),
    responses: { 200: ChangeResponse, ...errors },
  }),
  promote: route({
    method: 'POST',
    path: '/api/remotes/:name/promote',
    access: 'session',
    tag: 'remotes',
    summary:
      'Make the canary the stable release; with `version` and no canary, make that published release stable directly',
    params: NameParams,
    body: z.object({ version: z.optional(RemoteVersion) }).nullish(),
    responses: { 200: ChangeResponse, ...errors },
  }),
  rollback: route({
    method: 'POST',
    path: '/api/remotes/:name/rollback',
    access: 'session',
    tag: 'remotes',
    summary: 'Drop the canary; without a canary, return stable to the previous release (or to `version`)',
    params: NameParams,
    body: z.object({ version: z.optional(RemoteVersion) }).nullish(),
    responses: { 200: ChangeResponse, ...errors },
  }),
} as const;
