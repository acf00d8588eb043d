/**
 * The JSON body parser. Fastify's own refuses a `__proto__` key (and `constructor.prototype`), which
 * is right, but with the same error as for text that is not JSON at all; this one says which key.
 * An empty body and text that is not JSON are refused with their own sentences too.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

const EMPTY_JSON_BODY = 'Invalid request body: it is empty, but its Content-Type says JSON';
export const INVALID_JSON_BODY = 'Invalid request body: it is not valid JSON';

/**
 * The first key of `value` (at any depth) that could reach an object's prototype once the value is
 * copied or merged: `__proto__`, or `constructor` holding a `prototype`. Null when there is none.
 */
function forbiddenKey(value: unknown): string | null {
  // Without recursion: a body may nest deeply.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    if (Object.hasOwn(current, '__proto__')) return '__proto__';
    const record = current as Record<string, unknown>;
    const constructor = Object.hasOwn(current, 'constructor') ? record['constructor'] : undefined;
    if (constructor !== null && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype')) {
      return 'constructor.prototype';
    }
    for (const key of Object.keys(record)) stack.push(record[key]);
  }
  return null;
}

export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(badRequest(EMPTY_JSON_BODY), undefined);
    let value: unknown;
    try {
      // JSON.parse makes `__proto__` an own key (it never sets the prototype); it is refused below.
      value = JSON.parse(text) as unknown;
    } catch {
      return done(badRequest(INVALID_JSON_BODY), undefined);
    }
    const key = forbiddenKey(value);
    if (key) return done(badRequest(`Invalid request body: the key "${key}" is not allowed`), undefined);
    return done(null, value);
  });
}
