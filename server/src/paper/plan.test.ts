import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entryChargesShare, planFill, type FillOrder, type PlanLot } from './plan.js';
import { EMPTY_DAY, type DayTrades } from './costs.js';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from './settings.js';

// DOMAIN.md's schedule at the defaults: ₹20 brokerage, delivery STT 0.1%, intraday STT 0.025% on
// sells, exchange 0.00345%, SEBI ₹10 a crore, stamp 0.015% / 0.003% on buys, GST 18%, DP ₹18.50.
const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);

function lot(
  id: number,
  fields: Partial<PlanLot> & Pick<PlanLot, 'openQuantity' | 'entryPricePaise'>,
): PlanLot {
  return {
    id,
    symbol: 'INFY',
    product: 'CNC',
    side: 'BUY',
    exitQuantity: 0,
    exitValuePaise: 0,
    exitChargesPaise: 0,
    realizedPnlPaise: 0,
    entryChargesPaise: 0,
    quantity: fields.openQuantity + (fields.exitQuantity ?? 0),
    ...fields,
  };
}

const sell = (quantity: number, product: FillOrder['product'] = 'CNC'): FillOrder => ({
  symbol: 'INFY',
  side: 'SELL',
  product,
  quantity,
});

function plan(input: Parameters<typeof planFill>[0]) {
  const result = planFill(input);
  assert.equal(result.rejection, null);
  return result.plan!;
}

/** A stock's day so far: its fills' turnover and what they paid (all zero unless given). */
const dayOf = (day: Partial<DayTrades>): DayTrades => ({ ...EMPTY_DAY, ...day });

describe('a fill plan', () => {
  // Two delivery lots, 10 @ ₹100 then 10 @ ₹110; 15 sold at ₹120.
  const lots = [
    lot(1, { openQuantity: 10, entryPricePaise: 10_000 }),
    lot(2, { openQuantity: 10, entryPricePaise: 11_000 }),
  ];

  it('closes the oldest lot first: 10 from the first, 5 from the second', () => {
    const p = plan({
      order: sell(15),
      pricePaise: 12_000,
      lots: [...lots].reverse(),
      today: new Map(),
      costs,
    });
    assert.deepEqual(
      p.closes.map((c) => [c.lotId, c.quantity, c.realizedPnlPaise]),
      [
        [1, 10, 10 * (12_000 - 10_000)], // ₹200
        [2, 5, 5 * (12_000 - 11_000)], // ₹50
      ],
    );
    assert.equal(p.realizedPnlPaise, 25_000, '₹250 before charges');
    assert.equal(p.opening, null, 'a delivery sell opens nothing');
  });

  it('charges the delivery sell by hand, DP included, and moves the cash after charges', () => {
    const p = plan({ order: sell(15), pricePaise: 12_000, lots, today: new Map(), costs });
    // Turnover ₹1,800: brokerage ₹20; STT 0.1% = ₹1.80, to the rupee ₹2; exchange 0.00345% =
    // 6.21 paise, 6; SEBI 0.18 paise, 0; no stamp on a sell; GST 18% of 2,006 paise = 361.08, 361;
    // DP ₹18.50 + 18% GST (₹3.33) = ₹21.83. Total ₹47.50.
    assert.deepEqual(p.charges, {
      brokerage: 2_000,
      stt: 200,
      exchange: 6,
      sebi: 0,
      stamp: 0,
      gst: 361,
      dp: 2_183,
      total: 4_750,
    });
    assert.equal(p.tradeCashPaise, 180_000);
    assert.equal(p.cashPaise, 175_250, '₹1,800 - ₹47.50');
    assert.equal(p.realizedPnlPaise - p.charges.total, 20_250, '₹202.50 realised after charges');
  });

  it('splits the charges 10 : 5 to the paisa and says what each lot becomes', () => {
    const p = plan({ order: sell(15), pricePaise: 12_000, lots, today: new Map(), costs });
    // 4,750 × 10/15 = 3,166.67 and 4,750 × 5/15 = 1,583.33: the spare paisa goes to the larger
    // remainder, the first lot.
    assert.deepEqual(
      p.closes.map((c) => [c.chargesPaise, c.after]),
      [
        [
          3_167,
          {
            openQuantity: 0,
            exitQuantity: 10,
            exitValuePaise: 120_000,
            exitChargesPaise: 3_167,
            realizedPnlPaise: 20_000,
          },
        ],
        [
          1_583,
          {
            openQuantity: 5,
            exitQuantity: 5,
            exitValuePaise: 60_000,
            exitChargesPaise: 1_583,
            realizedPnlPaise: 5_000,
          },
        ],
      ],
    );
  });

  it('adds to what a partly closed lot already records', () => {
    const partly = lot(2, {
      openQuantity: 5,
      entryPricePaise: 11_000,
      exitQuantity: 5,
      exitValuePaise: 60_000,
      exitChargesPaise: 1_583,
      realizedPnlPaise: 5_000,
    });
    const p = plan({
      order: sell(5),
      pricePaise: 11_500,
      lots: [partly],
      // Today's earlier sell of 5 at ₹120 paid STT ₹0.60 → ₹1 and the DP charge.
      today: new Map([
        ['INFY', dayOf({ soldQuantity: 5, soldPaise: 60_000, sttPaise: 100, dpPaise: 2_183 })],
      ]),
      costs,
    });
    // Turnover ₹575: brokerage ₹20; STT: the day's delivery sells are ₹1,175, 0.1% = ₹1.175 → ₹1
    // on the contract note, which the earlier sell paid: ₹0; exchange 1.98 → 2 paise, GST 18% of
    // 2,002 = 360.36 → 360; DP already paid today. Total ₹23.62.
    assert.equal(p.charges.total, 2_362);
    assert.equal(p.charges.stt, 0);
    assert.equal(p.charges.dp, 0);
    assert.deepEqual(p.closes[0]!.after, {
      openQuantity: 0,
      exitQuantity: 10,
      exitValuePaise: 60_000 + 57_500,
      exitChargesPaise: 1_583 + 2_362,
      realizedPnlPaise: 5_000 + 5 * 500,
    });
  });

  it('opens a lot with all the charges when nothing is closed', () => {
    const buy: FillOrder = { symbol: 'INFY', side: 'BUY', product: 'MIS', quantity: 10 };
    // Intraday buy of ₹1,000: brokerage ₹20, no STT, exchange 3.45 → 3 paise, stamp 0.003% = ₹0.03
    // → ₹0 (to the rupee), GST 18% of 2,003 = 360.54 → 361. Total ₹23.64.
    const p = plan({ order: buy, pricePaise: 10_000, lots, today: new Map(), costs });
    assert.deepEqual(p.closes, [], 'the delivery lots are another position');
    assert.deepEqual(p.opening, { quantity: 10, entryChargesPaise: 2_364 });
    assert.equal(p.cashPaise, -100_000 - 2_364);
  });

  it('closes an intraday long and opens a short with the rest, splitting the charges 5 : 3', () => {
    const long = lot(7, { product: 'MIS', openQuantity: 5, entryPricePaise: 10_000 });
    const p = plan({ order: sell(8, 'MIS'), pricePaise: 9_000, lots: [long], today: new Map(), costs });
    // Turnover ₹720: brokerage ₹20, intraday STT 0.025% = ₹0.18 → ₹0, exchange 2.48 → 2 paise,
    // GST 18% of 2,002 = 360.36 → 360. Total ₹23.62: 1,476.25 and 885.75, the spare paisa to the
    // larger remainder (the short).
    assert.equal(p.charges.total, 2_362);
    assert.deepEqual(
      p.closes.map((c) => [c.lotId, c.quantity, c.realizedPnlPaise, c.chargesPaise]),
      [[7, 5, -5_000, 1_476]],
    );
    assert.deepEqual(p.opening, { quantity: 3, entryChargesPaise: 886 });
    assert.equal(p.cashPaise, 72_000 - 2_362);
  });

  it('charges a sell of shares bought today as intraday, and closes the oldest lot all the same', () => {
    // 10 INFY from an earlier day at ₹100 (lot 1), 100 bought today at ₹1,000 (lot 2); 100 sold
    // at ₹1,010. P&L closes lot 1 then 90 of lot 2; the charges follow the day's contract note:
    // 100 shares bought and sold today settle as intraday.
    const held = [
      lot(1, { openQuantity: 10, entryPricePaise: 10_000 }),
      lot(2, { openQuantity: 100, entryPricePaise: 100_000 }),
    ];
    // Today's buy paid delivery STT ₹100 and stamp duty ₹15.
    const today = new Map([
      ['INFY', dayOf({ boughtQuantity: 100, boughtPaise: 10_000_000, sttPaise: 10_000, stampPaise: 1_500 })],
    ]);
    const p = plan({ order: sell(100), pricePaise: 101_000, lots: held, today, costs });
    // Turnover ₹1,01,000: brokerage ₹20; intraday STT 0.025% = ₹25.25 → ₹25, less the buy's
    // delivery STT 0.1% of ₹1,00,000 = ₹100: -₹75; stamp: the buy paid ₹15, owes ₹3: -₹12;
    // exchange 0.00345% = ₹3.4845 → ₹3.48; SEBI ₹0.101 → ₹0.10; GST 18% of ₹23.58 = ₹4.24;
    // no DP. Total -₹59.18: the sell brings ₹1,01,059.18.
    assert.deepEqual(p.charges, {
      brokerage: 2_000,
      stt: -7_500,
      exchange: 348,
      sebi: 10,
      stamp: -1_200,
      gst: 424,
      dp: 0,
      total: -5_918,
    });
    assert.equal(p.cashPaise, 10_100_000 + 5_918);
    assert.deepEqual(
      p.closes.map((c) => [c.lotId, c.quantity]),
      [
        [1, 10],
        [2, 90],
      ],
    );
  });

  it('still charges delivery and the DP charge for a sell of shares bought on earlier days', () => {
    const today = new Map([
      ['TCS', dayOf({ boughtQuantity: 100, boughtPaise: 10_000_000, sttPaise: 10_000, stampPaise: 1_500 })],
    ]);
    const p = plan({ order: sell(15), pricePaise: 12_000, lots, today, costs });
    assert.equal(p.charges.stt, 200, 'delivery STT: another stock was bought today');
    assert.equal(p.charges.dp, 2_183);
  });

  it('refuses a delivery sell of more shares than the lots hold', () => {
    const result = planFill({ order: sell(21), pricePaise: 12_000, lots, today: new Map(), costs });
    assert.equal(result.plan, null);
    assert.deepEqual(result.rejection, {
      limit: 'insufficient_holdings',
      message: 'Insufficient holdings: INFY has fewer delivery shares than this sell',
    });
  });

  it('passes over other symbols and lots already closed', () => {
    const others = [
      lot(1, { openQuantity: 0, entryPricePaise: 9_000 }),
      lot(2, { symbol: 'TCS', openQuantity: 10, entryPricePaise: 9_000 }),
      lot(3, { openQuantity: 4, entryPricePaise: 10_000 }),
    ];
    const p = plan({ order: sell(4), pricePaise: 12_000, lots: others, today: new Map(), costs });
    assert.deepEqual(
      p.closes.map((c) => [c.lotId, c.quantity]),
      [[3, 4]],
    );
  });
});

describe("a lot's entry charges over its exits", () => {
  it('split ₹10.01 over exits of 3, 3 and 4 of 10 shares as ₹3.00, ₹3.01 and ₹4.00, adding up to the paisa', () => {
    const entry = { entryChargesPaise: 1001, quantity: 10 };
    const shares = [
      entryChargesShare(entry, 0, 3),
      entryChargesShare(entry, 3, 6),
      entryChargesShare(entry, 6, 10),
    ];
    assert.deepEqual(shares, [300, 301, 400]); // round(300.3), round(600.6) - 300, 1001 - 601
    assert.equal(shares[0]! + shares[1]! + shares[2]!, 1001);
  });

  it('are carried by each close of a plan', () => {
    const p = plan({
      order: sell(4),
      pricePaise: 120_00,
      lots: [lot(1, { openQuantity: 10, entryPricePaise: 100_00, entryChargesPaise: 1001 })],
      today: new Map(),
      costs,
    });
    assert.equal(p.closes[0]!.entryChargesPaise, 400); // round(1001 × 4 / 10)
  });
});
