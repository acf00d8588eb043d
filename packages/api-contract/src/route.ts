/**
 * How an endpoint is written down: method, path, who may call it, and the zod schemas of what goes
 * in and what comes out. The server registers routes from these objects (validating requests and
 * replies with the same schemas) and the api client builds its typed endpoints from them.
 */
import type { z } from 'zod';

/**
 * PostgreSQL (and PGlite) refuse U+0000 in text, and no form or API has a use for it: every
 * route refuses it in any string, or object key, of its path parameters, query string and body.
 */
export const NUL_IN_TEXT = 'text may not contain the NUL character';
export const NUL_IN_KEY = 'a key may not contain the NUL character';

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

/** Adds an issue, at the field, for every string or object key in `value` that holds U+0000. */
function refuseNul(value: unknown, ctx: z.RefinementCtx): void {
  // Depth-first, in document order, without recursion (a body may nest deeply).
  const stack: Array<{ value: unknown; path: Path }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_IN_TEXT, path });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: [...path, i] });
    } else if (current !== null && typeof current === 'object') {
      const prototype = Object.getPrototypeOf(current) as unknown;
      if (prototype !== Object.prototype && prototype !== null) continue;
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (key.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_IN_KEY, path });
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        if (!key.includes('\u0000')) stack.push({ value: child, path: [...path, key] });
      }
    }
  }
}

/** The same schema (same type, same JSON Schema) that also refuses U+0000 anywhere in what it parsed. */
function withoutNul<S extends z.ZodType>(schema: S): S {
  return schema.superRefine(refuseNul);
}

/**
 * Declares a route, keeping its literal types for inference. Rules every request obeys are added
 * here, once: the NUL character is refused in every string of the path, query and body.
 */
export function route<const R extends RouteDefinition>(definition: R): R {
  return {
    ...definition,
    ...(definition.params ? { params: withoutNul(definition.params) } : {}),
    ...(definition.querystring ? { querystring: withoutNul(definition.querystring) } : {}),
    ...(definition.body ? { body: withoutNul(definition.body) } : {}),
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
