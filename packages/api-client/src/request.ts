/**
 * Turns a contract route and a call's parts into fetch arguments, and gives each endpoint the
 * route's answer schema and client settings (time-out, polling).
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import {
  fillPath,
  type ParamsOf,
  type QueryOf,
  type RouteDefinition,
  type BodyOf,
} from '@nivesh/api-contract';

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

/** Polling for a screen that shows this route's data, as the specification sets it. */
export function pollingFor(route: RouteDefinition): {
  pollingInterval: number;
  skipPollingIfUnfocused: boolean;
} {
  return { pollingInterval: route.client?.pollingIntervalMs ?? 0, skipPollingIfUnfocused: false };
}
