import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeCharges, chargesToRupees, type CostSettings } from './costs.js';
import { allocate, applyRate, formatPaise, scaleBy } from './money.js';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from './settings.js';

const defaults: CostSettings = costSettingsOf(DEFAULT_PAPER_SETTINGS);

describe('computeCharges', () => {
  it("matches DOMAIN.md's worked example to the paisa (5,000 shares at ₹1,000, delivery, zero brokerage, 0.00307%)", () => {
    const settings: CostSettings = { ...defaults, brokerage_per_trade: 0, transaction_charges: 0.00307 };
    const trade = { product: 'CNC' as const, quantity: 5000, pricePaise: 100_000, settings, chargeDp: false };
    const buy = computeCharges({ ...trade, side: 'BUY' });
    const sell = computeCharges({ ...trade, side: 'SELL' });
    const both = (key: keyof typeof buy) => buy[key] + sell[key];
    assert.equal(both('stt'), 1_000_000, 'STT ₹10,000');
    assert.equal(both('exchange'), 30_700, 'exchange ₹307');
    assert.equal(both('sebi'), 1_000, 'SEBI ₹10');
    assert.equal(both('stamp'), 75_000, 'stamp ₹750');
    assert.equal(both('gst'), 5_706, 'GST ₹57.06');
    assert.equal(both('brokerage'), 0);
    assert.equal(both('dp'), 0);
    assert.equal(both('total'), 1_112_406, 'total ₹11,124.06');
    assert.equal(formatPaise(both('total')), '₹11,124.06');
    assert.equal(buy.stamp, 75_000, 'stamp duty is on the buy only');
    assert.equal(sell.stamp, 0);
  });

  it('charges intraday (MIS) less than delivery (CNC) on the same trade, STT on the sell only', () => {
    // 100 shares at ₹2,500: turnover ₹2,50,000 a side; spec defaults (₹20, 0.00345%).
    const trade = { quantity: 100, pricePaise: 250_000, settings: defaults };
    const misBuy = computeCharges({ ...trade, side: 'BUY', product: 'MIS' });
    const misSell = computeCharges({ ...trade, side: 'SELL', product: 'MIS' });
    assert.deepEqual(misBuy, {
      brokerage: 2000,
      stt: 0,
      exchange: 863, // ₹8.625 to the paisa
      sebi: 25,
      stamp: 800, // 0.003% = ₹7.50, rounded to ₹8
      gst: 520, // 18% of ₹28.88
      dp: 0,
      total: 4208,
    });
    assert.deepEqual(misSell, {
      brokerage: 2000,
      stt: 6300, // 0.025% = ₹62.50, rounded to ₹63
      exchange: 863,
      sebi: 25,
      stamp: 0,
      gst: 520,
      dp: 0,
      total: 9708,
    });

    const cncBuy = computeCharges({ ...trade, side: 'BUY', product: 'CNC' });
    const cncSell = computeCharges({ ...trade, side: 'SELL', product: 'CNC' });
    assert.equal(cncBuy.stt, 25_000, '0.1% STT on the delivery buy');
    assert.equal(cncBuy.stamp, 3_800, '0.015% = ₹37.50, rounded to ₹38');
    assert.equal(cncBuy.total, 32_208);
    assert.equal(cncSell.stt, 25_000, '0.1% STT on the delivery sell');
    assert.equal(cncSell.dp, 2_183, 'DP ₹18.50 + 18% GST');
    assert.equal(cncSell.total, 30_591);
    assert.ok(misBuy.total + misSell.total < cncBuy.total + cncSell.total);
  });

  it('charges DP once per stock per day: only when the engine says this sell pays it', () => {
    const sell = {
      side: 'SELL' as const,
      product: 'CNC' as const,
      quantity: 10,
      pricePaise: 150_000,
      settings: defaults,
    };
    assert.equal(computeCharges(sell).dp, 2_183);
    assert.equal(computeCharges({ ...sell, chargeDp: false }).dp, 0);
    assert.equal(computeCharges({ ...sell, product: 'MIS' }).dp, 0, 'no DP on intraday');
  });

  it('caps brokerage at a percentage of turnover when a brokerage rate is set', () => {
    const settings = { ...defaults, brokerage_rate: 0.0003 };
    const small = computeCharges({
      side: 'BUY',
      product: 'MIS',
      quantity: 10,
      pricePaise: 100_000,
      settings,
    });
    assert.equal(small.brokerage, 300, '0.03% of ₹10,000 = ₹3, below ₹20');
    const large = computeCharges({
      side: 'BUY',
      product: 'MIS',
      quantity: 1000,
      pricePaise: 100_000,
      settings,
    });
    assert.equal(large.brokerage, 2000, '₹20 flat once 0.03% passes it');
  });

  it('reports rupees for the contract', () => {
    const charges = computeCharges({
      side: 'BUY',
      product: 'CNC',
      quantity: 1,
      pricePaise: 10_050,
      settings: defaults,
    });
    const rupees = chargesToRupees(charges);
    assert.equal(rupees.brokerage, 20);
    assert.equal(rupees.total, charges.total / 100);
  });
});

describe('paise arithmetic', () => {
  it('applies rates exactly, rounding as told', () => {
    assert.equal(applyRate(500_000_000, 0.001), 500_000);
    assert.equal(applyRate(25_000_000, 0.0000345), 863);
    assert.equal(applyRate(25_000_000, 0.00003, 'half-up', 100), 800);
    assert.equal(applyRate(24_900_000, 0.00003, 'half-up', 100), 700, '₹7.47 rounds to ₹7');
  });

  it('moves a price by the half-spread outward to the 0.05 tick', () => {
    assert.equal(scaleBy(100_000, 0.0005, 1, 'up', 5), 100_050);
    assert.equal(scaleBy(100_000, 0.0005, -1, 'down', 5), 99_950);
    assert.equal(
      scaleBy(123_455, 0.0005, 1, 'up', 5),
      123_520,
      '₹1,234.55 + 0.05% = ₹1,235.167 -> ₹1,235.20',
    );
    assert.equal(scaleBy(123_455, 0.0005, -1, 'down', 5), 123_390, '₹1,233.93 -> ₹1,233.90');
  });

  it('splits paise in proportion without losing one', () => {
    assert.deepEqual(allocate(100, [1, 1, 1]), [34, 33, 33]);
    assert.deepEqual(allocate(2183, [10, 0]), [2183, 0]);
    assert.deepEqual(allocate(7, [2, 5]), [2, 5]);
    for (const [total, weights] of [
      [12_345, [7, 13, 1, 99]],
      [1, [3, 3]],
      [0, [5, 5]],
    ] as const) {
      const parts = allocate(total, weights);
      assert.equal(
        parts.reduce((a, b) => a + b, 0),
        total,
      );
    }
  });
});
