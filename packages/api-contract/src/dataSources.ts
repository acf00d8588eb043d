/**
 * Data sources (specification part 2: Settings, Data Sources tab; sections 3, 4, 5, 7 and 8):
 * the built-in feeds and the operator's custom APIs, with their connection status.
 */
import { z } from 'zod';
import { ApiError, Timestamp, Measure } from './common';
import { route } from './route';

export const DATA_SOURCE_TYPES = [
  'Market Data API',
  'Economic Data Feed',
  'News RSS Feed',
  'Trading Signals',
  'Custom API',
] as const;
export const DataSourceType = z.enum(DATA_SOURCE_TYPES);
export type DataSourceType = z.infer<typeof DataSourceType>;

/**
 * connected: answered its last check; disconnected: failed it; disabled: switched off;
 * available: built in and ready, not switched on yet; pending: added, not checked yet;
 * validating: a check is running.
 */
export const DataSourceStatus = z.enum([
  'connected',
  'disconnected',
  'disabled',
  'available',
  'pending',
  'validating',
]);
export type DataSourceStatus = z.infer<typeof DataSourceStatus>;

/** A data source as the server lists it. An API key is never sent back, only whether one is needed. */
export const DataSourceEntry = z.object({
  id: z.string(),
  name: z.string(),
  type: DataSourceType,
  description: z.string(),
  endpoint: z.string(),
  enabled: z.boolean(),
  status: DataSourceStatus,
  /** Added by the operator (editable), as opposed to built in (switchable). */
  custom: z.boolean(),
  api_key_required: z.boolean(),
  /** The provider's documentation or console, opened in a new tab. */
  external_url: z.string().nullable(),
  /** When the source last answered a check; null if never. */
  last_updated: Timestamp.nullable(),
  /** Round-trip time of the last successful check, milliseconds; null if not measured. */
  latency: Measure.nonnegative().nullable(),
});
export type DataSourceEntry = z.infer<typeof DataSourceEntry>;

/** What the Add (and Edit) Data Source form sends. */
export const NewDataSource = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  endpoint: z
    .url({ protocol: /^https?$/, error: 'Endpoint must be an http(s) URL (https://...)' })
    .max(2000, 'Endpoint must be at most 2000 characters'),
  type: DataSourceType,
  description: z.string().trim().max(500).default(''),
  /**
   * Sent once and stored encrypted; on edit, omitted keeps the stored key. The server sends it to
   * the endpoint as `Authorization: Bearer <key>`.
   */
  apiKey: z.string().trim().min(1).max(500).optional(),
  /**
   * Extra request headers the server sends to the endpoint (at most 20; no hop-by-hop, Host,
   * Content-Length or credential headers: the key goes in apiKey). On add, omitted is none; on
   * edit, omitted keeps the stored ones.
   */
  headers: z.record(z.string(), z.string()).optional(),
  enabled: z.boolean().default(true),
});
export type NewDataSource = z.input<typeof NewDataSource>;

export const DataSourceListResponse = z.object({
  success: z.literal(true),
  sources: z.array(DataSourceEntry),
});

/** What Test & Validate sends: the form, and on edit the source's id (its stored key and headers are used when omitted). */
export const DataSourceCheck = NewDataSource.extend({ id: z.string().min(1).max(100).optional() });

export const ValidationResult = z.object({
  valid: z.boolean(),
  /** Why the endpoint failed the check (shown as 'Validation failed: {error}'). */
  error: z.string().optional(),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

/** Shown for a source whose check answered in under 100 ms (the specification's text). */
export const FAST_LATENCY_LABEL = '< 100ms';

const SourceParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const dataSourcesRoutes = {
  list: route({
    method: 'GET',
    path: '/api/data-sources',
    access: 'session',
    tag: 'data-sources',
    summary: 'Every data source with its status',
    responses: { 200: DataSourceListResponse, ...errors },
  }),
  toggle: route({
    method: 'POST',
    path: '/api/data-sources/:id/toggle',
    access: 'session',
    tag: 'data-sources',
    summary: 'Switch a source on or off (a switched-off news feed is not read)',
    params: SourceParams,
    body: z.object({ enabled: z.boolean() }),
    responses: { 200: z.object({ success: z.literal(true), message: z.string() }), 404: ApiError, ...errors },
  }),
  validate: route({
    method: 'POST',
    path: '/api/data-sources/validate',
    access: 'session',
    tag: 'data-sources',
    summary: 'Check from the server that an endpoint answers 2xx in time (nothing is stored)',
    body: DataSourceCheck,
    responses: { 200: ValidationResult, ...errors },
  }),
  add: route({
    method: 'POST',
    path: '/api/data-sources/add',
    access: 'session',
    tag: 'data-sources',
    summary: 'Add a custom data source; answers the created source',
    body: NewDataSource,
    responses: { 200: DataSourceEntry, 409: ApiError, ...errors },
  }),
  update: route({
    method: 'POST',
    path: '/api/data-sources/:id/update',
    access: 'session',
    tag: 'data-sources',
    summary: 'Edit a custom data source; answers the updated source',
    params: SourceParams,
    body: NewDataSource,
    responses: { 200: DataSourceEntry, 404: ApiError, 409: ApiError, ...errors },
  }),
  /**
   * Check one source now. The original fetched the source's endpoint directly from the browser;
   * our Content-Security-Policy allows only our own origin, and a browser call would expose the
   * source's API key, so the server makes the check and answers the source with its fresh status,
   * last_updated and latency.
   */
  refresh: route({
    method: 'POST',
    path: '/api/data-sources/:id/refresh',
    access: 'session',
    tag: 'data-sources',
    summary:
      "Check one source's endpoint from the server; answers the source with fresh status (400 when switched off)",
    params: SourceParams,
    responses: { 200: DataSourceEntry, 404: ApiError, ...errors },
  }),
} as const;
