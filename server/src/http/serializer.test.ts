/**
 * Answers are checked against their route's response schema and written as JSON by parsing
 * (http/serializer.ts): the same answers as zod's encoding, as long as no response schema holds a
 * transform, which this checks for every route of the contract.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { z } from 'zod';
import { listRoutes } from '@nivesh/api-contract';
import { installErrorHandler } from './errorHandler.js';
import { serializerCompiler } from './serializer.js';

/** The kinds of zod schema that change a value instead of only checking it. */
const CHANGING = new Set(['transform', 'pipe', 'prefault']);

/** The kinds of schema found anywhere inside `schema` (lazy schemas followed once). */
function kindsIn(schema: z.core.$ZodType, seen = new Set<unknown>()): Set<string> {
  const kinds = new Set<string>();
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object' || seen.has(s) || !('_zod' in s)) return;
    seen.add(s);
    const def = (s as z.core.$ZodType)._zod.def as unknown as Record<string, unknown> & { type: string };
    kinds.add(def.type);
    if (def.type === 'lazy') visit((def['getter'] as () => unknown)());
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && !('_zod' in value)) Object.values(value).forEach(visit);
      else visit(value);
    }
  };
  visit(schema);
  return kinds;
}

describe('answers written by the response serializer', () => {
  it('finds a transform where there is one (the check below can fail)', () => {
    const schema = z.object({ a: z.array(z.object({ b: z.string().transform((s) => s.toUpperCase()) })) });
    assert.ok(kindsIn(schema).has('transform'));
    assert.ok(!kindsIn(z.object({ a: z.array(z.string()).nullable() })).has('transform'));
  });

  it('no response schema of the contract changes what it checks (no transform, pipe or prefault)', () => {
    const changing: string[] = [];
    for (const { id, route } of listRoutes()) {
      for (const [status, schema] of Object.entries(route.responses)) {
        const found = [...kindsIn(schema as z.core.$ZodType)].filter((kind) => CHANGING.has(kind));
        if (found.length > 0) changing.push(`${id} ${status}: ${found.join(', ')}`);
      }
    }
    assert.deepEqual(changing, []);
  });

  it('sends only the fields the schema names, and refuses an answer that does not match with 500', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    const Answer = z.object({ name: z.string(), value: z.number() });
    app.get('/good', { schema: { response: { 200: Answer } } }, async () => ({
      name: 'RELIANCE',
      value: 1449.5,
      passwordHash: 'never sent',
    }));
    app.get('/bad', { schema: { response: { 200: Answer } } }, async () => ({
      name: 'RELIANCE',
      value: 'x',
    }));
    try {
      const good = await app.inject({ method: 'GET', url: '/good' });
      assert.equal(good.statusCode, 200);
      assert.equal(good.body, '{"name":"RELIANCE","value":1449.5}');
      const bad = await app.inject({ method: 'GET', url: '/bad' });
      assert.equal(bad.statusCode, 500);
      assert.deepEqual(bad.json(), {
        success: false,
        error: 'Internal server error',
        message: 'Internal server error',
      });
    } finally {
      await app.close();
    }
  });
});
