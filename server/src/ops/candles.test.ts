/**
 * The tick-streaming monitor's pure parts on hand-worked ticks: one-second candles (OHLC, volume
 * from the cumulative volume, second boundaries, out-of-order ticks, eviction), the per-second
 * counters, and the overall health rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCandleBuilder, createSecondCounters } from './candles.js';
import { tickHealth, type TickHealthInput } from './tickStreaming.js';

/** 20 November 2026, 10:30:00 IST, in epoch ms. */
const T0 = Date.parse('2026-11-20T05:00:00.000Z');
const S0 = T0 / 1000;

const tick = (ltp: number, volume: number, ms: number, symbol = 'RELIANCE') => ({
  symbol,
  ltp,
  volume,
  ts: T0 + ms,
});

describe('one-second candles', () => {
  it('take the first, highest, lowest and last price of each second, and the volume traded in it', () => {
    const builder = createCandleBuilder({ keepSeconds: 300, maxSymbols: 10 });
    // Second 0: 2500 (first tick: its volume is the day so far, none of it known to be this second's),
    // 2504 (+150 shares), 2498 (+50); second 1 starts at exactly 1000 ms: 2501 (+300).
    assert.equal(builder.add(tick(2500, 10_000, 0)), 'applied');
    builder.add(tick(2504, 10_150, 250));
    builder.add(tick(2498, 10_200, 999));
    builder.add(tick(2501, 10_500, 1000));
    assert.deepEqual(builder.candles('RELIANCE', 300), [
      { second: S0, open: 2500, high: 2504, low: 2498, close: 2498, volume: 200, ticks: 3 },
      { second: S0 + 1, open: 2501, high: 2501, low: 2501, close: 2501, volume: 300, ticks: 1 },
    ]);
    assert.equal(builder.newestSecond(), S0 + 1);
  });

  it('leave out a tick older than the newest of its symbol, and count no volume when it falls', () => {
    const builder = createCandleBuilder({ keepSeconds: 300, maxSymbols: 10 });
    builder.add(tick(2500, 10_000, 1500));
    assert.equal(builder.add(tick(2600, 10_400, 1200)), 'out_of_order');
    // The same instant again is in order; a cumulative volume below the last (a new day) adds none.
    assert.equal(builder.add(tick(2502, 9_000, 1500)), 'applied');
    assert.deepEqual(builder.candles('RELIANCE', 300), [
      { second: S0 + 1, open: 2500, high: 2502, low: 2500, close: 2502, volume: 0, ticks: 2 },
    ]);
  });

  it('keep each symbol apart, and skip seconds without ticks', () => {
    const builder = createCandleBuilder({ keepSeconds: 300, maxSymbols: 10 });
    builder.add(tick(24_000, 0, 0, 'NIFTY_50'));
    builder.add(tick(2500, 100, 0));
    builder.add(tick(24_010.5, 0, 3_200, 'NIFTY_50'));
    assert.deepEqual(
      builder.candles('NIFTY_50', 300).map((c) => [c.second - S0, c.open, c.close, c.volume]),
      [
        [0, 24_000, 24_000, 0],
        [3, 24_010.5, 24_010.5, 0],
      ],
    );
    assert.equal(builder.candles('RELIANCE', 300).length, 1);
    assert.deepEqual(builder.candles('TCS', 300), []);
  });

  it('keep the last 300 seconds of a symbol and answer a shorter span ending at its newest second', () => {
    const builder = createCandleBuilder({ keepSeconds: 300, maxSymbols: 10 });
    for (let s = 0; s < 400; s += 1) builder.add(tick(2500 + s, 100 + s, s * 1000));
    const kept = builder.candles('RELIANCE', 300);
    assert.equal(kept.length, 300);
    // Seconds 100..399 remain: 399 - 300 = 99 and everything before it went.
    assert.deepEqual([kept[0]?.second, kept.at(-1)?.second], [S0 + 100, S0 + 399]);
    const last120 = builder.candles('RELIANCE', 120);
    assert.deepEqual([last120.length, last120[0]?.second, last120[0]?.open], [120, S0 + 280, 2780]);
    // A gap: the next tick 200 seconds later drops everything older than 300 seconds before it.
    builder.add(tick(3000, 1000, 599_000));
    assert.deepEqual(
      [builder.candles('RELIANCE', 300).length, builder.candles('RELIANCE', 300)[0]?.second],
      [101, S0 + 300],
    );
  });

  it('follow at most maxSymbols symbols', () => {
    const builder = createCandleBuilder({ keepSeconds: 300, maxSymbols: 2 });
    builder.add(tick(1, 0, 0, 'A'));
    builder.add(tick(1, 0, 0, 'B'));
    assert.equal(builder.add(tick(1, 0, 0, 'C')), 'ignored');
    assert.equal(builder.symbolCount(), 2);
    assert.equal(builder.add(tick(2, 0, 10, 'A')), 'applied');
  });

  it('hand out copies', () => {
    const builder = createCandleBuilder({ keepSeconds: 300, maxSymbols: 2 });
    builder.add(tick(2500, 0, 0));
    builder.candles('RELIANCE', 300)[0]!.close = 1;
    assert.equal(builder.candles('RELIANCE', 300)[0]?.close, 2500);
  });
});

describe('per-second counters', () => {
  it('sum whole seconds, leave out the current one when asked, and forget a second after a minute', () => {
    const counters = createSecondCounters(['ticks', 'errors'] as const);
    counters.add(T0 + 100, { ticks: 3 });
    counters.add(T0 + 900, { ticks: 2, errors: 1 });
    counters.add(T0 + 1_000, { ticks: 4 });
    counters.add(T0 + 2_500, { ticks: 1 });
    const now = T0 + 2_600;
    assert.equal(counters.total('ticks', now, 60), 10);
    assert.equal(counters.total('errors', now, 60), 1);
    // The last 2 complete seconds (second 2 is still running): 5 + 4.
    assert.equal(counters.total('ticks', now, 2, 1), 9);
    assert.deepEqual(
      counters.perSecond('ticks', now, 4).map(({ second, count }) => [second - S0, count]),
      [
        [-1, 0],
        [0, 5],
        [1, 4],
        [2, 1],
      ],
    );
    // 60 seconds on, second 0 is out of the window; its bucket is reused for second 60.
    assert.equal(counters.total('ticks', T0 + 60_000, 60), 5);
    counters.add(T0 + 60_000, { ticks: 7 });
    assert.equal(counters.total('ticks', T0 + 60_000, 60), 12);
    assert.equal(counters.total('errors', T0 + 60_000, 60), 0);
  });
});

describe('the overall health rule', () => {
  const open: TickHealthInput = {
    feedStatus: 'connected',
    sessionOpen: true,
    msSinceTick: 400,
    errorRate: 0,
    sendLatencyMs: 35,
  };

  it('is healthy while a connected feed delivers, or is quiet outside the session', () => {
    assert.deepEqual(tickHealth(open), {
      status: 'healthy',
      reasons: ['The market feed is connected and ticks are arriving.'],
    });
    assert.deepEqual(
      tickHealth({ ...open, sessionOpen: false, msSinceTick: 3_600_000, sendLatencyMs: null }),
      {
        status: 'healthy',
        reasons: ['The market feed is connected; the session is closed, so no ticks are expected.'],
      },
    );
  });

  it('is degraded while connecting, after 10 quiet seconds of a session, from 1% errors or a 1-second latency', () => {
    assert.deepEqual(tickHealth({ ...open, feedStatus: 'connecting' }).reasons, [
      'The market feed is still connecting.',
    ]);
    assert.equal(tickHealth({ ...open, msSinceTick: 9_999 }).status, 'healthy');
    assert.deepEqual(tickHealth({ ...open, msSinceTick: 10_000 }), {
      status: 'degraded',
      reasons: ['The session is open but no tick arrived for 10 seconds.'],
    });
    assert.equal(tickHealth({ ...open, errorRate: 0.0099 }).status, 'healthy');
    assert.deepEqual(tickHealth({ ...open, errorRate: 0.01 }).reasons, [
      "1% of the last minute's feed input failed to decode or came out of order (1% or more is degraded).",
    ]);
    assert.deepEqual(tickHealth({ ...open, sendLatencyMs: 1_000 }), {
      status: 'degraded',
      reasons: ['Ticks reach the browsers 1,000 ms after their own time (1,000 ms or more is degraded).'],
    });
  });

  it('is unhealthy when the feed is down, silent for 2 minutes of a session, or 10% of its input is bad', () => {
    assert.equal(tickHealth({ ...open, feedStatus: 'disconnected' }).status, 'unhealthy');
    assert.deepEqual(tickHealth({ ...open, feedStatus: 'reconnecting', msSinceTick: 15_000 }), {
      status: 'unhealthy',
      reasons: [
        'The market feed lost its connection and is reconnecting.',
        'The session is open but no tick arrived for 15 seconds.',
      ],
    });
    assert.deepEqual(tickHealth({ ...open, msSinceTick: 120_000 }).reasons, [
      'The session is open but no tick arrived for 120 seconds.',
    ]);
    assert.equal(tickHealth({ ...open, msSinceTick: 120_000 }).status, 'unhealthy');
    assert.deepEqual(tickHealth({ ...open, errorRate: 1 / 6 }), {
      status: 'unhealthy',
      reasons: [
        "16.7% of the last minute's feed input failed to decode or came out of order (10% or more is unhealthy).",
      ],
    });
  });
});
