import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addToDay,
  computeCharges,
  chargesToRupees,
  dayDuties,
  sameDayOf,
  type CostSettings,
  type DayTrades,
} from './costs.js';
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

/** The stock's day after a fill, with the charges the fill paid. */
const after = (
  day: DayTrades | undefined,
  fill: { side: 'BUY' | 'SELL'; product: 'CNC' | 'MIS'; quantity: number; pricePaise: number },
  charges: { stt: number; stamp: number; dp: number },
) => addToDay(day, { ...fill, charges });

describe('same-day settlement of delivery (CNC) trades', () => {
  // DOMAIN.md's worked example traded in one day: 5,000 shares at ₹1,000, zero brokerage, 0.00307%.
  const settings: CostSettings = { ...defaults, brokerage_per_trade: 0, transaction_charges: 0.00307 };
  const trade = { product: 'CNC' as const, quantity: 5000, pricePaise: 100_000, settings };

  it('charges a sell of shares bought today at intraday rates and takes back the buy’s delivery STT and stamp duty', () => {
    const buy = computeCharges({ ...trade, side: 'BUY' });
    // The buy cannot know yet: delivery STT 0.1% of ₹50,00,000 = ₹5,000, stamp 0.015% = ₹750,
    // exchange ₹153.50, SEBI ₹5, GST 18% of ₹158.50 = ₹28.53.
    assert.deepEqual(buy, {
      brokerage: 0,
      stt: 500_000,
      exchange: 15_350,
      sebi: 500,
      stamp: 75_000,
      gst: 2_853,
      dp: 0,
      total: 593_703,
    });
    const day = after(undefined, { ...trade, side: 'BUY' }, buy);
    assert.deepEqual(sameDayOf('SELL', 5000, day), { quantity: 5000 });
    const sell = computeCharges({ ...trade, side: 'SELL', day });
    // Intraday STT 0.025% = ₹1,250 on the sell, less the buy's ₹5,000: -₹3,750. Stamp: the buy
    // paid ₹750 and owes ₹150 at 0.003%: -₹600. No DP: no share leaves the demat account.
    assert.deepEqual(sell, {
      brokerage: 0,
      stt: -375_000,
      exchange: 15_350,
      sebi: 500,
      stamp: -60_000,
      gst: 2_853,
      dp: 0,
      total: -416_297,
    });
    // The round trip costs what an intraday round trip does: STT ₹1,250, stamp ₹150, exchange
    // ₹307, SEBI ₹10, GST ₹57.06 = ₹1,774.06 (₹11,124.06 as delivery, DP aside).
    const misBuy = computeCharges({ ...trade, product: 'MIS', side: 'BUY' });
    const misSell = computeCharges({ ...trade, product: 'MIS', side: 'SELL' });
    assert.equal(buy.total + sell.total, 177_406);
    assert.equal(misBuy.total + misSell.total, 177_406);
    assert.equal(buy.stt + sell.stt, misSell.stt, 'STT: the intraday rate on the sell only');
    assert.equal(buy.stamp + sell.stamp, misBuy.stamp, 'stamp duty: the intraday rate on the buy');
  });

  it('charges only the shares bought today as intraday when a sell also delivers older holdings', () => {
    // 100 bought today at ₹2,500 (STT ₹250, stamp ₹37.50 → ₹38); 120 sold at ₹2,600 (20 held from before).
    const buy = { side: 'BUY' as const, product: 'CNC' as const, quantity: 100, pricePaise: 250_000 };
    const day = after(undefined, buy, computeCharges({ ...buy, settings: defaults }));
    assert.deepEqual(sameDayOf('SELL', 120, day), { quantity: 100 });
    const sell = computeCharges({
      side: 'SELL',
      product: 'CNC',
      quantity: 120,
      pricePaise: 260_000,
      settings: defaults,
      day,
    });
    // The day's note: STT 0.025% of the matched ₹2,60,000 sold = ₹65 and 0.1% of the ₹52,000
    // delivered = ₹52: ₹117, less the buy's ₹250: -₹133. Stamp: the note's 0.003% of ₹2,50,000 =
    // ₹7.50 → ₹8, less the buy's ₹38: -₹30. Exchange 0.00345% of ₹3,12,000 = ₹10.764 → ₹10.76;
    // SEBI ₹0.312 → ₹0.31; GST 18% of ₹31.07 = ₹5.59; DP ₹21.83 (20 shares leave the demat
    // account). Total -₹104.51.
    assert.deepEqual(sell, {
      brokerage: 2_000,
      stt: -13_300,
      exchange: 1_076,
      sebi: 31,
      stamp: -3_000,
      gst: 559,
      dp: 2_183,
      total: -10_451,
    });
  });

  it('settles a buy-back of shares sold from holdings today as intraday, DP charge included', () => {
    // 100 held shares sold at ₹1,000 (delivery STT ₹100, DP ₹21.83), bought back at ₹990.
    const sale = { side: 'SELL' as const, product: 'CNC' as const, quantity: 100, pricePaise: 100_000 };
    const sold = computeCharges({ ...sale, settings: defaults });
    assert.equal(sold.stt, 10_000);
    assert.equal(sold.dp, 2_183);
    const day = after(undefined, sale, sold);
    assert.deepEqual(sameDayOf('BUY', 100, day), { quantity: 100 });
    const buy = computeCharges({
      side: 'BUY',
      product: 'CNC',
      quantity: 100,
      pricePaise: 99_000,
      settings: defaults,
      day,
    });
    // No STT on an intraday buy, and the sell owes 0.025% (₹25) of the ₹100 it paid: -₹75. Stamp
    // 0.003% of ₹99,000 = ₹2.97 → ₹3. The DP charge comes back: -₹21.83. Exchange ₹3.4155 → ₹3.42,
    // SEBI ₹0.10, GST 18% of ₹23.52 = ₹4.23. Total -₹66.08.
    assert.deepEqual(buy, {
      brokerage: 2_000,
      stt: -7_500,
      exchange: 342,
      sebi: 10,
      stamp: 300,
      gst: 423,
      dp: -2_183,
      total: -6_608,
    });
  });

  it('matches only what no earlier trade of the day matched', () => {
    const none = { stt: 0, stamp: 0, dp: 0 };
    let day = after(undefined, { side: 'BUY', product: 'CNC', quantity: 10, pricePaise: 100_000 }, none);
    day = after(day, { side: 'SELL', product: 'CNC', quantity: 4, pricePaise: 101_000 }, none);
    assert.deepEqual(sameDayOf('SELL', 10, day), { quantity: 6 });
    assert.equal(sameDayOf('BUY', 5, day), null, 'no sell of the day is left to match a buy');
    assert.equal(sameDayOf('SELL', 5, undefined), null, 'nothing traded today');
  });
});

describe('STT and stamp duty rounded per stock per day, as the contract note rounds them', () => {
  // PNB at ₹100.35: 70 shares a buy is ₹7,024.50; intraday stamp 0.003% = ₹0.21 a buy, ₹0 each if
  // rounded alone. The day's ten buys are ₹70,245 on the note: ₹2.107 → ₹2 of stamp duty.
  const buy = { side: 'BUY' as const, product: 'MIS' as const, quantity: 70, pricePaise: 10_035 };

  it("charges ten intraday buys the note's ₹2 of stamp duty, each paying the day's rounding as it crosses a rupee", () => {
    assert.equal(computeCharges({ ...buy, settings: defaults }).stamp, 0, 'one buy alone: ₹0.21 → ₹0');
    let day: DayTrades | undefined;
    const stamps: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const charges = computeCharges({ ...buy, settings: defaults, day });
      stamps.push(charges.stamp);
      day = after(day, buy, charges);
    }
    // Running totals ₹0.21, 0.42, 0.63 (→ ₹1), 0.84, 1.05, 1.26, 1.47, 1.69 (→ ₹2), 1.90, 2.11.
    assert.deepEqual(stamps, [0, 0, 100, 0, 0, 0, 0, 100, 0, 0]);
    assert.equal(day!.stampPaise, 200);
    assert.deepEqual(dayDuties(day!, defaults), { stt: 0, stamp: 200, dp: 0 });
  });

  it('rounds the STT of a day of intraday sells once: ten sells of ₹7,024.50 pay ₹18 (₹17.56 on the note), not ₹20', () => {
    const sell = { ...buy, side: 'SELL' as const };
    assert.equal(computeCharges({ ...sell, settings: defaults }).stt, 200, '0.025% = ₹1.756 → ₹2 alone');
    let day: DayTrades | undefined;
    let stt = 0;
    for (let i = 0; i < 10; i += 1) {
      const charges = computeCharges({ ...sell, settings: defaults, day });
      stt += charges.stt;
      day = after(day, sell, charges);
    }
    assert.equal(stt, 1_800);
  });

  it('keeps delivery and intraday trades of one stock on one note: a CNC buy and an MIS sell of the day', () => {
    // CNC buy 10 at ₹1,000 (STT ₹10, stamp ₹1.50 → ₹2), then MIS sell 10 at ₹1,010: its STT
    // 0.025% of ₹10,100 = ₹2.525; the note's STT is ₹10 + ₹2.525 = ₹12.525 → ₹13: the sell pays ₹3.
    const cnc = { side: 'BUY' as const, product: 'CNC' as const, quantity: 10, pricePaise: 100_000 };
    const paid = computeCharges({ ...cnc, settings: defaults });
    assert.equal(paid.stt, 1_000);
    const day = after(undefined, cnc, paid);
    const mis = computeCharges({
      side: 'SELL',
      product: 'MIS',
      quantity: 10,
      pricePaise: 101_000,
      settings: defaults,
      day,
    });
    assert.equal(mis.stt, 300);
    assert.equal(mis.dp, 0, 'no DP on an intraday sell');
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
