import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCallThrottle, MAX_ORDER_CALLS_PER_SECOND } from './client.js';

describe('the order-call limiter', () => {
  it('keeps order calls under 10 in any rolling second, in the order they asked', async () => {
    let now = 0;
    const limiter = createCallThrottle({
      max: MAX_ORDER_CALLS_PER_SECOND,
      windowMs: 1000,
      now: () => now,
      // Waiting moves the test's clock instead of real time.
      sleep: async (ms) => {
        now += ms;
      },
    });
    const starts: Array<{ call: number; at: number }> = [];
    await Promise.all(
      Array.from({ length: 25 }, (_, call) => limiter.acquire().then(() => starts.push({ call, at: now }))),
    );
    assert.equal(MAX_ORDER_CALLS_PER_SECOND, 9);
    assert.deepEqual(
      starts.map((s) => s.call),
      Array.from({ length: 25 }, (_, i) => i),
    );
    for (const { at } of starts) {
      const inWindow = starts.filter((s) => s.at >= at && s.at < at + 1000).length;
      assert.ok(inWindow <= 9, `${inWindow} calls within a second from ${at} ms`);
    }
    assert.deepEqual(
      [0, 9, 18].map((i) => starts[i]!.at),
      [0, 1000, 2000],
    );
  });
});
