import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  crossingPrice,
  orderPrices,
  priceBandOf,
  priceBandRejection,
  requestPricesPaise,
  standingPrice,
  stopTriggerRejection,
  touchPrice,
  triggersAt,
} from './pricing.js';

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

const TRIGGERED = new Date('2026-11-20T05:00:00.000Z');
/** A SELL SL-M at ₹1,480 and a BUY SL-M at ₹1,520 (untriggered unless `triggeredAt`). */
const slm = (side: 'BUY' | 'SELL', triggerPricePaise: number, triggeredAt: Date | null = null) => ({
  side,
  orderType: 'SL-M',
  limitPricePaise: null,
  triggerPricePaise,
  triggeredAt,
});
const sl = (
  side: 'BUY' | 'SELL',
  triggerPricePaise: number,
  limitPricePaise: number,
  triggeredAt: Date | null = null,
) => ({ side, orderType: 'SL', limitPricePaise, triggerPricePaise, triggeredAt });

describe('stop-loss orders', () => {
  it('an SL-M sell waits above its trigger and fills at the touch once ltp <= trigger', () => {
    assert.equal(crossingPrice(slm('SELL', 148_000), 148_005, SPREAD), null, 'one tick above');
    assert.equal(triggersAt(slm('SELL', 148_000), 148_005), false);
    // ₹1,480 × 0.9995 = ₹1,479.26, down to ₹1,479.25.
    assert.equal(triggersAt(slm('SELL', 148_000), 148_000), true);
    assert.equal(crossingPrice(slm('SELL', 148_000), 148_000, SPREAD), 147_925);
    // A gap through the trigger to ₹1,479: ₹1,478.2605, down to ₹1,478.25.
    assert.equal(crossingPrice(slm('SELL', 148_000), 147_900, SPREAD), 147_825);
  });

  it('an SL-M buy waits below its trigger and fills at the touch once ltp >= trigger', () => {
    assert.equal(crossingPrice(slm('BUY', 152_000), 151_995, SPREAD), null);
    // ₹1,520 × 1.0005 = ₹1,520.76, up to ₹1,520.80.
    assert.equal(crossingPrice(slm('BUY', 152_000), 152_000, SPREAD), 152_080);
  });

  it('an SL sell becomes a limit sell at its limit once triggered: fills if the price allows, else rests', () => {
    const order = sl('SELL', 148_000, 147_500);
    // ₹1,479 triggers it and is above the ₹1,475 limit: max(limit, touch ₹1,478.25).
    assert.equal(crossingPrice(order, 147_900, SPREAD), 147_825);
    // A gap to ₹1,470 triggers it below the limit: it rests as a limit sell.
    assert.equal(triggersAt(order, 147_000), true);
    assert.equal(crossingPrice(order, 147_000, SPREAD), null);
    const triggered = sl('SELL', 148_000, 147_500, TRIGGERED);
    assert.equal(triggersAt(triggered, 147_000), false, 'it triggers once');
    assert.equal(crossingPrice(triggered, 147_495, SPREAD), null, 'still under the limit');
    // Back to ₹1,476: ₹1,475.262 down to ₹1,475.25, above the limit.
    assert.equal(crossingPrice(triggered, 147_600, SPREAD), 147_525);
    // Once triggered it no longer needs the price under the trigger: ₹1,500 sells at the touch.
    assert.equal(crossingPrice(triggered, 150_000, SPREAD), 149_925);
  });

  it('an SL buy becomes a limit buy at its limit once triggered', () => {
    const order = sl('BUY', 152_000, 152_500);
    assert.equal(crossingPrice(order, 151_900, SPREAD), null, 'not triggered');
    // ₹1,521 × 1.0005 = ₹1,521.7605, up to ₹1,521.80, under the ₹1,525 limit.
    assert.equal(crossingPrice(order, 152_100, SPREAD), 152_180);
    assert.equal(crossingPrice(order, 153_000, SPREAD), null, 'gapped above the limit: rests');
  });

  it('refuses a new stop whose trigger the last price has already crossed, naming both prices', () => {
    assert.deepEqual(stopTriggerRejection({ ...slm('SELL', 150_000), symbol: 'INFY' }, 150_000), {
      limit: 'stop_trigger',
      message:
        'Trigger price ₹1,500.00 must be below the last price of INFY, ₹1,500.00: a sell stop-loss triggers when the price falls to its trigger, so this one would trigger at once',
    });
    assert.equal(stopTriggerRejection({ ...slm('SELL', 149_995), symbol: 'INFY' }, 150_000), null);
    assert.match(
      stopTriggerRejection({ ...sl('BUY', 149_000, 149_500), symbol: 'INFY' }, 150_000)!.message,
      /^Trigger price ₹1,490.00 must be above the last price of INFY, ₹1,500.00/,
    );
    assert.equal(stopTriggerRejection({ ...limit('SELL', 160_000), symbol: 'INFY' }, 150_000), null);
  });

  it('estimates an SL-M at its trigger and an SL at its limit, neither filling at once', () => {
    assert.deepEqual(orderPrices(slm('SELL', 148_000), 150_000, SPREAD, true), {
      estimatePaise: 148_000,
      fillNowPaise: null,
    });
    assert.deepEqual(orderPrices(sl('SELL', 148_000, 147_500), 150_000, SPREAD, true), {
      estimatePaise: 147_500,
      fillNowPaise: null,
    });
  });

  it('stands an SL-M at its trigger until it triggers (then the touch), and an SL at its limit', () => {
    assert.equal(standingPrice(slm('SELL', 148_000), 150_000, SPREAD), 148_000);
    assert.equal(standingPrice(slm('SELL', 148_000, TRIGGERED), 147_900, SPREAD), 147_825);
    assert.equal(standingPrice(sl('SELL', 148_000, 147_500), 150_000, SPREAD), 147_500);
  });

  it('keeps only the prices an order type uses, in paise', () => {
    assert.deepEqual(requestPricesPaise({ order_type: 'SL', limit_price: 1475, trigger_price: 1480 }), {
      limitPricePaise: 147_500,
      triggerPricePaise: 148_000,
    });
    assert.deepEqual(requestPricesPaise({ order_type: 'SL-M', limit_price: 1475, trigger_price: 1480.05 }), {
      limitPricePaise: null,
      triggerPricePaise: 148_005,
    });
    assert.deepEqual(requestPricesPaise({ order_type: 'LIMIT', limit_price: 1475, trigger_price: 1480 }), {
      limitPricePaise: 147_500,
      triggerPricePaise: null,
    });
    assert.deepEqual(requestPricesPaise({ order_type: 'MARKET', limit_price: 1475 }), {
      limitPricePaise: null,
      triggerPricePaise: null,
    });
  });
});

describe('the price band of the day', () => {
  it('is ±20% of the previous close on the tick when the exchange band is not known', () => {
    // ₹2,900.35 × 0.8 = ₹2,320.28 → up to ₹2,320.30; × 1.2 = ₹3,480.42 → down to ₹3,480.40.
    assert.deepEqual(priceBandOf({ previousClose: 2900.35 }), {
      lowerPaise: 232_030,
      upperPaise: 348_040,
      source: 'default',
      previousClosePaise: 290_035,
    });
    assert.equal(priceBandOf({ previousClose: 0 }), null, 'no close, no band');
  });

  it("uses the exchange's circuit limits when the feed gives them", () => {
    const band = priceBandOf({ previousClose: 100, band: { lower: 95, upper: 105 } });
    assert.deepEqual(band, {
      lowerPaise: 9_500,
      upperPaise: 10_500,
      source: 'exchange',
      previousClosePaise: 10_000,
    });
    assert.deepEqual(
      priceBandRejection({ symbol: 'PNB', side: 'BUY', orderType: 'LIMIT', limitPricePaise: 10_550 }, band),
      {
        limit: 'price_band',
        message:
          "Outside the price band: PNB may trade between ₹95.00 and ₹105.00 today (the exchange's circuit limits of the day), so the exchange would refuse a limit price of ₹105.50",
      },
    );
    assert.equal(
      priceBandRejection({ symbol: 'PNB', side: 'BUY', orderType: 'LIMIT', limitPricePaise: 10_500 }, band),
      null,
    );
    assert.equal(
      priceBandRejection({ symbol: 'PNB', side: 'BUY', orderType: 'MARKET', limitPricePaise: null }, band),
      null,
      'a market order has no price to check',
    );
  });
});
