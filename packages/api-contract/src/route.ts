/**
 * How an endpoint is written down: method, path, who may call it, and the zod schemas of what goes
 * in and what comes out. The server registers routes from these objects (validating requests and
 * replies with the same schemas) and the api client builds its typed endpoints from them.
 */
import type { z } from 'zod';

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

/** Declares a route, keeping its literal types for inference. */
export function route<const R extends RouteDefinition>(definition: R): R {
  return definition;
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
