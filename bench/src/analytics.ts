/**
 * GET /api/performance/analytics?period=all of the real app (buildApp over in-memory PGlite) for an
 * account with 50 positions and three years of history: ~780 end-of-day values, a deposit every
 * quarter, 2,000 closed trades and 50 open lots, written straight into the tables. Measured: server
 * time per request (inject, so no socket). Baseline: the same headline figures (total return,
 * Sharpe, Sortino, volatility, max drawdown, win rate, profit factor) computed once from the same
 * numbers already in memory, in a plain loop, in this process.
 */
import { createTestApp, send, setUpOperator, RandomStream } from '@nivesh/server/testing';
import { openDatabase, schema } from '@nivesh/server/db';
import type { BenchResult } from './load.js';

const REQUESTS = Number(process.env['BENCH_ANALYTICS_REQUESTS'] ?? 40);
const TRADES_PER_SYMBOL = 40;

/** Weekdays from `from` up to the day before `to`, YYYY-MM-DD. */
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t < Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

export async function benchAnalytics(): Promise<BenchResult> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  try {
    const { db } = database;
    const token = await setUpOperator(product.app);
    const symbols = product.app.services.feed
      .instruments()
      .slice(0, 50)
      .map((i) => i.symbol);
    const days = weekdays('2023-11-20', '2026-11-20');
    const stream = new RandomStream(42);
    const next = () => stream.uniform();
    const at = (day: string) => new Date(`${day}T09:00:00Z`);

    // End-of-day values: a random walk with a ₹50,000 deposit on the first day of each quarter.
    const values: number[] = [];
    const flows: number[] = [];
    let value = 1_000_000;
    let nifty = 19_000;
    const snapshots = days.map((day, i) => {
      const flow = i === 0 ? 1_000_000 : i % 63 === 0 ? 50_000 : 0;
      if (i > 0) value = value * (1 + (next() - 0.48) * 0.02) + flow;
      nifty *= 1 + (next() - 0.48) * 0.015;
      values.push(value);
      flows.push(flow);
      const paise = Math.round(value * 100);
      return {
        account: 'paper',
        tradingDay: day,
        portfolioValuePaise: paise,
        cashPaise: Math.round(paise / 4),
        holdingsValuePaise: paise - Math.round(paise / 4),
        benchmarkClose: Math.round(nifty * 100) / 100,
        source: 'backfill',
        recordedAt: at(day),
      };
    });
    const ledger = days
      .map((day, i) => ({ day, flow: flows[i]!, i }))
      .filter((f) => f.flow > 0)
      .map((f) => ({
        account: 'paper',
        at: at(f.day),
        kind: f.i === 0 ? 'opening' : 'adjustment',
        amountPaise: f.flow * 100,
        note: 'bench',
        tradingDay: f.day,
      }));

    // 40 closed lots and one open lot per symbol, each with its order and entry fill.
    const lots: Array<{
      symbol: string;
      open: boolean;
      day: string;
      exitDay: string;
      entry: number;
      exit: number;
    }> = [];
    for (const symbol of symbols) {
      for (let k = 0; k <= TRADES_PER_SYMBOL; k += 1) {
        const d = Math.floor(next() * (days.length - 10));
        const entry = 500 + Math.floor(next() * 2000);
        lots.push({
          symbol,
          open: k === TRADES_PER_SYMBOL,
          day: days[d]!,
          exitDay: days[d + 1 + Math.floor(next() * 8)]!,
          entry,
          exit: entry * (1 + (next() - 0.45) * 0.1),
        });
      }
    }

    await db.delete(schema.cashLedger);
    await db.insert(schema.equitySnapshots).values(snapshots);
    await db.insert(schema.cashLedger).values(ledger);
    const orderRows = lots.map((lot, i) => ({
      id: `PO-BENCH-${i}`,
      account: 'paper',
      symbol: lot.symbol,
      side: 'BUY',
      quantity: 10,
      filledQuantity: 10,
      orderType: 'MARKET',
      product: 'CNC',
      status: 'filled',
      averagePricePaise: lot.entry * 100,
      strategy: i % 3 === 0 ? 'Momentum' : 'Paper Trading',
      placedBy: 'bench',
      placedAt: at(lot.day),
      updatedAt: at(lot.day),
      filledAt: at(lot.day),
      tradingDay: lot.day,
    }));
    await insertInChunks(orderRows, (chunk) => db.insert(schema.orders).values(chunk));
    const fills: Array<{ id: number }> = [];
    await insertInChunks(lots, async (chunk) => {
      const start = fills.length;
      const rows = await db
        .insert(schema.fills)
        .values(
          chunk.map((lot, j) => ({
            orderId: `PO-BENCH-${start + j}`,
            account: 'paper',
            symbol: lot.symbol,
            side: 'BUY',
            product: 'CNC',
            quantity: 10,
            pricePaise: lot.entry * 100,
            brokeragePaise: 2000,
            sttPaise: lot.entry * 1,
            exchangePaise: 50,
            sebiPaise: 1,
            stampPaise: 15,
            gstPaise: 370,
            dpPaise: 0,
            chargesPaise: 2436 + lot.entry,
            executedAt: at(lot.day),
            tradingDay: lot.day,
          })),
        )
        .returning({ id: schema.fills.id });
      fills.push(...rows);
    });
    const lotRows = await db
      .insert(schema.lots)
      .values(
        lots.map((lot, i) => {
          const exitPaise = Math.round(lot.exit * 100);
          return {
            tradeId: `PT-BENCH-${i}`,
            account: 'paper',
            symbol: lot.symbol,
            product: 'CNC',
            side: 'BUY',
            quantity: 10,
            openQuantity: lot.open ? 10 : 0,
            entryPricePaise: lot.entry * 100,
            entryFillId: fills[i]!.id,
            entryChargesPaise: 2436 + lot.entry,
            exitChargesPaise: lot.open ? 0 : 2500,
            exitQuantity: lot.open ? 0 : 10,
            exitValuePaise: lot.open ? 0 : 10 * exitPaise,
            realizedPnlPaise: lot.open ? 0 : 10 * (exitPaise - lot.entry * 100),
            strategy: orderRows[i]!.strategy,
            openedAt: at(lot.day),
            closedAt: lot.open ? null : at(lot.exitDay),
            openedDay: lot.day,
          };
        }),
      )
      .returning({ id: schema.lots.id });
    await insertInChunks(
      lots.flatMap((lot, i) => {
        if (lot.open) return [];
        const exitPaise = Math.round(lot.exit * 100);
        return [
          {
            lotId: lotRows[i]!.id,
            account: 'paper',
            quantity: 10,
            pricePaise: exitPaise,
            realizedPnlPaise: 10 * (exitPaise - lot.entry * 100),
            exitChargesPaise: 2500,
            entryChargesPaise: 2436 + lot.entry,
            exitedAt: at(lot.exitDay),
            tradingDay: lot.exitDay,
          },
        ];
      }),
      (chunk) => db.insert(schema.lotExits).values(chunk),
    );

    const request = async () => {
      const res = await send(product.app, 'GET', '/api/performance/analytics?period=all', { token });
      if (res.statusCode !== 200) throw new Error(`analytics answered ${res.statusCode}: ${res.body}`);
    };
    for (let i = 0; i < 5; i += 1) await request();
    const start = performance.now();
    for (let i = 0; i < REQUESTS; i += 1) await request();
    const perRequest = (performance.now() - start) / REQUESTS;

    // Baseline: the headline figures from the numbers in memory, one plain pass each.
    const baselineStart = performance.now();
    const rounds = 200;
    let sink = 0;
    for (let round = 0; round < rounds; round += 1) {
      let growth = 1;
      let sum = 0;
      let sumSq = 0;
      let downSq = 0;
      let peak = 1;
      let deepest = 0;
      for (let i = 1; i < values.length; i += 1) {
        const r = (values[i]! - flows[i]!) / values[i - 1]! - 1;
        growth *= 1 + r;
        sum += r;
        sumSq += r * r;
        downSq += Math.min(r, 0) ** 2;
        peak = Math.max(peak, growth);
        deepest = Math.min(deepest, growth / peak - 1);
      }
      const n = values.length - 1;
      const mean = sum / n;
      const std = Math.sqrt((sumSq - n * mean * mean) / (n - 1));
      let wins = 0;
      let grossWin = 0;
      let grossLoss = 0;
      for (const lot of lots) {
        if (lot.open) continue;
        const pnl = 10 * (lot.exit - lot.entry);
        if (pnl > 0) {
          wins += 1;
          grossWin += pnl;
        } else grossLoss += pnl;
      }
      sink +=
        growth +
        (mean / std) * Math.sqrt(252) +
        Math.sqrt(downSq / n) +
        deepest +
        wins +
        grossWin / -grossLoss;
    }
    const baselinePerRun = (performance.now() - baselineStart) / rounds;
    if (!Number.isFinite(sink)) throw new Error('the baseline figures are not finite');

    return {
      name: `performance analytics, 50 positions, ${days.length} days, ${lots.length} lots`,
      unit: 'ms per request (lower is better)',
      product: perRequest,
      baseline: baselinePerRun,
    };
  } finally {
    await product.close();
    await database.close();
  }
}
