import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { bucketOf, inCanary } from './bucket.js';

const ids = Array.from({ length: 10_000 }, () => randomBytes(16).toString('base64url'));

describe('canary bucketing', () => {
  it('puts a browser in the same bucket every time', () => {
    for (const id of ids.slice(0, 100)) assert.equal(bucketOf(id, 'risk'), bucketOf(id, 'risk'));
  });

  it('sends close to the percentage of 10,000 browsers to the canary', () => {
    for (const percent of [1, 10, 25, 50, 90]) {
      const share = ids.filter((id) => inCanary(id, 'risk', percent)).length / ids.length;
      assert.ok(Math.abs(share - percent / 100) <= 0.02, `${percent}%: got ${(share * 100).toFixed(2)}%`);
    }
  });

  it('sends nobody at 0% and everybody at 100%', () => {
    assert.equal(ids.filter((id) => inCanary(id, 'risk', 0)).length, 0);
    assert.equal(ids.filter((id) => inCanary(id, 'risk', 100)).length, ids.length);
  });

  it('only adds browsers when the percentage grows', () => {
    const at10 = ids.filter((id) => inCanary(id, 'risk', 10));
    assert.ok(at10.every((id) => inCanary(id, 'risk', 30)));
  });

  it('buckets each remote independently', () => {
    const both = ids.filter((id) => inCanary(id, 'risk', 10) && inCanary(id, 'trading', 10)).length;
    assert.ok(Math.abs(both / ids.length - 0.01) <= 0.01, 'about 1% are in both 10% canaries');
  });
});
