import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../clock.js';
import type { Tick } from './feed.js';
import { loadHolidayCalendar } from './holidays.js';
import { loadInstrumentMaster, loadSimulationModel } from './instruments.js';
import { createSimulatedMarket, indexFormula, type SimulatedMarket } from './simulated.js';
import { createTickHub } from './tickHub.js';

const calendar = loadHolidayCalendar(null);
const master = loadInstrumentMaster();
const model = loadSimulationModel();
const silent = { info: () => undefined, error: () => undefined };

/** An IST wall-clock time as a UTC instant. */
const ist = (text: string) => new Date(`${text}+05:30`);

async function startMarket(at: string, options: { seed?: number; alwaysOpen?: boolean } = {}) {
  const clock = new ManualClock(ist(at));
  const market = createSimulatedMarket({
    seed: options.seed ?? 7,
    alwaysOpen: options.alwaysOpen ?? false,
    clock,
    calendar,
    log: silent,
  });
  const hub = createTickHub();
  await market.start(hub);
  const batches: Tick[][] = [];
  hub.subscribe((ticks) => batches.push([...ticks]));
  return { market, hub, clock, batches };
}

/** Moves the clock and lets the market publish up to it, as its one-second timer does. */
function advance(m: { market: SimulatedMarket; clock: ManualClock }, to: string) {
  m.clock.set(ist(to));
  m.market.advanceTo(m.clock.now());
}

const onTick = (price: number) => Math.abs(price * 20 - Math.round(price * 20)) < 1e-9 && price > 0;
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const covariance = (a: number[], b: number[]) => {
  const ma = mean(a);
  const mb = mean(b);
  return a.reduce((sum, x, i) => sum + (x - ma) * (b[i]! - mb), 0) / (a.length - 1);
};
const logReturns = (closes: number[]) => closes.slice(1).map((c, i) => Math.log(c / closes[i]!));

describe('simulated NSE market', () => {
  it('publishes every equity and index before start resolves', async () => {
    const m = await startMarket('2026-11-20T10:30:00');
    try {
      const symbols = m.hub
        .all()
        .map((t) => t.symbol)
        .sort();
      assert.deepEqual(
        symbols,
        [...master.equities.map((e) => e.symbol), 'NIFTY_50', 'SENSEX', 'BANK_NIFTY'].sort(),
      );
      assert.equal(m.market.source, 'simulated');
      assert.equal(m.hub.lastTickAt(), ist('2026-11-20T10:30:00').getTime());
    } finally {
      await m.market.stop();
    }
  });

  it('is reproducible: the same seed gives the same prices at the same instant, another seed others', async () => {
    const a = await startMarket('2026-11-20T11:00:00');
    const b = await startMarket('2026-11-20T11:00:00');
    const other = await startMarket('2026-11-20T11:00:00', { seed: 8 });
    try {
      assert.deepEqual(b.hub.all(), a.hub.all());
      const differing = a.hub.all().filter((t) => other.hub.last(t.symbol)!.ltp !== t.ltp);
      assert.ok(differing.length > 55, `only ${differing.length} prices differ`);
    } finally {
      await Promise.all([a.market.stop(), b.market.stop(), other.market.stop()]);
    }
  });

  it('regenerates the day after a restart mid-session: same prices, highs, lows and volumes', async () => {
    const running = await startMarket('2026-11-20T09:15:00');
    try {
      // Second by second for a while, then a long jump (the catch-up publishes each minute's knot).
      for (let s = 1; s <= 120; s += 1) {
        running.clock.advance(1000);
        running.market.advanceTo(running.clock.now());
      }
      assert.equal(running.batches.length, 120);
      advance(running, '2026-11-20T13:47:31');
      const restarted = await startMarket('2026-11-20T13:47:31');
      try {
        assert.deepEqual(restarted.hub.all(), running.hub.all());
      } finally {
        await restarted.market.stop();
      }
    } finally {
      await running.market.stop();
    }
  });

  it('prices equities on the 0.05 tick, in ticks and in five years of candles', async () => {
    const m = await startMarket('2026-11-20T12:34:56');
    try {
      advance(m, '2026-11-20T12:35:30');
      for (const tick of m.batches.flat().filter((t) => t.kind === 'equity')) {
        for (const price of [tick.ltp, tick.open, tick.high, tick.low, tick.previousClose]) {
          assert.ok(onTick(price), `${tick.symbol} ${price}`);
        }
        assert.ok(tick.low <= tick.ltp && tick.ltp <= tick.high, tick.symbol);
      }
      for (const symbol of ['RELIANCE', 'IDFCFIRSTB', 'MARUTI']) {
        for (const c of await m.market.dailyCandles(symbol, '2000-01-01', '2026-11-20')) {
          for (const price of [c.open, c.high, c.low, c.close])
            assert.ok(onTick(price), `${symbol} ${c.date}`);
          assert.ok(
            c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close),
            `${symbol} ${c.date}`,
          );
        }
      }
    } finally {
      await m.market.stop();
    }
  });

  it('has five years of daily candles over NSE trading days only, ending with today', async () => {
    const m = await startMarket('2026-11-20T10:30:00');
    try {
      const candles = await m.market.dailyCandles('NIFTY_50', '2020-01-01', '2026-12-31');
      let expected = 0;
      for (
        let d = new Date('2021-11-21T00:00:00Z');
        d <= new Date('2026-11-20T00:00:00Z');
        d.setUTCDate(d.getUTCDate() + 1)
      ) {
        const date = d.toISOString().slice(0, 10);
        if (isWeekday(date) && calendar.holidayName(date) === null) expected += 1;
      }
      assert.equal(candles.length, expected);
      assert.ok(candles.length >= 1235 && candles.length <= 1262, `${candles.length} days`);
      // 21 November 2021, the day after five years back, is a Sunday: the history starts on the Monday.
      assert.equal(candles[0]!.date, '2021-11-22');
      assert.equal(candles.at(-1)!.date, '2026-11-20');
      for (const c of candles) {
        assert.ok(isWeekday(c.date), `${c.date} is a weekend`);
        assert.equal(calendar.holidayName(c.date), null, `${c.date} is a holiday`);
      }
      const dates = candles.map((c) => c.date);
      assert.ok(
        !dates.includes('2024-11-20') && !dates.includes('2026-11-10'),
        'election day and Balipratipada',
      );
      assert.ok(dates.includes('2024-11-19') && dates.includes('2024-11-21'));
    } finally {
      await m.market.stop();
    }
  });

  it("builds today's candle from the intraday path and the tick's previous close from yesterday's", async () => {
    const m = await startMarket('2026-11-20T14:05:00');
    try {
      for (const symbol of ['HDFCBANK', 'NIFTY_50', 'BANK_NIFTY']) {
        const tick = m.hub.last(symbol)!;
        const [yesterday, today] = await m.market.dailyCandles(symbol, '2026-11-19', '2026-11-20');
        assert.deepEqual(today, {
          date: '2026-11-20',
          open: tick.open,
          high: tick.high,
          low: tick.low,
          close: tick.ltp,
          volume: tick.volume,
        });
        assert.equal(tick.previousClose, yesterday!.close);
      }
      // Across a weekend and a holiday: Wednesday 25 November follows Monday 23 (24th: Guru Nanak Jayanti).
      const wednesday = await startMarket('2026-11-25T10:00:00');
      try {
        const [monday] = await wednesday.market.dailyCandles('TCS', '2026-11-23', '2026-11-24');
        assert.equal(monday!.date, '2026-11-23');
        assert.equal(wednesday.hub.last('TCS')!.previousClose, monday!.close);
      } finally {
        await wednesday.market.stop();
      }
    } finally {
      await m.market.stop();
    }
  });

  it("gives a day the same candle after its close as in the next days' history", async () => {
    const evening = await startMarket('2026-11-20T15:45:00');
    const nextWeek = await startMarket('2026-11-26T12:00:00');
    try {
      for (const symbol of ['NIFTY_50', 'SENSEX', 'BANK_NIFTY', 'ETERNAL', 'PNB']) {
        const tonight = await evening.market.dailyCandles(symbol, '2026-11-18', '2026-11-20');
        const later = await nextWeek.market.dailyCandles(symbol, '2026-11-18', '2026-11-20');
        assert.deepEqual(later, tonight, symbol);
        const close = evening.hub.last(symbol)!;
        assert.deepEqual(
          [close.open, close.high, close.low, close.ltp, close.volume],
          [tonight[2]!.open, tonight[2]!.high, tonight[2]!.low, tonight[2]!.close, tonight[2]!.volume],
        );
      }
    } finally {
      await Promise.all([evening.market.stop(), nextWeek.market.stop()]);
    }
  });

  it('opens near the previous close and builds volume through the day up to the close', async () => {
    const m = await startMarket('2026-11-20T09:15:00');
    try {
      for (const tick of m.hub.all()) {
        assert.equal(tick.ltp, tick.open, `${tick.symbol} starts at its open`);
        const gap = Math.abs(tick.open / tick.previousClose - 1);
        assert.ok(gap < (tick.kind === 'index' ? 0.015 : 0.05), `${tick.symbol} gaps ${gap}`);
      }
      const volumes = (symbol: string) =>
        m.batches.map((batch) => batch.find((t) => t.symbol === symbol)!.volume);
      for (const time of ['09:16:00', '10:00:00', '12:00:00', '14:00:00', '15:29:00', '15:30:00']) {
        advance(m, `2026-11-20T${time}`);
      }
      const sbi = volumes('SBIN');
      assert.ok(
        sbi.every((v, i) => i === 0 || v >= sbi[i - 1]!),
        'volume never falls',
      );
      assert.ok(sbi[0]! > 0 && sbi.at(-1)! > sbi[0]!);
      const close = m.hub.last('SBIN')!;
      assert.equal(close.ts, ist('2026-11-20T15:30:00').getTime());
      const [candle] = await m.market.dailyCandles('SBIN', '2026-11-20', '2026-11-20');
      assert.equal(close.volume, candle!.volume);
      assert.equal(close.ltp, candle!.close);
    } finally {
      await m.market.stop();
    }
  });

  it('ticks every second in the session and holds the last close outside it', async () => {
    const m = await startMarket('2026-11-20T10:30:00');
    try {
      advance(m, '2026-11-20T10:30:05');
      assert.deepEqual(
        m.batches.map((b) => new Date(b[0]!.ts).toISOString()),
        ['05:00:01', '05:00:02', '05:00:03', '05:00:04', '05:00:05'].map((t) => `2026-11-20T${t}.000Z`),
      );
      assert.ok(m.batches.every((b) => b.length === master.equities.length + 3));
      assert.equal(m.market.isSessionOpen(ist('2026-11-20T10:30:05')), true);
    } finally {
      await m.market.stop();
    }

    const evening = await startMarket('2026-11-20T16:00:00');
    try {
      const [candle] = await evening.market.dailyCandles('INFY', '2026-11-20', '2026-11-20');
      assert.equal(evening.hub.last('INFY')!.ltp, candle!.close, 'the hub holds the close');
      assert.equal(evening.hub.lastTickAt(), ist('2026-11-20T15:30:00').getTime());
      advance(evening, '2026-11-20T16:00:10');
      advance(evening, '2026-11-21T11:00:00'); // Saturday
      advance(evening, '2026-11-23T09:14:59'); // Monday, before the open
      assert.equal(evening.batches.length, 0);
      assert.equal(evening.market.isSessionOpen(ist('2026-11-21T11:00:00')), false);
      advance(evening, '2026-11-23T09:15:00');
      assert.equal(evening.batches.length, 1);
      assert.equal(evening.batches[0]![0]!.ts, ist('2026-11-23T09:15:00').getTime());
      assert.equal(evening.hub.last('INFY')!.previousClose, candle!.close, "Monday's base is Friday's close");
    } finally {
      await evening.market.stop();
    }
  });

  it('stamps each batch with the millisecond it is published at, not the whole second before it', async () => {
    // The one-second timer fires a few milliseconds late, from whenever the server started.
    const m = await startMarket('2026-11-20T10:30:00.400');
    try {
      assert.equal(m.hub.lastTickAt(), ist('2026-11-20T10:30:00.400').getTime());
      advance(m, '2026-11-20T10:30:01.437');
      advance(m, '2026-11-20T10:30:02.441');
      assert.deepEqual(
        m.batches.map((b) => new Date(b[0]!.ts).toISOString()),
        ['2026-11-20T05:00:01.437Z', '2026-11-20T05:00:02.441Z'],
      );
      assert.ok(m.batches.every((b) => b.every((tick) => tick.ts === b[0]!.ts)));
      // A pause of about three seconds publishes three batches about a second apart, the last now.
      advance(m, '2026-11-20T10:30:05.447');
      assert.deepEqual(
        m.batches.slice(2).map((b) => new Date(b[0]!.ts).toISOString()),
        ['2026-11-20T05:00:03.443Z', '2026-11-20T05:00:04.445Z', '2026-11-20T05:00:05.447Z'],
      );
    } finally {
      await m.market.stop();
    }
  });

  it('keeps prices moving at any hour when always open, with the same closes', async () => {
    const m = await startMarket('2026-11-21T22:00:00', { alwaysOpen: true }); // Saturday night
    const normal = await startMarket('2026-11-21T22:00:00');
    try {
      assert.equal(m.market.isSessionOpen(ist('2026-11-21T22:00:00')), true);
      advance(m, '2026-11-21T22:00:10');
      assert.equal(m.batches.length, 10);
      const first = m.batches[0]!;
      const moved = m.hub.all().filter((t) => t.ltp !== first.find((x) => x.symbol === t.symbol)!.ltp);
      assert.ok(moved.length > 0, 'prices move');
      const closes = async (market: SimulatedMarket) =>
        (await market.dailyCandles('NIFTY_50', '2026-11-01', '2026-11-20')).map((c) => c.close);
      assert.deepEqual(await closes(m.market), await closes(normal.market));
    } finally {
      await Promise.all([m.market.stop(), normal.market.stop()]);
    }
  });

  it('computes index levels from their constituents, starting at the real levels', async () => {
    const m = await startMarket('2026-11-20T11:11:11');
    try {
      for (const index of master.indices) {
        const formula = indexFormula(index, master);
        const tick = m.hub.last(index.id)!;
        const fromLastPrices =
          formula.positions.reduce(
            (sum, p, j) => sum + formula.weights[j]! * m.hub.last(master.equities[p]!.symbol)!.ltp,
            0,
          ) / formula.divisor;
        // Levels use the constituents' model prices; their last prices are those to the nearest 0.025.
        const rounding = (formula.weights.reduce((a, b) => a + b, 0) * 0.025) / formula.divisor + 0.005;
        assert.ok(
          Math.abs(tick.ltp - fromLastPrices) <= rounding,
          `${index.id} ${tick.ltp} vs ${fromLastPrices}`,
        );

        // On the reference date the closes are the reference prices and the levels the real ones.
        const [reference] = await m.market.dailyCandles(index.id, model.referenceDate, model.referenceDate);
        assert.equal(reference!.close, index.referenceLevel);
        // A year later the level has wandered, but stays near the real one.
        assert.ok(
          Math.abs(tick.ltp / index.referenceLevel - 1) < 0.2,
          `${index.id} at ${tick.ltp} vs ${index.referenceLevel}`,
        );
      }
      const [reliance] = await m.market.dailyCandles('RELIANCE', model.referenceDate, model.referenceDate);
      assert.equal(reliance!.close, master.bySymbol('RELIANCE')!.simulation.referencePrice);
    } finally {
      await m.market.stop();
    }
  });

  it('moves stocks with the market by their betas: realistic betas, correlations and index volatility', async () => {
    const m = await startMarket('2026-11-20T08:00:00');
    try {
      const closes = async (symbol: string) =>
        (await m.market.dailyCandles(symbol, '2000-01-01', '2026-11-19')).map((c) => c.close);
      const nifty = logReturns(await closes('NIFTY_50'));
      const niftyVariance = covariance(nifty, nifty);
      const dailyVolatility = Math.sqrt(niftyVariance);
      assert.ok(
        dailyVolatility > 0.008 && dailyVolatility < 0.013,
        `NIFTY daily volatility ${dailyVolatility}`,
      );

      const returns: number[][] = [];
      const errors: number[] = [];
      for (const equity of master.equities) {
        const r = logReturns(await closes(equity.symbol));
        assert.equal(r.length, nifty.length);
        returns.push(r);
        const beta = covariance(r, nifty) / niftyVariance;
        // Standard error of the estimate, from the residuals.
        const residual = r.map((x, i) => x - beta * nifty[i]!);
        const standardError = Math.sqrt(covariance(residual, residual) / (niftyVariance * (r.length - 2)));
        const error = beta - equity.simulation.beta;
        assert.ok(
          Math.abs(error) <= 0.25 || Math.abs(error) <= 4 * standardError,
          `${equity.symbol}: beta ${beta.toFixed(2)}, configured ${equity.simulation.beta}`,
        );
        errors.push(Math.abs(error));
      }
      assert.ok(mean(errors) < 0.1, `mean beta error ${mean(errors)}`);

      const correlations: number[] = [];
      for (let i = 0; i < returns.length; i += 1) {
        for (let j = i + 1; j < returns.length; j += 1) {
          const c = covariance(returns[i]!, returns[j]!);
          correlations.push(
            c / Math.sqrt(covariance(returns[i]!, returns[i]!) * covariance(returns[j]!, returns[j]!)),
          );
        }
      }
      assert.ok(Math.min(...correlations) > 0, 'every pair of stocks is positively correlated');
      assert.ok(
        mean(correlations) > 0.2 && mean(correlations) < 0.5,
        `mean correlation ${mean(correlations)}`,
      );
    } finally {
      await m.market.stop();
    }
  });

  it('refuses candles of an unknown symbol or with a malformed date', async () => {
    const m = await startMarket('2026-11-20T10:30:00');
    try {
      await assert.rejects(
        m.market.dailyCandles('ACME', '2026-01-01', '2026-11-20'),
        /ACME is not an instrument/,
      );
      await assert.rejects(m.market.dailyCandles('TCS', '2026-1-1', '2026-11-20'), /from must be a date/);
      assert.deepEqual(
        await m.market.dailyCandles('TCS', '2026-11-21', '2026-11-22'),
        [],
        'a weekend has none',
      );
    } finally {
      await m.market.stop();
    }
  });
});
