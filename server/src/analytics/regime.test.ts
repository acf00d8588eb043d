import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { marketRegime } from './regime.js';

describe('market regime', () => {
  it('is volatile above 25% annual volatility, whatever the direction', () => {
    // +-2% a day: std ~0.02 -> ~32% a year.
    assert.equal(marketRegime([0.02, -0.02, 0.02, -0.02, 0.02, -0.02]), 'volatile');
  });
  it('is bullish above +3%, bearish below -3%, sideways between, over the window', () => {
    assert.equal(marketRegime(Array(20).fill(0.002)), 'bullish'); // 1.002^20 - 1 = 4.08%
    assert.equal(marketRegime(Array(20).fill(-0.002)), 'bearish'); // -3.92%
    assert.equal(marketRegime(Array(20).fill(0.001)), 'sideways'); // 2.02%
  });
});
