import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeFeedResponse, encodeFeedResponse } from './feedProto.js';
import { tickFromFeed } from './feed.js';

const at = (iso: string) => Date.parse(iso);

describe('feed messages', () => {
  it('round-trip through the protobuf FeedResponse, int64 fields as numbers', () => {
    const bytes = encodeFeedResponse({
      type: 'live_feed',
      currentTs: at('2026-11-20T05:00:01Z'),
      feeds: {
        'NSE_EQ|INE002A01018': {
          fullFeed: {
            marketFF: {
              ltpc: { ltp: 2501.25, ltt: at('2026-11-20T05:00:00Z'), ltq: 15, cp: 2480 },
              marketOHLC: {
                ohlc: [{ interval: '1d', open: 2485, high: 2510, low: 2475, close: 2501.25, vol: 1_200_015 }],
              },
              vtt: 1_200_015,
            },
          },
          requestMode: 'full_d5',
        },
        'NSE_INDEX|Nifty 50': { ltpc: { ltp: 24_350.55, cp: 24_200.1 }, requestMode: 'ltpc' },
      },
    });
    const decoded = decodeFeedResponse(bytes);
    assert.equal(decoded.type, 'live_feed');
    assert.equal(decoded.currentTs, at('2026-11-20T05:00:01Z'));
    assert.equal(
      decoded.feeds?.['NSE_EQ|INE002A01018']?.fullFeed?.marketFF?.ltpc?.ltt,
      at('2026-11-20T05:00:00Z'),
    );
    assert.equal(decoded.feeds?.['NSE_EQ|INE002A01018']?.fullFeed?.marketFF?.vtt, 1_200_015);
    assert.equal(decoded.feeds?.['NSE_EQ|INE002A01018']?.requestMode, 'full_d5');
    assert.equal(decoded.feeds?.['NSE_INDEX|Nifty 50']?.ltpc?.ltp, 24_350.55);
    assert.throws(() => decodeFeedResponse(Buffer.from('{"not":"protobuf"}')));
  });

  it('make a full tick from a full entry', () => {
    const tick = tickFromFeed(
      'RELIANCE',
      'equity',
      {
        fullFeed: {
          marketFF: {
            ltpc: { ltp: 2501.254, ltt: at('2026-11-20T05:00:00Z'), cp: 2480 },
            marketOHLC: {
              ohlc: [
                { interval: 'I1', open: 1, high: 1, low: 1 },
                { interval: '1d', open: 2485, high: 2510, low: 2475 },
              ],
            },
            vtt: 1_200_015,
          },
        },
      },
      0,
      undefined,
    );
    assert.deepEqual(tick, {
      symbol: 'RELIANCE',
      kind: 'equity',
      ltp: 2501.25,
      previousClose: 2480,
      open: 2485,
      high: 2510,
      low: 2475,
      volume: 1_200_015,
      ts: at('2026-11-20T05:00:00Z'),
    });
  });

  it('keep the session open, high, low and volume across ltpc-only updates, widening high and low, until a new IST day', () => {
    const previous = {
      symbol: 'RELIANCE',
      kind: 'equity' as const,
      ltp: 2500,
      previousClose: 2480,
      open: 2485,
      high: 2510,
      low: 2475,
      volume: 1_200_000,
      ts: at('2026-11-20T05:00:00Z'),
    };
    const higher = tickFromFeed(
      'RELIANCE',
      'equity',
      { ltpc: { ltp: 2515.5, ltt: at('2026-11-20T05:01:00Z') } },
      0,
      previous,
    );
    assert.deepEqual(
      higher && [higher.open, higher.high, higher.low, higher.volume, higher.previousClose],
      [2485, 2515.5, 2475, 1_200_000, 2480],
    );
    // 09:16 IST the next trading day: yesterday's session figures do not carry over.
    const nextDay = tickFromFeed(
      'RELIANCE',
      'equity',
      { ltpc: { ltp: 2520, ltt: at('2026-11-23T03:46:00Z'), cp: 2512 } },
      0,
      previous,
    );
    assert.deepEqual(
      nextDay && [nextDay.open, nextDay.high, nextDay.low, nextDay.volume, nextDay.previousClose],
      [2520, 2520, 2520, 0, 2512],
    );
  });

  it('skip entries without a price, and give indices no volume', () => {
    assert.equal(tickFromFeed('RELIANCE', 'equity', { ltpc: { cp: 2480 } }, 0, undefined), null);
    const index = tickFromFeed(
      'NIFTY_50',
      'index',
      { fullFeed: { indexFF: { ltpc: { ltp: 24_350.55, cp: 24_200.1 } } } },
      at('2026-11-20T05:00:00Z'),
      undefined,
    );
    assert.equal(index?.volume, 0);
    assert.equal(index?.ts, at('2026-11-20T05:00:00Z'));
  });
});
