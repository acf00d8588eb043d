/**
 * One error handler for the whole API: every failure answers with the ApiError body
 * (`{success: false, error, message}`) and a 4xx for anything the caller got wrong. Only genuine
 * server faults answer 500, and those are logged.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiError } from '@nivesh/api-contract';
import { HttpError } from './errors.js';

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

function describeValidation(error: FastifyError): string {
  const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'request';
  if (hasZodFastifySchemaValidationErrors(error)) {
    const problems = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    return `Invalid ${part}: ${problems.join('; ')}`;
  }
  return `Invalid ${part}: ${error.message}`;
}

export function installErrorHandler(app: FastifyInstance): void {
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
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      const text =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Invalid request body: it is not valid JSON'
          : error.message;
      return reply.code(status).send(apiError(text));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError('Internal server error'));
  });
}
