import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flatCosts } from '../paper/testing.js';
import { expectedPnlPaise } from './expected.js';

/** ₹20 a side and a ₹10 DP charge on the sell, nothing else: charges read off by hand. */
const flat = flatCosts(20, 10);

describe('expected rupee outcome of an entry', () => {
  it('weighs the target and the stop, each after its round trip of charges', () => {
    // 10 shares at ₹1,520, target ₹1,640, stop ₹1,470; a round trip costs ₹20 + ₹20 + ₹10 = ₹50.
    // Win: ₹1,200 − ₹50 = ₹1,150. Loss: −₹500 − ₹50 = −₹550.
    // E = 0.64 × 1,150 + 0.36 × (−550) = 736 − 198 = ₹538.
    const e = expectedPnlPaise({
      probability: 0.64,
      entryPaise: 152_000,
      targetPaise: 164_000,
      stopPaise: 147_000,
      quantity: 10,
      costs: flat,
    });
    assert.equal(e, 53_800);
  });

  it('is the loss at the stop for a certain loser and the gain at the target for a certain winner', () => {
    const base = { entryPaise: 10_000, targetPaise: 11_000, stopPaise: 9_500, quantity: 100, costs: flat };
    assert.equal(expectedPnlPaise({ ...base, probability: 0 }), -50_000 - 5_000);
    assert.equal(expectedPnlPaise({ ...base, probability: 1 }), 100_000 - 5_000);
  });

  it('refuses a probability outside 0-1 and levels on the wrong side of the entry', () => {
    const base = { entryPaise: 10_000, targetPaise: 11_000, stopPaise: 9_500, quantity: 1, costs: flat };
    assert.throws(() => expectedPnlPaise({ ...base, probability: 1.2 }), /0-1/);
    assert.throws(() => expectedPnlPaise({ ...base, probability: 0.5, stopPaise: 10_500 }), /below/);
  });
});
