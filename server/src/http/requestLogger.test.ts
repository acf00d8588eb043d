/**
 * Each request's logger is made when the request first logs (requestLogger.ts): the lines are the
 * ones the request's own child logger writes, with its request id.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { send, signedInApp, testDatabases } from '../testing/index.js';
import { deferredChildLogger } from './requestLogger.js';

/** A parent logger that records the children asked of it and the lines they write. */
function recordingParent() {
  const children: Array<{ bindings: Bindings; options?: ChildLoggerOptions }> = [];
  const lines: Array<{ level: string; bindings: Bindings; args: unknown[] }> = [];
  const make = (bindings: Bindings, level: string): FastifyBaseLogger => {
    const logger = {
      level,
      child(childBindings: Bindings, options?: ChildLoggerOptions) {
        children.push({ bindings: childBindings, ...(options ? { options } : {}) });
        return make({ ...bindings, ...childBindings }, options?.level ?? logger.level);
      },
    } as FastifyBaseLogger;
    for (const name of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
      logger[name] = ((...args: unknown[]) => void lines.push({ level: name, bindings, args })) as never;
    }
    return logger;
  };
  return { parent: make({}, 'info'), children, lines };
}

describe('a request logger made on first use', () => {
  it('asks nothing of the parent until a line is logged, then makes the child once, with its bindings and options', () => {
    const { parent, children, lines } = recordingParent();
    const logger = deferredChildLogger(parent, { reqId: 'req-7' }, { level: 'warn' });
    assert.equal(children.length, 0);

    logger.warn({ status: 401 }, 'request refused');
    logger.error('failed');
    assert.deepEqual(children, [{ bindings: { reqId: 'req-7' }, options: { level: 'warn' } }]);
    assert.deepEqual(lines, [
      { level: 'warn', bindings: { reqId: 'req-7' }, args: [{ status: 401 }, 'request refused'] },
      { level: 'error', bindings: { reqId: 'req-7' }, args: ['failed'] },
    ]);
    assert.equal(logger.level, 'warn', "the child's level, set by the route");
  });

  it('gives a grandchild of the real child, and reads and sets the level on it', () => {
    const { parent, children, lines } = recordingParent();
    const logger = deferredChildLogger(parent, { reqId: 'req-8' }, {});
    logger.level = 'debug';
    assert.equal(logger.level, 'debug');
    logger.child({ job: 'sync' }).debug('synced');
    assert.deepEqual(
      children.map((c) => c.bindings),
      [{ reqId: 'req-8' }, { job: 'sync' }],
    );
    assert.deepEqual(lines, [
      { level: 'debug', bindings: { reqId: 'req-8', job: 'sync' }, args: ['synced'] },
    ]);
  });
});

for (const target of await testDatabases()) {
  describe(`request log lines of the app on ${target.name}`, () => {
    const app = signedInApp(target);

    it("write a refused request with that request's id, and nothing for the answers that went well", async () => {
      const { t } = app;
      const before = t.logs.length;
      for (let i = 0; i < 5; i += 1) assert.equal((await send(t.app, 'GET', '/api/health')).statusCode, 200);
      const refused = await send(t.app, 'GET', '/api/portfolio/overview');
      assert.equal(refused.statusCode, 401);
      const written = t.logs
        .slice(before)
        .filter((line) => line['msg'] === 'request refused' || line['msg'] === 'request');
      assert.equal(written.length, 1, JSON.stringify(written));
      const [line] = written;
      assert.equal(line?.['url'], '/api/portfolio/overview');
      assert.equal(line?.['status'], 401);
      assert.match(String(line?.['reqId']), /^req-\w+$/);
    });
  });
}
