/**
 * How an endpoint is written down: method, path, who may call it, and the zod schemas of what goes
 * in and what comes out. The server registers routes from these objects (validating requests and
 * replies with the same schemas) and the api client builds its typed endpoints from them.
 */
import type { z } from 'zod';

/**
 * Text PostgreSQL (and PGlite) cannot store, and no form or API has a use for: U+0000, and a lone
 * UTF-16 surrogate (half of a character, which JSON's `\ud800` escape can carry but no UTF-8 text
 * holds; PostgreSQL refuses it in JSON and other drivers replace it silently). Every route refuses
 * both in any string, or object key, of its path parameters, query string and body.
 */
export const NUL_IN_TEXT = 'text may not contain the NUL character';
export const NUL_IN_KEY = 'a key may not contain the NUL character';
export const SURROGATE_IN_TEXT =
  'text may not contain a lone UTF-16 surrogate (half of a character, such as \\ud800)';
export const SURROGATE_IN_KEY =
  'a key may not contain a lone UTF-16 surrogate (half of a character, such as \\ud800)';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored (as a value, or as an object key), or null when it can. */
function unstorable(text: string, asKey: boolean): string | null {
  if (text.includes('\u0000')) return asKey ? NUL_IN_KEY : NUL_IN_TEXT;
  if (LONE_SURROGATE.test(text)) return asKey ? SURROGATE_IN_KEY : SURROGATE_IN_TEXT;
  return null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `public`: anyone; `session`: a valid Bearer session token is required (401 otherwise). */
export type Access = 'public' | 'session';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503;

export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify-style path, `:name` for a path parameter. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType;
  /** 200 is the answer a caller uses; the others document error bodies. */
  responses: { 200: z.ZodType } & Partial<Record<ErrorStatus, z.ZodType>>;
  /** Client-side behaviour the specification fixes for this call. */
  client?: {
    /** Abort the request after this many milliseconds. */
    timeoutMs?: number;
    /** Re-fetch this often while a page shows the data. */
    pollingIntervalMs?: number;
  };
}

type Path = Array<string | number>;

/**
 * Adds an issue, at the field, for every string or object key in `value` that holds U+0000 or a
 * lone surrogate.
 */
function refuseUnstorable(value: unknown, ctx: z.RefinementCtx): void {
  // Depth-first, in document order, without recursion (a body may nest deeply).
  const stack: Array<{ value: unknown; path: Path }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const why = unstorable(current, false);
      if (why !== null) ctx.addIssue({ code: 'custom', message: why, path });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: [...path, i] });
    } else if (current !== null && typeof current === 'object') {
      const prototype = Object.getPrototypeOf(current) as unknown;
      if (prototype !== Object.prototype && prototype !== null) continue;
      const entries = Object.entries(current);
      const keyProblems = entries.map(([key]) => unstorable(key, true));
      for (const why of keyProblems) {
        if (why !== null) ctx.addIssue({ code: 'custom', message: why, path });
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        if (keyProblems[i] === null) stack.push({ value: child, path: [...path, key] });
      }
    }
  }
}

/**
 * The same schema (same type, same JSON Schema) that also refuses U+0000 and lone surrogates
 * anywhere in what it parsed.
 */
function storableOnly<S extends z.ZodType>(schema: S): S {
  return schema.superRefine(refuseUnstorable);
}

/**
 * Declares a route, keeping its literal types for inference. Rules every request obeys are added
 * here, once: the NUL character and lone surrogates are refused in every string of the path, query
 * and body.
 */
export function route<const R extends RouteDefinition>(definition: R): R {
  return {
    ...definition,
    ...(definition.params ? { params: storableOnly(definition.params) } : {}),
    ...(definition.querystring ? { querystring: storableOnly(definition.querystring) } : {}),
    ...(definition.body ? { body: storableOnly(definition.body) } : {}),
  };
}

export type ResponseOf<R extends RouteDefinition> = z.output<R['responses'][200]>;
export type BodyOf<R extends RouteDefinition> = R['body'] extends z.ZodType ? z.input<R['body']> : void;
export type ParamsOf<R extends RouteDefinition> = R['params'] extends z.ZodObject
  ? z.input<R['params']>
  : undefined;
export type QueryOf<R extends RouteDefinition> = R['querystring'] extends z.ZodObject
  ? z.input<R['querystring']>
  : undefined;

/** Fills `:name` segments of a route path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
