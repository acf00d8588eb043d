/**
 * The market overview: NIFTY 50, SENSEX and Bank NIFTY from the tick hub's latest index ticks (the
 * running session's level, or the last close outside it), with the change since the previous
 * session's close and the feed they came from.
 */
import {
  MARKET_INDEX_NAMES,
  MarketIndexId,
  type IndexQuote,
  type MarketOverview,
} from '@nivesh/api-contract';
import type { MarketFeed, Tick, TickHub } from './feed.js';

const toHundredths = (value: number) => Math.round(value * 100) / 100;

export function indexQuote(id: MarketIndexId, exchange: IndexQuote['exchange'], tick: Tick): IndexQuote {
  // Levels are to two decimals; rounding the difference removes floating-point dust.
  const change = toHundredths(tick.ltp - tick.previousClose);
  return {
    name: MARKET_INDEX_NAMES[id],
    exchange,
    value: tick.ltp,
    previous_close: tick.previousClose,
    change,
    change_percent: tick.previousClose === 0 ? 0 : (change / tick.previousClose) * 100,
  };
}

export type OverviewResult = { ok: true; overview: MarketOverview } | { ok: false; missing: MarketIndexId[] };

export function marketOverview(hub: TickHub, feed: MarketFeed): OverviewResult {
  const quotes: Partial<Record<MarketIndexId, IndexQuote>> = {};
  const missing: MarketIndexId[] = [];
  let asOf = -Infinity;
  for (const id of MarketIndexId.options) {
    const index = feed.indices().find((i) => i.id === id);
    const tick = hub.last(id);
    if (!index || !tick || tick.kind !== 'index') {
      missing.push(id);
      continue;
    }
    quotes[id] = indexQuote(id, index.exchange, tick);
    asOf = Math.max(asOf, tick.ts);
  }
  if (missing.length > 0 || !quotes.NIFTY_50 || !quotes.SENSEX || !quotes.BANK_NIFTY) {
    return { ok: false, missing };
  }
  return {
    ok: true,
    overview: {
      indices: { NIFTY_50: quotes.NIFTY_50, SENSEX: quotes.SENSEX, BANK_NIFTY: quotes.BANK_NIFTY },
      data_source: feed.source,
      as_of: new Date(asOf).toISOString(),
    },
  };
}
