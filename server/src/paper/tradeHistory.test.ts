/**
 * The trade history paged in the database (tradeHistory.ts): the merge of the in-memory trades
 * into a page and the summary, worked by hand on a few trades; then an account of a few hundred
 * closed trades (written straight into the tables, some sharing an entry time), lots exited in
 * parts, an open short and a resting order, where every page and filter answers exactly what the
 * old way answered (every trade loaded, filtered, sorted and paged in JavaScript), and the quick
 * stats' win rate follows new exits.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  summarizeTrades,
  TradeHistoryQuery,
  tradeMatchesFilter,
  type Trade,
  type TradeHistoryQuery as Query,
} from '@nivesh/api-contract';
import type { Database, Db } from '../db/index.js';
import { testDatabases } from '../testing/databases.js';
import { insertClosedLots, type ClosedLotSeed } from '../testing/closedLots.js';
import type { OrderRequest } from '../broker/broker.js';
import { startTestEngine, type TestEngine } from './testing.js';
import { combineSummary, mergePage, newestFirst } from './tradeHistory.js';

/** A trade with only what the merge and the summary read set apart. */
function trade(id: string, entry: string, status: Trade['status'], net: number | null, fees = 0): Trade {
  return {
    trade_id: id,
    symbol: 'INFY',
    mode: 'paper',
    side: 'BUY',
    quantity: 1,
    opened_quantity: net === null ? null : 1,
    entry_price: 100,
    exit_price: status === 'completed' ? 100 : null,
    current_price: null,
    pnl: net === null ? null : net + fees,
    pnl_percent: net === null ? null : 0,
    fees,
    net_pnl: net,
    status,
    strategy: 'Paper Trading',
    entry_time: `2026-11-${entry}:00.000Z`,
    exit_time: null,
    product: 'CNC',
  };
}

describe('merging the in-memory trades into a page of the stored ones', () => {
  // Stored (completed), newest first: C9 at 20th 09:00, C7 at 18th, C5 at 16th, C3 at 14th, C1 at 12th.
  const stored = ['20T09:00', '18T09:00', '16T09:00', '14T09:00', '12T09:00'].map((at, i) =>
    trade(`C${9 - 2 * i}`, at, 'completed', 10),
  );
  // In memory: an open trade at the 19th, a pending order at the 15th, one at C1's entry time.
  const moving = [
    trade('O8', '19T09:00', 'open', -5),
    trade('P4', '15T09:00', 'pending', null),
    trade('P0', '12T09:00', 'pending', null),
  ].sort(newestFirst);
  const totals = { count: stored.length, winning: 5, netPaise: 5000, feesPaise: 0 };
  const reads: Array<[number, number]> = [];
  const window = async (offset: number, limit: number) => {
    reads.push([offset, limit]);
    return stored.slice(offset, offset + limit);
  };
  const ids = async (page: number, size: number) =>
    (await mergePage(moving, totals, window, page, size)).map((t) => t.trade_id);

  it('pages the merged list newest first: C9 O8 C7 C5 P4 C3 P0 C1 (same entry time: larger id first)', async () => {
    assert.deepEqual(await ids(1, 3), ['C9', 'O8', 'C7']);
    assert.deepEqual(await ids(2, 3), ['C5', 'P4', 'C3']);
    assert.deepEqual(await ids(3, 3), ['P0', 'C1']);
    assert.deepEqual(await ids(4, 3), []);
    assert.deepEqual(await ids(1, 50), ['C9', 'O8', 'C7', 'C5', 'P4', 'C3', 'P0', 'C1']);
    assert.deepEqual(await ids(4, 2), ['P0', 'C1']);
  });

  it('reads one window of page size plus the in-memory count, from where the page can start', async () => {
    reads.length = 0;
    await ids(3, 2); // positions 4-5: P4 C3; at most 3 moving trades ahead, so from stored 4 - 3 = 1
    assert.deepEqual(reads, [[1, 5]]);
    assert.deepEqual(await ids(3, 2), ['P4', 'C3']);
  });

  it('answers the in-memory trades alone when nothing is stored', async () => {
    const none = { count: 0, winning: 0, netPaise: 0, feesPaise: 0 };
    const page = await mergePage(moving, none, window, 1, 2);
    assert.deepEqual(
      page.map((t) => t.trade_id),
      ['O8', 'P4'],
    );
  });

  it('sums the summary over both: 5 stored wins of ₹10, an open ₹-5, and two pending orders that are not trades', () => {
    assert.deepEqual(combineSummary(moving, { ...totals, feesPaise: 250 }), {
      total_trades: 6,
      completed_trades: 5,
      winning_trades: 5,
      win_rate: 100,
      net_pnl: 45,
      total_charges: 2.5,
      open_positions: 1,
      unfilled_orders: 2,
    });
    assert.deepEqual(combineSummary([], { count: 0, winning: 0, netPaise: 0, feesPaise: 0 }).win_rate, null);
  });
});

const DAY_MS = 86_400_000;
const NOW = '2026-11-20T05:00:00.000Z';

/** `count` closed lots, each with its order, entry fill and one exit, over the 200 days before now. */
async function seedClosedTrades(db: Db, count: number): Promise<void> {
  const symbols = ['INFY', 'TCS', 'RELIANCE', 'HDFCBANK', 'M&M'];
  const now = Date.parse(NOW);
  const lots = Array.from({ length: count }, (_, i): ClosedLotSeed => {
    // Every fifth shares its entry time with the one before: the trade id orders them.
    const age = ((i - (i % 5 === 1 ? 1 : 0)) * 7_919_000) % (200 * DAY_MS);
    const openedAt = new Date(now - 60_000 - age);
    const entry = 100_000 + ((i * 7_877) % 50_000);
    const exit = entry + ((i * 3_331) % 9_000) - 4_000;
    const side = i % 4 === 3 ? 'SELL' : 'BUY';
    return {
      symbol: symbols[i % symbols.length]!,
      side,
      product: side === 'SELL' || i % 3 === 0 ? 'MIS' : 'CNC',
      quantity: 1 + (i % 9),
      openedAt,
      closedAt: new Date(openedAt.getTime() + 30_000),
      entry,
      exit,
      strategy: i % 3 === 0 ? 'Momentum' : '',
      entryChargesPaise: 2000,
      exitChargesPaise: 2000 + (i % 7) * 100,
    };
  });
  await insertClosedLots(db, lots, { idPrefix: 'SEED', placedBy: 'test' });
}

const order = (side: 'BUY' | 'SELL', quantity: number, symbol: string, rest: Partial<OrderRequest> = {}) =>
  ({ symbol, side, quantity, order_type: 'MARKET', product: 'CNC', ...rest }) as OrderRequest;

for (const target of await testDatabases()) {
  describe(`the trade history of an account with a few hundred trades on ${target.name}`, () => {
    let database: Database;
    let rig: TestEngine;
    before(async () => {
      database = await target.open();
      await seedClosedTrades(database.db, 300);
      rig = await startTestEngine(database.db, NOW);
      const { engine, clock, feed } = rig;
      // A lot exited in two parts (PT-x-1, PT-x-2), one exited in part (PT-y-1 and its open rest),
      // an open intraday short, and a resting limit order (a pending trade).
      await engine.placeOrder(order('BUY', 10, 'INFY'), 'op');
      clock.advance(1_000);
      feed.move('INFY', 1_530);
      await engine.placeOrder(order('SELL', 4, 'INFY'), 'op');
      clock.advance(1_000);
      feed.move('INFY', 1_480);
      await engine.placeOrder(order('SELL', 6, 'INFY'), 'op');
      clock.advance(1_000);
      await engine.placeOrder(order('BUY', 8, 'TCS'), 'op');
      clock.advance(1_000);
      feed.move('TCS', 3_250);
      await engine.placeOrder(order('SELL', 3, 'TCS'), 'op');
      clock.advance(1_000);
      await engine.placeOrder(order('SELL', 5, 'RELIANCE', { product: 'MIS' }), 'op');
      clock.advance(1_000);
      await engine.placeOrder(order('BUY', 2, 'HDFCBANK', { order_type: 'LIMIT', limit_price: 1_600 }), 'op');
      feed.move('RELIANCE', 2_480);
    });
    after(async () => {
      await rig.engine.stop();
      await database.close();
    });

    /** The old way: every trade loaded, then filtered, sorted, counted and paged in JavaScript. */
    async function oldAnswer(query: Query) {
      const filter = TradeHistoryQuery.parse(query);
      const now = rig.clock.now();
      const matching = (await rig.engine.trades())
        .filter((t) => tradeMatchesFilter(t, filter, now))
        .sort((a, b) => b.entry_time.localeCompare(a.entry_time) || b.trade_id.localeCompare(a.trade_id));
      const start = (filter.page - 1) * filter.page_size;
      return {
        success: true,
        data: matching.slice(start, start + filter.page_size),
        total: matching.length,
        page: filter.page,
        page_size: filter.page_size,
        summary: summarizeTrades(matching),
      };
    }
    const newAnswer = (query: Query) =>
      rig.engine.tradeHistory.page(TradeHistoryQuery.parse(query), rig.clock.now(), []);

    const queries: Query[] = [
      {},
      { period: 'all' },
      { period: 'all', page: 2 },
      { period: 'all', page: 7, page_size: 50 },
      { period: 'all', page: 1, page_size: 200 },
      { period: 'all', page: 2, page_size: 200 },
      { period: 'all', page: 40, page_size: 7 },
      { period: 'week' },
      { period: 'month', status: 'completed', page: 2, page_size: 20 },
      { period: 'quarter', side: 'SELL', product: 'MIS' },
      { period: 'year', status: 'open' },
      { period: 'all', status: 'pending' },
      { period: 'all', status: 'cancelled' },
      { period: 'all', search: 'tcs' },
      { period: 'all', search: 'seed-012' },
      { period: 'all', search: '-1' },
      { period: 'all', min_pnl: 0 },
      { period: 'all', min_pnl: -50, max_pnl: 75.5, page: 2, page_size: 10 },
      { period: 'all', from: '2026-09-01', to: '2026-10-15' },
      { period: 'month', from: '2026-09-01' },
      { period: 'all', mode: 'live' },
      { period: 'all', mode: 'paper', page: 3, page_size: 25 },
    ];

    it('answers every page and filter as the old way did', async () => {
      for (const query of queries) {
        assert.deepEqual(await newAnswer(query), await oldAnswer(query), JSON.stringify(query));
      }
    });

    it('lists a lot exited in parts and the open rest under their ids', async () => {
      const page = await newAnswer({ period: 'today', page_size: 200 });
      const infy = page.data.filter((t) => t.symbol === 'INFY' && !t.trade_id.startsWith('PT-SEED'));
      // Each row says which position it is part of: the long of 10 INFY, sold 4 near ₹1,530 then 6
      // near ₹1,480 (the bid, half a spread below the tick: to the nearest ₹10 here).
      const row = (t: Trade) => [
        t.trade_id.replace(/^PT-\d+-[0-9a-f]+/, 'PT'),
        t.status,
        t.side,
        t.quantity,
        t.opened_quantity,
        t.exit_price === null ? null : Math.round(t.exit_price / 10) * 10,
      ];
      assert.deepEqual(infy.map(row), [
        ['PT-2', 'completed', 'BUY', 6, 10, 1_480],
        ['PT-1', 'completed', 'BUY', 4, 10, 1_530],
      ]);
      const tcs = page.data.filter((t) => t.symbol === 'TCS' && !t.trade_id.startsWith('PT-SEED'));
      assert.deepEqual(tcs.map(row), [
        ['PT-1', 'completed', 'BUY', 3, 8, 3_250],
        ['PT', 'open', 'BUY', 5, 8, null],
      ]);
    });

    it('lists the resting order with no P&L, and does not count it as a trade', async () => {
      const page = await newAnswer({ period: 'today', page_size: 200 });
      const pending = page.data.filter((t) => t.status === 'pending');
      assert.deepEqual(
        pending.map((t) => [t.symbol, t.quantity, t.opened_quantity, t.pnl, t.pnl_percent, t.net_pnl]),
        [['HDFCBANK', 2, null, null, null, null]],
      );
      const filled = page.data.filter((t) => t.status === 'completed' || t.status === 'open');
      assert.equal(page.total, filled.length + 1, 'the order is listed');
      assert.equal(page.summary.total_trades, filled.length, 'but not counted as a trade');
      assert.equal(page.summary.total_trades, page.summary.completed_trades + page.summary.open_positions);
      assert.equal(page.summary.unfilled_orders, 1);
      const bounded = await newAnswer({ period: 'today', page_size: 200, min_pnl: -1_000_000 });
      assert.ok(
        bounded.data.every((t) => t.net_pnl !== null),
        'a P&L bound leaves out what has no P&L',
      );
    });

    it('prices the open trades at the latest tick, and follows a new exit at once', async () => {
      rig.feed.move('RELIANCE', 2_450);
      assert.deepEqual(await newAnswer({ period: 'all' }), await oldAnswer({ period: 'all' }));
      const before = await rig.engine.tradeHistory.completedCounts();
      rig.clock.advance(1_000);
      await rig.engine.placeOrder(order('BUY', 5, 'RELIANCE', { product: 'MIS' }), 'op');
      const after = await rig.engine.tradeHistory.completedCounts();
      assert.equal(after.completed, before.completed + 1);
      for (const query of queries.slice(0, 6)) {
        assert.deepEqual(await newAnswer(query), await oldAnswer(query), JSON.stringify(query));
      }
    });

    it('moves the open and pending trades with each order and tick between two reads', async () => {
      const open = { period: 'all', status: 'open' } as const;
      const pending = { period: 'all', status: 'pending' } as const;
      const before = (await newAnswer(pending)).data.map((t) => t.trade_id);
      const placed = await rig.engine.placeOrder(
        order('BUY', 1, 'INFY', { order_type: 'LIMIT', limit_price: 1_250 }),
        'op',
      );
      assert.equal(placed.status, 'open');
      const after = (await newAnswer(pending)).data.map((t) => t.trade_id);
      assert.deepEqual(after.sort(), [...before, placed.order_id].sort());
      assert.deepEqual(await newAnswer(pending), await oldAnswer(pending));

      // With no order resting, a tick writes nothing: only the price moves the open trades.
      for (const id of after) await rig.engine.cancelOrder(id, 'op');
      await rig.engine.idle();
      assert.deepEqual((await newAnswer(pending)).data, []);
      const priceOf = async (symbol: string) =>
        (await newAnswer(open)).data.find((t) => t.symbol === symbol)?.current_price;
      rig.feed.move('TCS', 3_300);
      await rig.engine.idle();
      assert.equal(await priceOf('TCS'), 3_300);
      assert.equal(await priceOf('TCS'), 3_300, 'read again with nothing changed');
      rig.feed.move('TCS', 3_312.5);
      await rig.engine.idle();
      assert.equal(await priceOf('TCS'), 3_312.5, 'a tick with no write');
      assert.deepEqual(await newAnswer(open), await oldAnswer(open));
    });

    it('counts the win rate of the quick stats as the summary of every completed trade', async () => {
      const all = summarizeTrades((await rig.engine.trades()).filter((t) => t.status !== 'pending'));
      const counts = await rig.engine.tradeHistory.completedCounts();
      assert.equal(counts.completed, all.completed_trades);
      assert.equal(counts.winning, all.winning_trades);
      assert.equal(counts.completed, 300 + 2 + 1 + 1);
    });
  });
}
