/**
 * One error handler for the whole API: every failure answers with the ApiError body
 * (`{success: false, error, message}`) and a 4xx for anything the caller got wrong. Only genuine
 * server faults answer 500, and those are logged.
 *
 * Refusals Fastify makes before a route is known (a path that is not valid percent-encoding, a
 * path segment too long for the router) go through `frameworkErrors`: the request is routed again
 * with a path the router can read, and refused in `preParsing`, after every `onRequest` hook, so
 * the answer carries the same headers and body as any other.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiError } from '@nivesh/api-contract';
import { HttpError } from './errors.js';
import { INVALID_JSON_BODY, installJsonBodyParser } from './jsonBody.js';

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

/** A body with thousands of mistakes gets a sentence, not a page: the first few are named. */
const MAX_PROBLEMS_LISTED = 10;

function describeValidation(error: FastifyError): string {
  const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'request';
  if (hasZodFastifySchemaValidationErrors(error)) {
    const problems = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    const listed = problems.slice(0, MAX_PROBLEMS_LISTED).join('; ');
    const more = problems.length - MAX_PROBLEMS_LISTED;
    return `Invalid ${part}: ${listed}${more > 0 ? ` (and ${more} more)` : ''}`;
  }
  return `Invalid ${part}: ${error.message}`;
}

/** Fastify's own 4xx refusals, as sentences. */
function describeFastifyRefusal(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return INVALID_JSON_BODY;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const type = request.headers['content-type'] ?? 'none';
      return `Invalid request body: its Content-Type (${type}) is not accepted; send JSON (application/json)`;
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = request.routeOptions.bodyLimit;
      return `Invalid request body: it is larger than the ${Math.round(limit / 1024)} KB allowed`;
    }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Invalid request body: its size does not match its Content-Length header';
    default:
      if (error instanceof SyntaxError) return INVALID_JSON_BODY;
      return error.message.trim() || 'Invalid request';
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  installJsonBodyParser(app);
  installFrameworkRefusals(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).send(error.body());
    }
    if (error.validation) {
      return reply.code(400).send(apiError(describeValidation(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'reply does not match the contract');
      return reply.code(500).send(apiError('Internal server error'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(apiError(describeFastifyRefusal(error, request)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError('Internal server error'));
  });
}

// ---------------------------------------------------------------------------------------------
// Refusals made before routing
// ---------------------------------------------------------------------------------------------

/** Longest path segment the router reads (Fastify's `maxParamLength` default). */
const MAX_SEGMENT_LENGTH = 100;

const refusals = new WeakMap<IncomingMessage, string>();

function describeFrameworkError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'Invalid path: it is not valid percent-encoding (each % must start a UTF-8 escape such as %20)';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `Invalid path: a part of it is longer than ${MAX_SEGMENT_LENGTH} characters`;
    default:
      return `Invalid request: ${error.message}`;
  }
}

/**
 * A URL the router can read, close to the one sent: every `%` escaped (so decoding cannot fail)
 * and every path segment cut to the router's limit; the query string is kept.
 */
function routableUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at);
  const readable = path
    .split('/')
    // Cut to the limit, then drop an escape the cut split (a trailing `%` or `%2`).
    .map((segment) => segment.replaceAll('%', '%25').slice(0, MAX_SEGMENT_LENGTH).replace(/%2?$/, ''))
    .join('/');
  return `${readable}${query}`;
}

/**
 * Fastify's `frameworkErrors` option (set in app.ts): instead of Fastify's bare answer, which
 * skips every hook, the request is routed again and refused in `preParsing`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (refusals.has(raw)) {
    // Routed once already and the router still refuses it: answer here, without the hooks.
    void reply.code(400).send(apiError(refusals.get(raw)!));
    return;
  }
  refusals.set(raw, describeFrameworkError(error));
  raw.url = routableUrl(raw.url ?? '/');
  request.server.routing(raw, reply.raw);
}

function installFrameworkRefusals(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const refusal = refusals.get(request.raw);
    if (refusal !== undefined) return done(new HttpError(400, refusal));
    done(null, payload);
  });
}
