import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crossingPrice, orderPrices, standingPrice, touchPrice } from './pricing.js';

// The default half-spread, 0.05% of the last price.
const SPREAD = 0.05;

const market = (side: 'BUY' | 'SELL') => ({ side, orderType: 'MARKET', limitPricePaise: null });
const limit = (side: 'BUY' | 'SELL', limitPricePaise: number) => ({
  side,
  orderType: 'LIMIT',
  limitPricePaise,
});

describe('the touch', () => {
  it('puts a buy the half-spread above the last price, up to the 0.05 tick', () => {
    // ₹1,500 × 1.0005 = ₹1,500.75, already on a tick.
    assert.equal(touchPrice(150_000, 'BUY', SPREAD), 150_075);
    // ₹1,520 × 1.0005 = ₹1,520.76, up to ₹1,520.80.
    assert.equal(touchPrice(152_000, 'BUY', SPREAD), 152_080);
  });

  it('puts a sell the half-spread below it, down to the tick, never below one tick', () => {
    // ₹1,520 × 0.9995 = ₹1,519.24, down to ₹1,519.20.
    assert.equal(touchPrice(152_000, 'SELL', SPREAD), 151_920);
    // ₹0.05 × 0.9995 rounds down to nothing: the floor is one tick.
    assert.equal(touchPrice(5, 'SELL', SPREAD), 5);
  });

  it('is the last price itself with no spread', () => {
    assert.equal(touchPrice(123_455, 'BUY', 0), 123_455);
    assert.equal(touchPrice(123_455, 'SELL', 0), 123_455);
  });
});

describe('crossing', () => {
  it('fills a market order at the touch', () => {
    assert.equal(crossingPrice(market('BUY'), 150_000, SPREAD), 150_075);
    assert.equal(crossingPrice(market('SELL'), 152_000, SPREAD), 151_920);
  });

  it('fills a buy limit once ltp <= limit, at min(limit, touch)', () => {
    assert.equal(crossingPrice(limit('BUY', 149_000), 149_500, SPREAD), null, 'above the limit');
    // ₹1,489 × 1.0005 = ₹1,489.7445, up to ₹1,489.75: under the ₹1,490 limit.
    assert.equal(crossingPrice(limit('BUY', 149_000), 148_900, SPREAD), 148_975);
    // At the limit, the touch (₹1,490.75) is worse than the limit: the limit holds.
    assert.equal(crossingPrice(limit('BUY', 149_000), 149_000, SPREAD), 149_000);
  });

  it('fills a sell limit once ltp >= limit, at max(limit, touch)', () => {
    assert.equal(crossingPrice(limit('SELL', 151_000), 150_900, SPREAD), null, 'below the limit');
    assert.equal(crossingPrice(limit('SELL', 151_000), 152_000, SPREAD), 151_920);
    assert.equal(crossingPrice(limit('SELL', 151_000), 151_000, SPREAD), 151_000);
  });
});

describe('the prices of an order', () => {
  it('checks a limit order at its limit and a market order at the touch', () => {
    assert.deepEqual(orderPrices(limit('BUY', 149_000), 148_900, SPREAD, true), {
      estimatePaise: 149_000,
      fillNowPaise: 148_975,
    });
    assert.deepEqual(orderPrices(market('BUY'), 150_000, SPREAD, true), {
      estimatePaise: 150_075,
      fillNowPaise: 150_075,
    });
  });

  it('fills nothing while the session is shut or the limit is not reached', () => {
    assert.equal(orderPrices(market('BUY'), 150_000, SPREAD, false).fillNowPaise, null);
    assert.equal(orderPrices(limit('BUY', 100_000), 150_000, SPREAD, true).fillNowPaise, null);
  });

  it('stands a waiting order at its limit, else at the touch, else at no price', () => {
    assert.equal(standingPrice(limit('SELL', 151_000), 140_000, SPREAD), 151_000);
    assert.equal(standingPrice(market('SELL'), 152_000, SPREAD), 151_920);
    assert.equal(standingPrice(market('BUY'), undefined, SPREAD), null);
  });
});
