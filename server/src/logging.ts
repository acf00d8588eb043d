/**
 * The server's logger options, one set for every logger it makes (main.ts, buildApp's default, the
 * tests' app): no log line carries a secret.
 *
 * - Fields are redacted by name (SECRET_FIELDS), at the top of a log object and nested up to
 *   REDACT_DEPTH levels below it (pino's `redact`): passwords, tokens, API keys and secrets,
 *   Authorization and Cookie headers, and a database error's bound parameters.
 * - A logged URL (`url`) keeps its path; the values of its query parameters named in
 *   SECRET_FIELDS, and the OAuth sign-in's one-time `code` and `state`, are redacted.
 * - A logged error (`err`) whose chain holds a database error keeps the SQL text, the SQLSTATE code
 *   and the names of the constraint, table and column, never the values: drizzle's "Failed query"
 *   message quotes every bound parameter (a key being saved, say), and PostgreSQL's message, detail
 *   and context quote the offending value. The message loses its parameters, PostgreSQL's message
 *   its quoted text, and the detail, context and hint are dropped.
 */
import pino, { type LoggerOptions } from 'pino';

/** Field names whose values are secrets, wherever a log object holds them. */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'current_password',
  'temp_token',
  'token',
  'access_token',
  'accessToken',
  'refresh_token',
  'session_token',
  'api_key',
  'apiKey',
  'api_secret',
  'apiSecret',
  'secret',
  'client_secret',
  'clientSecret',
  'bot_token',
  'botToken',
  'authorization',
  'cookie',
  // A database error's bound parameters (drizzle's DrizzleQueryError.params).
  'params',
] as const;

/** What a redacted value reads in the log. */
export const REDACTED = '[redacted]';

/** How far below the top of a log object a field is still found by name (`req.headers.authorization` is 2). */
const REDACT_DEPTH = 4;

/** Query parameters of a logged URL that carry a one-time secret besides SECRET_FIELDS. */
const SECRET_QUERY_PARAMETERS = new Set<string>([...SECRET_FIELDS, 'code', 'state']);

/** Fields of a PostgreSQL error that name what failed: its SQLSTATE code and the schema's names. */
const DATABASE_NAME_FIELDS = ['code', 'severity', 'constraint', 'table', 'column'] as const;

/** Fields of a PostgreSQL error that quote the values of the statement. */
const DATABASE_VALUE_FIELDS = ['params', 'detail', 'where', 'hint', 'internalQuery'] as const;

function redactPaths(): string[] {
  const paths: string[] = [];
  for (let depth = 0; depth <= REDACT_DEPTH; depth += 1) {
    for (const name of SECRET_FIELDS) paths.push(`${'*.'.repeat(depth)}${name}`);
  }
  return paths;
}

/** A URL (or path with a query) with the values of its secret query parameters redacted. */
function redactUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // Kept as sent: a name that is not valid percent-encoding is no secret's name.
      }
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** A PostgreSQL (or PGlite) error: a SQLSTATE code and a severity. */
function isDatabaseServerError(error: Error): error is Error & { code: string; severity: string } {
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** drizzle's DrizzleQueryError: the statement's text and its bound parameters. */
function isFailedQuery(error: Error): error is Error & { query: string; params: unknown[] } {
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  return typeof query === 'string' && Array.isArray(params);
}

/** What a database error's message becomes in the log, or null when it is no database error. */
function safeMessage(error: Error): string | null {
  // PostgreSQL quotes the offending value ('invalid input syntax for type integer: "…"'). PGlite's
  // errors carry the query and parameters too: their message is PostgreSQL's.
  if (isDatabaseServerError(error)) return error.message.replace(/"[^"]*"/g, '"…"');
  if (isFailedQuery(error)) return `Failed query: ${error.query}`;
  return null;
}

/** The error and its causes, outermost first. */
function chainOf(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** pino's error serializer, with what a database error quotes of its values taken out. */
function serializeError(value: unknown): unknown {
  // Only the message of an error was logged: drizzle's lists the parameters after "params:".
  if (typeof value === 'string') return value.replace(/\nparams: [\s\S]*$/, '');
  if (!(value instanceof Error)) return pino.stdSerializers.err(value as Error);
  const serialized = pino.stdSerializers.err(value) as unknown as Record<string, unknown> & {
    message: string;
    stack: string;
  };
  let scrubbed = false;
  for (const error of chainOf(value)) {
    const safe = safeMessage(error);
    if (safe === null) continue;
    scrubbed = true;
    if (isDatabaseServerError(error)) {
      // What names the failure without quoting a value, from wherever in the chain PostgreSQL's error is.
      for (const field of DATABASE_NAME_FIELDS) {
        const name = (error as unknown as Record<string, unknown>)[field];
        if (serialized[field] === undefined && typeof name === 'string') serialized[field] = name;
      }
    }
    if (error.message === safe) continue;
    serialized.message = serialized.message.replaceAll(error.message, safe);
    serialized.stack = serialized.stack.replaceAll(error.message, safe);
  }
  if (scrubbed) for (const field of DATABASE_VALUE_FIELDS) delete serialized[field];
  return serialized;
}

/** The options of every logger the server makes. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: { err: serializeError, url: redactUrl },
  };
}
