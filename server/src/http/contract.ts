/**
 * Registers the routes of @nivesh/api-contract on Fastify. Every route of the contract is
 * registered: requests and replies are validated with its schemas, `session` routes require a
 * valid Bearer token, and a route whose domain this server does not run yet answers 503 with a
 * sentence saying so (the pages show their not-connected state for it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listRoutes, type Contract, type ResponseOf, type RouteDefinition } from '@nivesh/api-contract';
import type { z } from 'zod';
import { HttpError, unauthorized } from './errors.js';
import { Kept } from './keptAnswer.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the parsed request parts, and the session for `session` routes. */
interface HandlerInput<R extends RouteDefinition, S> {
  body: Out<R['body']>;
  params: Out<R['params']>;
  query: Out<R['querystring']>;
  session: R['access'] extends 'session' ? S : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Answers 200 with the route's response (or that response kept, http/keptAnswer.ts), or throws
 * HttpError for any other status.
 */
type Handler<R extends RouteDefinition, S> = (
  input: HandlerInput<R, S>,
) => Promise<ResponseOf<R> | Kept<ResponseOf<R>>>;

/** Handlers for some of a domain's routes. */
export type DomainHandlers<D extends Record<string, RouteDefinition>, S> = {
  [K in keyof D]?: Handler<D[K], S>;
};

type ContractHandlers<S> = {
  [D in keyof Contract]?: DomainHandlers<Contract[D], S>;
};

export interface RegisterContractOptions<S> {
  handlers: ContractHandlers<S>;
  /** Resolves the Bearer token to a session, or null when it is missing, unknown or expired. */
  authenticate(token: string, request: FastifyRequest): Promise<S | null>;
}

const TAG_LABELS: Record<string, string> = {
  ml: 'The ML intelligence service',
  news: 'The news service',
  research: 'The research service',
  allocation: 'The allocation service',
  risk: 'The risk management service',
  performance: 'The performance analytics service',
  portfolio: 'The portfolio service',
  broker: 'The broker connection',
  'data-sources': 'The data sources service',
  ops: 'The operations service',
  trading: 'The trading service',
  market: 'The market data service',
};

/** What Fastify names a JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerContract<S>(app: FastifyInstance, options: RegisterContractOptions<S>): string[] {
  const unavailable: string[] = [];
  const handlers = options.handlers as Record<
    string,
    Record<string, Handler<RouteDefinition, S>> | undefined
  >;

  for (const { id, route } of listRoutes()) {
    const [domain, name] = id.split('.') as [string, string];
    const handler = handlers[domain]?.[name];
    if (!handler) unavailable.push(`${route.method} ${route.path}`);

    app.route({
      method: route.method,
      url: route.path,
      schema: {
        tags: [route.tag],
        summary: route.summary,
        ...(route.access === 'session' ? { security: [{ bearerAuth: [] }] } : {}),
        ...(route.params ? { params: route.params } : {}),
        ...(route.querystring ? { querystring: route.querystring } : {}),
        ...(route.body ? { body: route.body } : {}),
        response: route.responses,
      },
      // The session check runs before the body is parsed: a caller without a session learns
      // nothing about what the route accepts.
      onRequest:
        route.access === 'session'
          ? async (request) => {
              const token = bearerToken(request);
              const session = token ? await options.authenticate(token, request) : null;
              if (!session) throw unauthorized();
              (request as FastifyRequest & { session?: S }).session = session;
            }
          : undefined,
      handler: async (request, reply) => {
        if (!handler) {
          const who = TAG_LABELS[route.tag] ?? 'This service';
          throw new HttpError(503, `${who} is not connected on this server.`);
        }
        const answer = await handler({
          body: request.body as never,
          params: request.params as never,
          query: request.query as never,
          session: ((request as FastifyRequest & { session?: S }).session ?? null) as never,
          request,
          reply,
        });
        // A kept answer's text, checked by the route's schema when it was first sent.
        if (answer instanceof Kept) return reply.type(JSON_TYPE).send(answer.text(reply));
        return answer;
      },
    });
  }
  return unavailable;
}
