/**
 * The backtest simulation on the simulated market's own history: walk-forward (no decision reads a
 * candle of its day or later), charges that are the paper engine's, and the stop-first rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../clock.js';
import type { Candle } from '../market/feed.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createSimulatedMarket } from '../market/simulated.js';
import { addToDay, computeCharges, type DayTrades } from '../paper/costs.js';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from '../paper/settings.js';
import { niftyUniverse } from '../research/service.js';
import {
  createSimulation,
  restingExit,
  SIGNAL_LOOKBACK_DAYS,
  type EngineInput,
  type EngineResult,
} from './engine.js';
import { addDays } from '../market/tradingDays.js';

const calendar = loadHolidayCalendar(null);
const market = createSimulatedMarket({
  seed: 7,
  alwaysOpen: false,
  clock: new ManualClock('2026-11-20T05:00:00.000Z'),
  calendar,
  log: { info() {}, error() {} },
});
const FROM = '2025-03-03';
const TO = '2025-05-30';
/** A dozen NIFTY 50 stocks keep the test quick; the rules do not depend on how many. */
const SYMBOLS = niftyUniverse(market).sort().slice(0, 12);

async function history(): Promise<{ candles: Map<string, Candle[]>; benchmark: Candle[] }> {
  const start = addDays(FROM, -SIGNAL_LOOKBACK_DAYS);
  const candles = new Map<string, Candle[]>();
  for (const symbol of SYMBOLS) candles.set(symbol, await market.dailyCandles(symbol, start, TO));
  return { candles, benchmark: await market.dailyCandles('NIFTY_50', start, TO) };
}

function run(
  strategy: EngineInput['params']['strategy'],
  data: { candles: Map<string, Candle[]>; benchmark: Candle[] },
): EngineResult {
  const days = data.benchmark.filter((c) => c.date >= FROM).map((c) => c.date);
  const simulation = createSimulation({
    params: { strategy, initialCapital: 1_000_000, dailyAmount: null },
    days,
    candles: data.candles,
    benchmark: data.benchmark,
    sectorOf: (symbol) => market.instrument(symbol)?.sector ?? 'Unknown',
    settings: DEFAULT_PAPER_SETTINGS,
  });
  while (!simulation.done) simulation.step();
  return simulation.result();
}

/** Every candle from `day` on moved: each by a different factor between 0.7 and 1.3, volume tripled. */
function perturbedFrom(day: string, candles: readonly Candle[]): Candle[] {
  return candles.map((c, i) => {
    if (c.date < day) return c;
    const f = 1 + 0.3 * Math.sin(i * 1.7);
    const round = (x: number) => Math.round(x * f * 20) / 20;
    return {
      ...c,
      open: round(c.open),
      high: round(c.high),
      low: round(c.low),
      close: round(c.close),
      volume: c.volume * 3,
    };
  });
}

describe('backtest simulation', () => {
  it('walk-forward: with every candle from day D on changed, each decision up to D and everything before D is the same', async () => {
    const data = await history();
    const base = run('trend_following', data);
    // Day D: halfway through the range. Its decisions are made before its open, so changing its
    // own candle (and every later one) must not change them; only what executed on D may differ.
    const d = base.days[Math.floor(base.days.length / 2)]!.day;
    const perturbed = run('trend_following', {
      candles: new Map([...data.candles].map(([s, list]) => [s, perturbedFrom(d, list)])),
      benchmark: perturbedFrom(d, data.benchmark),
    });

    const before = <T>(list: readonly T[], dayOf: (x: T) => string) => list.filter((x) => dayOf(x) < d);
    assert.ok(
      before(base.decisions, (x) => x.day).some((x) => x.action === 'ordered'),
      'the strategy bought something before D (the test is not empty)',
    );
    assert.ok(before(base.trades, (t) => t.exitDay).length > 0, 'and closed a trade before D');
    assert.deepEqual(
      before(perturbed.decisions, (x) => x.day),
      before(base.decisions, (x) => x.day),
    );
    assert.deepEqual(
      before(perturbed.fills, (x) => x.day),
      before(base.fills, (x) => x.day),
    );
    assert.deepEqual(
      before(perturbed.trades, (x) => x.exitDay),
      before(base.trades, (x) => x.exitDay),
    );
    assert.deepEqual(
      before(perturbed.days, (x) => x.day),
      before(base.days, (x) => x.day),
    );

    // D's own decisions: the same signals and the same plan (what became of an entry at D's open,
    // bought, refused or skipped on a gap, is execution and may differ).
    const planOf = (result: EngineResult) =>
      result.decisions
        .filter((x) => x.day === d)
        .map(({ symbol, strategy, confidence, price, quantity, reason }) =>
          quantity === null
            ? { symbol, strategy, confidence, price, reason }
            : { symbol, strategy, confidence, price, quantity },
        );
    assert.ok(planOf(base).length > 0, 'D has decisions to compare');
    assert.deepEqual(planOf(perturbed), planOf(base));
    // The change reached the decisions after D: the comparisons above could have failed.
    assert.notDeepEqual(
      perturbed.decisions.filter((x) => x.day > d),
      base.decisions.filter((x) => x.day > d),
    );
  });

  it("charges every fill as computeCharges does, with the day's same-day settlement, and trades net of both sides", async () => {
    const result = run('allocator', await history());
    assert.ok(result.fills.length > 10, `enough fills to check (${result.fills.length})`);
    const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);
    const days = new Map<string, DayTrades>();
    for (const fill of result.fills) {
      const key = `${fill.day}|${fill.symbol}`;
      const day = days.get(key);
      const expected = computeCharges({
        side: fill.side,
        product: 'CNC',
        quantity: fill.quantity,
        pricePaise: fill.pricePaise,
        settings: costs,
        day,
      });
      assert.deepEqual(fill.charges, expected, `${fill.side} ${fill.quantity} ${fill.symbol} on ${fill.day}`);
      days.set(key, addToDay(day, { ...fill, product: 'CNC', charges: expected }));
    }
    for (const trade of result.trades) {
      const entry = result.fills.find(
        (f) => f.side === 'BUY' && f.symbol === trade.symbol && f.day === trade.entryDay,
      )!;
      const exit = result.fills.find(
        (f) =>
          f.side === 'SELL' &&
          f.symbol === trade.symbol &&
          f.day === trade.exitDay &&
          f.kind === trade.exitReason,
      )!;
      assert.equal(trade.chargesPaise, entry.charges.total + exit.charges.total);
      assert.equal(
        trade.netPnlPaise,
        trade.quantity * (trade.exitPricePaise - trade.entryPricePaise) - trade.chargesPaise,
      );
    }
  });

  it('takes the stop first when a day holds both levels, and exits at the open when it gapped through', () => {
    const levels = { stopTriggerPaise: 95_00, targetPaise: 110_00 };
    assert.deepEqual(restingExit({ open: 100, high: 112, low: 94 }, levels), {
      reason: 'stop',
      levelPaise: 95_00,
      atOpen: false,
    });
    assert.deepEqual(restingExit({ open: 100, high: 111, low: 96 }, levels), {
      reason: 'target',
      levelPaise: 110_00,
      atOpen: false,
    });
    assert.deepEqual(restingExit({ open: 93.5, high: 99, low: 92 }, levels), {
      reason: 'stop',
      levelPaise: 93_50,
      atOpen: true,
    });
    assert.deepEqual(restingExit({ open: 114, high: 115, low: 90 }, levels), {
      reason: 'target',
      levelPaise: 114_00,
      atOpen: true,
    });
    // Bought at this open: the open is the entry, only the session's range counts.
    assert.deepEqual(restingExit({ open: 114, high: 115, low: 109 }, levels, false), {
      reason: 'target',
      levelPaise: 110_00,
      atOpen: false,
    });
    assert.equal(restingExit({ open: 100, high: 109.95, low: 95.05 }, levels), null);
  });
});
