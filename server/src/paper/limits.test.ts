import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PAPER_LIMITS, DEFAULT_RISK_LIMITS } from '@nivesh/api-contract';
import { checkOrder, splitOrder, type LimitBook, type OrderIntent, type OrderLimits } from './limits.js';

const TEN_LAKH = 100_000_000; // ₹10,00,000 in paise
const book = (overrides: Partial<LimitBook> = {}): LimitBook => ({
  cashPaise: TEN_LAKH,
  blockedPaise: 0,
  accountValuePaise: TEN_LAKH,
  grossExposurePaise: 0,
  positionQuantity: 0,
  positionCount: 0,
  dayLossPaise: 0,
  sector: 'Information Technology',
  sectorOthersPaise: 0,
  reducingOnly: [],
  halted: null,
  ...overrides,
});
const buy = (overrides: Partial<OrderIntent> = {}): OrderIntent => ({
  symbol: 'INFY',
  side: 'BUY',
  product: 'CNC',
  quantity: 10,
  pricePaise: 124_900, // ₹1,249
  chargesPaise: 2_000,
  ...overrides,
});
const limits: OrderLimits = {
  ...DEFAULT_PAPER_LIMITS,
  max_single_stock: DEFAULT_RISK_LIMITS.position_limits.max_single_stock,
  max_sector_exposure: DEFAULT_RISK_LIMITS.position_limits.max_sector_exposure,
};

describe('paper limit checks', () => {
  it('accepts an order within every limit', () => {
    assert.equal(checkOrder(buy(), book(), limits), null);
  });

  it('max_position_size: names the limit and the position the order would make', () => {
    const rejection = checkOrder(buy({ quantity: 10 }), book({ positionQuantity: 40 }), limits);
    assert.deepEqual(rejection, {
      limit: 'max_position_size',
      message: 'Max position size ₹50,000 exceeded: this order would make the INFY position ₹62,450.00',
    });
    assert.equal(checkOrder(buy({ quantity: 40 }), book(), limits), null, '₹49,960 is within ₹50,000');
  });

  it('max_daily_loss: refuses new positions once the day has lost the limit, counting the charges', () => {
    const rejection = checkOrder(buy(), book({ dayLossPaise: 2_499_000 }), limits);
    assert.equal(rejection?.limit, 'max_daily_loss');
    assert.equal(
      rejection?.message,
      "Max daily loss ₹25,000 exceeded: today's loss would be ₹25,010.00 with this order's charges (₹24,990.00 before it)",
    );
    assert.equal(checkOrder(buy(), book({ dayLossPaise: 2_497_000 }), limits), null);
  });

  it('max_portfolio_exposure: the share of the account in positions after the order', () => {
    const rejection = checkOrder(buy({ quantity: 39 }), book({ grossExposurePaise: 76_000_000 }), limits);
    // ₹7,60,000 + 39 × ₹1,249 = ₹8,08,711 of ₹9,99,980 (after ₹20 charges)
    assert.deepEqual(rejection, {
      limit: 'max_portfolio_exposure',
      message:
        'Max portfolio exposure 80% exceeded: this order would put 80.87% of the account in positions (₹8,08,711.00 of ₹9,99,980.00)',
    });
    assert.equal(checkOrder(buy({ quantity: 30 }), book({ grossExposurePaise: 76_000_000 }), limits), null);
  });

  it('max_positions_count: a new symbol is refused at the limit, adding to a held one is not', () => {
    const full = book({ positionCount: 10 });
    assert.deepEqual(checkOrder(buy({ symbol: 'TCS' }), full, limits), {
      limit: 'max_positions_count',
      message: 'Max positions count 10 exceeded: this order would open TCS as position 11',
    });
    assert.equal(checkOrder(buy(), { ...full, positionQuantity: 5 }, limits), null);
  });

  it('min_balance_threshold: an opening order may not leave less than the threshold available', () => {
    const rejection = checkOrder(buy({ quantity: 20 }), book({ cashPaise: 12_000_000 }), limits);
    // ₹1,20,000 - (20 × ₹1,249 + ₹20) = ₹95,000
    assert.deepEqual(rejection, {
      limit: 'min_balance_threshold',
      message: 'Min balance ₹1,00,000 would be breached: this order would leave ₹95,000.00 available',
    });
  });

  it('insufficient_funds: the order costs more than the cash not already blocked', () => {
    const relaxed = { ...limits, min_balance_threshold: 0 };
    const rejection = checkOrder(
      buy({ quantity: 30 }),
      book({ cashPaise: 5_000_000, blockedPaise: 2_000_000 }),
      relaxed,
    );
    assert.deepEqual(rejection, {
      limit: 'insufficient_funds',
      message: 'Insufficient funds: this order needs ₹37,490.00 and ₹30,000.00 is available',
    });
  });

  it('insufficient_holdings: a delivery sell needs the shares (no delivery short selling)', () => {
    const sell = buy({ side: 'SELL', quantity: 15 });
    assert.deepEqual(checkOrder(sell, book({ positionQuantity: 10 }), limits), {
      limit: 'insufficient_holdings',
      message:
        'Insufficient holdings: this order sells 15 INFY for delivery (CNC) and 10 shares are available to sell',
    });
    assert.equal(
      checkOrder(buy({ side: 'SELL', quantity: 10 }), book({ positionQuantity: 10 }), limits),
      null,
    );
  });

  it('never stops a closing order with a risk limit', () => {
    const stressed = book({
      positionQuantity: 10,
      dayLossPaise: 9_999_999,
      positionCount: 50,
      grossExposurePaise: 1e12,
    });
    assert.equal(checkOrder(buy({ side: 'SELL' }), stressed, limits), null);
  });

  it('an intraday sell beyond the long opens a short: risk limits and margin apply to that part', () => {
    assert.deepEqual(splitOrder('SELL', 15, 10), { closing: 10, opening: 5 });
    assert.deepEqual(splitOrder('BUY', 15, -10), { closing: 10, opening: 5 });
    const short = buy({ side: 'SELL', product: 'MIS', quantity: 50 });
    assert.equal(checkOrder(short, book({ positionQuantity: 0 }), limits)?.limit, 'max_position_size');
    const relaxed = { ...limits, min_balance_threshold: 0 };
    const margin = checkOrder(
      buy({ side: 'SELL', product: 'MIS', quantity: 10 }),
      book({ cashPaise: 1_000_000 }),
      relaxed,
    );
    assert.deepEqual(margin, {
      limit: 'insufficient_funds',
      message: 'Insufficient funds: this order needs ₹12,510.00 and ₹10,000.00 is available',
    });
  });

  it("scope 'funds' checks only funds and holdings (a resting order about to fill)", () => {
    assert.equal(checkOrder(buy(), book({ dayLossPaise: 9_999_999 }), limits, 'funds'), null);
    assert.equal(checkOrder(buy(), book({ cashPaise: 100 }), limits, 'funds')?.limit, 'insufficient_funds');
  });

  it('max_single_stock: refuses a position above its share of the account, naming both figures', () => {
    // 170 INFY at ₹1,249 = ₹2,12,330 of a ₹10,00,000 account (less ₹20 of charges): 21.23% > 20%.
    const rejection = checkOrder(buy({ quantity: 170 }), book(), { ...limits, max_position_size: 1_000_000 });
    assert.deepEqual(rejection, {
      limit: 'max_single_stock',
      message:
        'Max single stock 20% exceeded: this order would put 21.23% of the account in INFY (₹2,12,330.00 of ₹9,99,980.00)',
    });
    assert.equal(
      checkOrder(buy({ quantity: 160 }), book(), { ...limits, max_position_size: 1_000_000 }),
      null,
      '₹1,99,840 is 19.98%',
    );
  });

  it('max_sector_exposure: counts the other positions of the sector', () => {
    // ₹2,50,000 of other IT stocks + ₹1,87,350 of INFY = ₹4,37,350: 43.74% > 40%.
    const rejection = checkOrder(buy({ quantity: 150 }), book({ sectorOthersPaise: 25_000_000 }), {
      ...limits,
      max_position_size: 1_000_000,
    });
    assert.deepEqual(rejection, {
      limit: 'max_sector_exposure',
      message:
        'Max sector exposure 40% exceeded: this order would put 43.74% of the account in Information Technology (₹4,37,350.00 of ₹9,99,980.00)',
    });
  });

  it('loss limits: while one is crossed, only reducing orders pass', () => {
    const crossed = ["This week's loss ₹60,000 is past the ₹50,000 weekly loss limit."];
    const rejection = checkOrder(buy(), book({ reducingOnly: crossed }), limits);
    assert.deepEqual(rejection, {
      limit: 'loss_limit',
      message:
        "Reducing only: This week's loss ₹60,000 is past the ₹50,000 weekly loss limit. Only orders that reduce a position are accepted until it is back within the limit",
    });
    const sell = buy({ side: 'SELL', quantity: 10 });
    assert.equal(
      checkOrder(sell, book({ reducingOnly: crossed, positionQuantity: 40 }), limits),
      null,
      'a sale of held shares passes',
    );
  });

  it('emergency stop: while halted, only orders that close pass; a sale past the holding is refused', () => {
    const halted = 'Emergency stop in force since 24 Nov 2026, 10:05 IST (op: "feed looks wrong").';
    assert.deepEqual(checkOrder(buy(), book({ halted }), limits), {
      limit: 'emergency_stop',
      message:
        'Halted: Emergency stop in force since 24 Nov 2026, 10:05 IST (op: "feed looks wrong"). Only orders that close a position are accepted until it is lifted',
    });
    const sell = buy({ side: 'SELL', quantity: 10, product: 'MIS' });
    assert.equal(
      checkOrder(sell, book({ halted, positionQuantity: 10 }), limits),
      null,
      'closing 10 of 10 passes',
    );
    assert.equal(
      checkOrder(sell, book({ halted, positionQuantity: 4 }), limits)?.limit,
      'emergency_stop',
      'selling 10 against 4 would open a short of 6',
    );
  });
});
