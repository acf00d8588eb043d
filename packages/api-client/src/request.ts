/**
 * Endpoints from contract routes: `fromRoute` gives an endpoint its request (path, method, params,
 * query, body, time-out) and its answer schema, typed by the route; `polledQueryHook` gives a query
 * the polling the specification sets for the route a screen shows.
 */
import type { BaseEndpointDefinition, FetchArgs } from '@reduxjs/toolkit/query';
import type { TypedUseQuery, TypedUseQueryHookResult } from '@reduxjs/toolkit/query/react';
import {
  fillPath,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDefinition,
  type BodyOf,
} from '@nivesh/api-contract';
import type { ApiBaseQuery } from './api';

/** A part the route does not take is absent; one it takes optionally may be left out. */
type Part<K extends string, T> = [T] extends [undefined] | [void]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call passes: `{ params, query, body }` as the route needs them, or nothing. */
export type RequestOf<R extends RouteDefinition> = [ParamsOf<R>, QueryOf<R>, BodyOf<R>] extends [
  undefined,
  undefined,
  void,
]
  ? void
  : Part<'params', ParamsOf<R>> & Part<'query', QueryOf<R>> & Part<'body', BodyOf<R>>;

interface RequestParts {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export function toFetchArgs(route: RouteDefinition, request: unknown): FetchArgs {
  const parts = (request ?? {}) as RequestParts;
  const args: FetchArgs = { url: fillPath(route.path, parts.params), method: route.method };
  if (parts.query) args.params = parts.query;
  if (parts.body !== undefined) args.body = parts.body;
  if (route.client?.timeoutMs) args.timeout = route.client.timeoutMs;
  return args;
}

/** RTK's type of an answer schema (a Standard Schema of the answer). */
type ResponseSchema<Result> = NonNullable<
  BaseEndpointDefinition<unknown, ApiBaseQuery, Result>['responseSchema']
>;

/** The part of a `build.query` / `build.mutation` definition that the route fixes. */
export interface RouteEndpoint<R extends RouteDefinition, Arg> {
  query: (arg: Arg) => FetchArgs;
  /** Answers that do not match are reported as errors (see `catchSchemaFailure` in api.ts). */
  responseSchema: ResponseSchema<ResponseOf<R>>;
}

/**
 * An endpoint of `route`: spread it into `build.query({ ...fromRoute(route), providesTags })`; the
 * endpoint's argument is the route's `RequestOf`, or what `toRequest` turns into it.
 */
export function fromRoute<R extends RouteDefinition>(route: R): RouteEndpoint<R, RequestOf<R>>;
export function fromRoute<R extends RouteDefinition, Arg>(
  route: R,
  toRequest: (arg: Arg) => RequestOf<R>,
): RouteEndpoint<R, Arg>;
export function fromRoute<R extends RouteDefinition, Arg>(
  route: R,
  toRequest?: (arg: Arg) => RequestOf<R>,
): RouteEndpoint<R, Arg> {
  return {
    query: (arg) => toFetchArgs(route, toRequest ? toRequest(arg) : arg),
    // Its output is ResponseOf<R> by definition; TypeScript cannot follow that through a generic.
    responseSchema: route.responses[200] as ResponseSchema<ResponseOf<R>>,
  };
}

/** Polling for a screen that shows this route's data, as the specification sets it. */
function pollingFor(route: Pick<RouteDefinition, 'client'>): {
  pollingInterval: number;
  skipPollingIfUnfocused: boolean;
} {
  return { pollingInterval: route.client?.pollingIntervalMs ?? 0, skipPollingIfUnfocused: false };
}

/** What a caller may still choose for a polled query (the interval is the route's). */
export interface PolledQueryOptions {
  skip?: boolean;
}

interface QueryEndpoint<Result, Arg> {
  useQuery: TypedUseQuery<Result, Arg, ApiBaseQuery>;
}

type HookResult<Result, Arg> = TypedUseQueryHookResult<Result, Arg, ApiBaseQuery>;

/**
 * A query hook that polls at `route.client.pollingIntervalMs`, also while the window is not
 * focused. Called like RTK's own hooks, `useX(arg, { skip })` (`useX()` when the query takes no
 * argument); with `defaultArg`, the argument may be left out.
 */
export function polledQueryHook<Result, Arg>(
  endpoint: QueryEndpoint<Result, Arg>,
  route: Pick<RouteDefinition, 'client'>,
): (arg: Arg, options?: PolledQueryOptions) => HookResult<Result, Arg>;
export function polledQueryHook<Result, Arg>(
  endpoint: QueryEndpoint<Result, Arg>,
  route: Pick<RouteDefinition, 'client'>,
  defaultArg: Arg,
): (arg?: Arg, options?: PolledQueryOptions) => HookResult<Result, Arg>;
export function polledQueryHook<Result, Arg>(
  endpoint: QueryEndpoint<Result, Arg>,
  route: Pick<RouteDefinition, 'client'>,
  ...defaultArg: [] | [Arg]
): (arg: Arg, options?: PolledQueryOptions) => HookResult<Result, Arg> {
  const polling = pollingFor(route);
  return (arg, options = {}) =>
    endpoint.useQuery(arg === undefined && defaultArg.length === 1 ? defaultArg[0] : arg, {
      ...polling,
      ...options,
    });
}
