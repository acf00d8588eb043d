/**
 * The broker (Upstox): access token status and update, connection status, OAuth connect and API
 * credentials (specification part 1 sections 3 and 7, part 2 sections 2-5, 7-9; DOMAIN.md).
 * The path's first segment names the broker; Upstox is the only one.
 */
import { z } from 'zod';
import { ApiError, Timestamp, Measure } from './common';
import { route } from './route';
import { TradingMode } from './trading';

export const BrokerName = z.enum(['upstox']);
export type BrokerName = z.infer<typeof BrokerName>;
const BrokerParams = z.object({ broker: BrokerName });

/**
 * The access token's state, decoded from the JWT's own `exp`: missing (none stored), invalid (not
 * three dot-separated parts, undecodable, claims out of range, e.g. an `exp` that is not whole
 * seconds between 2020 and 2100 or is over 72 hours away, or refused by Upstox), expired, expiring
 * (under 2 hours left), valid.
 */
export const TokenState = z.enum(['missing', 'invalid', 'expired', 'expiring', 'valid']);
export type TokenState = z.infer<typeof TokenState>;

/** Under this many hours left, a token is "expiring" (specification part 2, section 9). */
export const TOKEN_EXPIRING_HOURS = 2;
/** Under this many hours left, the dashboard shows the warning colour (part 1, section 9). */
export const TOKEN_WARNING_HOURS = 3;

export const TokenStatus = z.object({
  success: z.literal(true),
  broker: BrokerName,
  state: TokenState,
  is_expired: z.boolean(),
  /** Hours until expiry (negative once expired); null without a decodable token. */
  hours_remaining: Measure.nullable(),
  expires_at: Timestamp.nullable(),
  updated_at: Timestamp.nullable(),
  message: z.string(),
});
export type TokenStatus = z.infer<typeof TokenStatus>;

export const TokenUpdateRequest = z.object({
  client_id: z.string().trim().max(200).optional(),
  access_token: z.string().trim().min(1, 'Please paste your access token').max(4096),
});

export const TokenUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  status: TokenStatus,
});

export const BrokerStatus = z.object({
  success: z.literal(true),
  broker: BrokerName,
  connected: z.boolean(),
  mode: TradingMode,
  has_positions: z.boolean(),
  last_sync: Timestamp.nullable(),
  message: z.string(),
  /** Where to sign in to the broker when not connected. */
  auth_url: z.string().nullable(),
});
export type BrokerStatus = z.infer<typeof BrokerStatus>;

export const ConnectResponse = z.object({
  success: z.literal(true),
  auth_url: z.string(),
  message: z.string(),
});

/** How many leading characters of the API key are ever shown (specification: "masked to 8 characters"). */
export const API_KEY_SHOWN_CHARS = 8;

/**
 * The API key masked: its first 8 characters (half of a shorter key), then `hidden`. The server
 * answers with `****`; the Settings page shows the same rule with `••••••••` (masking an already
 * masked key keeps the same characters shown).
 */
export function maskApiKey(apiKey: string, hidden = '****'): string {
  const shown = apiKey.length > API_KEY_SHOWN_CHARS ? API_KEY_SHOWN_CHARS : Math.floor(apiKey.length / 2);
  return `${apiKey.slice(0, shown)}${hidden}`;
}

/** Stored credentials as the server shows them: the key masked with maskApiKey, secrets never. */
export const BrokerCredentials = z.object({
  api_key: z.string().nullable(),
  api_secret_set: z.boolean(),
  access_token_set: z.boolean(),
  redirect_uri: z.string().nullable(),
});
export type BrokerCredentials = z.infer<typeof BrokerCredentials>;

export const REDIRECT_URI_RULE =
  'redirect_uri must be an absolute http:// or https:// URL (the address Upstox sends the browser back to after sign-in)';

/**
 * Where Upstox sends the browser back after sign-in: an absolute http: or https: URL with a host,
 * no spaces or control characters (never javascript:, data:, a relative path, ...).
 */
export const RedirectUri = z
  .string()
  .trim()
  .max(2000, 'redirect_uri must be at most 2000 characters')
  .refine(
    (uri) =>
      !/\s/.test(uri) &&
      ![...uri].some((c) => {
        const code = c.codePointAt(0) ?? 0;
        return code < 0x20 || code === 0x7f;
      }),
    REDIRECT_URI_RULE,
  )
  .pipe(z.url({ protocol: /^https?$/, hostname: /^.+$/, error: REDIRECT_URI_RULE }));

export const CredentialsRequest = z.object({
  api_key: z.string().trim().min(1, 'API key is required').max(200),
  /** Omitted: keep the stored secret. */
  api_secret: z.string().trim().min(1).max(200).optional(),
  access_token: z.string().trim().min(1).max(4096).optional(),
  redirect_uri: RedirectUri.optional(),
});

/**
 * Where Upstox sends the browser after sign-in (the redirect URI registered with the Upstox app is
 * `<this server>/api/upstox/callback`). `state` is the one-time value `connect` issued; `error`
 * comes instead of `code` when the operator declined.
 */
export const OAuthCallbackQuery = z.object({
  code: z.string().trim().min(1).max(1024).optional(),
  state: z.string().trim().min(1).max(256).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const brokerRoutes = {
  tokenStatus: route({
    method: 'GET',
    path: '/api/:broker/token/status',
    access: 'session',
    tag: 'broker',
    summary: "The broker access token's expiry, from the token itself",
    params: BrokerParams,
    responses: { 200: TokenStatus, ...errors },
    client: { pollingIntervalMs: 60_000 },
  }),
  tokenUpdate: route({
    method: 'POST',
    path: '/api/:broker/token/update',
    access: 'session',
    tag: 'broker',
    summary: 'Store a new broker access token',
    params: BrokerParams,
    body: TokenUpdateRequest,
    responses: { 200: TokenUpdateResponse, ...errors },
  }),
  status: route({
    method: 'GET',
    path: '/api/:broker/status',
    access: 'session',
    tag: 'broker',
    summary: 'Whether the broker is connected, and the sign-in URL when it is not',
    params: BrokerParams,
    responses: { 200: BrokerStatus, ...errors },
  }),
  connect: route({
    method: 'POST',
    path: '/api/:broker/connect',
    access: 'session',
    tag: 'broker',
    summary: "Start the broker's OAuth sign-in: the URL to open in a new tab",
    params: BrokerParams,
    responses: { 200: ConnectResponse, ...errors },
  }),
  getCredentials: route({
    method: 'GET',
    path: '/api/:broker/credentials',
    access: 'session',
    tag: 'broker',
    summary: 'The stored API credentials (masked)',
    params: BrokerParams,
    responses: { 200: z.object({ success: z.literal(true), credentials: BrokerCredentials }), ...errors },
  }),
  callback: route({
    method: 'GET',
    path: '/api/:broker/callback',
    // Public: the browser arrives here from the broker's sign-in page, without a session header.
    // The one-time `state` is what authorises it.
    access: 'public',
    tag: 'broker',
    summary:
      'OAuth redirect from the broker: exchanges the code once and stores the access token (HTML page)',
    params: BrokerParams,
    querystring: OAuthCallbackQuery,
    responses: { 200: z.string(), 400: ApiError, 502: ApiError, 503: ApiError },
  }),
  saveCredentials: route({
    method: 'POST',
    path: '/api/:broker/credentials',
    access: 'session',
    tag: 'broker',
    summary: 'Store API credentials (the secret is encrypted at rest)',
    params: BrokerParams,
    body: CredentialsRequest,
    responses: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
  }),
} as const;
