/**
 * Kept answers (keptAnswer.ts): a read model's answer is checked by its route's schema and written
 * once per change, and sent as that text; a stamped one carries each send's own time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { z } from 'zod';
import { installErrorHandler } from './errorHandler.js';
import { keptAnswer, lastFor, StampedAnswer, type Kept } from './keptAnswer.js';
import { serializerCompiler } from './serializer.js';

const Answer = z.object({ symbol: z.string(), ltp: z.number(), as_of: z.string().optional() });
type Answer = z.infer<typeof Answer>;

/** A Fastify app with the server's serializer and error handler, answering GET /x with `next()`. */
async function appSending(next: () => Kept<Answer>) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.get('/x', { schema: { response: { 200: Answer } } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(next().text(reply)),
  );
  await app.ready();
  return app;
}

describe('kept answers', () => {
  it('send the same checked text for the same value, and the new one once the value changes', async () => {
    let built = 0;
    const answerFor = lastFor((ltp: number) => {
      built += 1;
      return keptAnswer<Answer>({ symbol: 'RELIANCE', ltp, ...({ secret: 'never sent' } as object) });
    });
    let ltp = 1449.5;
    const app = await appSending(() => answerFor(ltp));
    try {
      const first = await app.inject({ method: 'GET', url: '/x' });
      const second = await app.inject({ method: 'GET', url: '/x' });
      assert.equal(first.body, '{"symbol":"RELIANCE","ltp":1449.5}');
      assert.equal(second.body, first.body);
      assert.equal(built, 1);
      ltp = 1451.05;
      assert.equal(
        (await app.inject({ method: 'GET', url: '/x' })).body,
        '{"symbol":"RELIANCE","ltp":1451.05}',
      );
      assert.equal(built, 2);
    } finally {
      await app.close();
    }
  });

  it('refuse a value that does not match the schema with 500, on every send', async () => {
    const wrong = keptAnswer({ symbol: 'RELIANCE', ltp: 'not a price' } as unknown as Answer);
    const app = await appSending(() => wrong);
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/x' });
        assert.equal(res.statusCode, 500);
        assert.equal(res.json().message, 'Internal server error');
      }
    } finally {
      await app.close();
    }
  });

  it('write each send its own stamp into the text checked once', async () => {
    const stamped = new StampedAnswer<Answer>((as_of) => ({ symbol: 'TCS', ltp: 3892, as_of }));
    let at = new Date('2026-11-27T04:00:00.000Z');
    const app = await appSending(() => stamped.at(at));
    try {
      const morning = await app.inject({ method: 'GET', url: '/x' });
      assert.deepEqual(morning.json(), { symbol: 'TCS', ltp: 3892, as_of: '2026-11-27T04:00:00.000Z' });
      at = new Date('2026-11-27T09:59:59.123Z');
      const later = await app.inject({ method: 'GET', url: '/x' });
      assert.deepEqual(later.json(), { symbol: 'TCS', ltp: 3892, as_of: '2026-11-27T09:59:59.123Z' });
    } finally {
      await app.close();
    }
  });
});
