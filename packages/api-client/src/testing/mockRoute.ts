/**
 * msw handlers made from contract routes: the method and path come from the route object (msw
 * takes Fastify's `:name` parameters as they are), so no test writes an `/api/...` path, and every
 * answer a test gives as data is checked against the route's 200 schema before it is sent.
 */
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { apiError, type HttpMethod, type ResponseOf, type RouteDefinition } from '@nivesh/api-contract';

type Resolver = HttpResponseResolver;
/** What a handler function receives: `{ request, params, cookies }`. */
export type ResolverInfo = Parameters<Resolver>[0];

/** What a handler answers: the route's 200 data, or a Response built by hand (errors, odd shapes). */
export type RouteAnswer<R extends RouteDefinition> = ResponseOf<R> | Response;

/** Fixed 200 data, or a function of the request that answers. */
export type MockAnswer<R extends RouteDefinition> =
  ResponseOf<R> | ((info: ResolverInfo) => RouteAnswer<R> | Promise<RouteAnswer<R>>);

const HANDLER_FOR: Record<HttpMethod, typeof http.get> = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
};

function routeName(route: RouteDefinition): string {
  return `${route.method} ${route.path}`;
}

/** The answer as sent, once it is known to match the route's 200 schema (throws, naming the fields, if not). */
export function checkedAnswer<R extends RouteDefinition>(route: R, answer: ResponseOf<R>): ResponseOf<R> {
  const result = route.responses[200].safeParse(answer);
  if (!result.success) {
    const fields = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`,
    );
    throw new Error(
      `Mock answer for ${routeName(route)} does not match the contract:\n  ${fields.join('\n  ')}`,
    );
  }
  return answer;
}

function isResolver<R extends RouteDefinition>(
  answer: MockAnswer<R>,
): answer is (info: ResolverInfo) => RouteAnswer<R> | Promise<RouteAnswer<R>> {
  return typeof answer === 'function';
}

/**
 * A handler for `route`: `mockRoute(contract.risk.metrics, { success: true, data })`, or with a
 * function of the request (`({ request, params }) => ...`) that returns data or a Response.
 */
export function mockRoute<R extends RouteDefinition>(route: R, answer: NoInfer<MockAnswer<R>>): HttpHandler {
  const handler = HANDLER_FOR[route.method];
  if (!isResolver(answer)) {
    const body = checkedAnswer(route, answer);
    return handler(route.path, () => HttpResponse.json(body as JsonBodyType));
  }
  return handler(route.path, async (info) => {
    const result = await answer(info);
    if (result instanceof Response) return result;
    return HttpResponse.json(checkedAnswer(route, result) as JsonBodyType);
  });
}

/** A handler for `route` that answers an error: the server's ApiError body with `text`. */
export function mockRouteError(
  route: RouteDefinition,
  status: number,
  text: string,
  extra: Record<string, unknown> = {},
): HttpHandler {
  return HANDLER_FOR[route.method](route.path, () => HttpResponse.json(apiError(text, extra), { status }));
}
