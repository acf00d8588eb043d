/**
 * The instrument master: the tradable NSE equities (every constituent of NIFTY 50, SENSEX and Bank
 * NIFTY) and the three indices, kept as data in market/reference-data/*.json so they can be updated without
 * touching code. Both feeds use it: the simulated market for its parameters, Upstox for the
 * instrument keys. Files are validated when loaded; a bad file stops the server with its name and
 * the problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MARKET_INDEX_NAMES, MarketIndexId } from '@nivesh/api-contract';
import type { IndexInstrument, Instrument } from './feed.js';
import { sourceFile } from '../paths.js';

export const shippedDataDir = sourceFile('market/reference-data');

/** ISO 6166: the last digit is a Luhn check over the first eleven characters (letters as 10-35). */
export function isinCheckDigitValid(isin: string): boolean {
  const expanded = [...isin.slice(0, 11)]
    .map((c) => (c >= '0' && c <= '9' ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let sum = 0;
  for (let i = 0; i < expanded.length; i += 1) {
    let digit = Number(expanded[expanded.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

const Isin = z
  .string()
  .regex(/^IN[A-Z0-9]{9}[0-9]$/, 'must be an Indian ISIN: IN followed by 10 letters or digits')
  .refine(isinCheckDigitValid, 'has a wrong check digit');

const EquityRecord = z
  .object({
    symbol: z.string().regex(/^[A-Z0-9&-]{1,20}$/, 'must be an NSE trading symbol'),
    name: z.string().min(1),
    sector: z.string().min(1),
    isin: Isin,
    instrumentKey: z.string(),
    simulation: z.object({
      referencePrice: z.number().positive(),
      beta: z.number().min(0).max(3),
      idiosyncraticVolatility: z.number().positive().max(1.5),
      freeFloatMarketCapCrore: z.number().positive(),
    }),
  })
  .refine((e) => e.instrumentKey === `NSE_EQ|${e.isin}`, {
    message: 'instrumentKey must be NSE_EQ|<isin>',
    path: ['instrumentKey'],
  });

const EquitiesFile = z.object({
  description: z.string().optional(),
  equities: z.array(EquityRecord).min(1),
});

const IndexRecord = z.object({
  id: MarketIndexId,
  name: z.string().min(1),
  exchange: z.enum(['NSE', 'BSE']),
  instrumentKey: z
    .string()
    .regex(/^(NSE|BSE)_INDEX\|.+$/, 'must be an Upstox index key like NSE_INDEX|Nifty 50'),
  referenceLevel: z.number().positive(),
  constituents: z.array(z.string()).min(1),
});

const IndicesFile = z.object({
  description: z.string().optional(),
  indices: z.array(IndexRecord),
});

const SimulationFile = z.object({
  description: z.string().optional(),
  referenceDate: z.iso.date(),
  historyYears: z.number().int().min(1).max(20),
  market: z.object({
    dailyVolatility: z.number().positive().max(0.1),
    annualDrift: z.number().min(-0.5).max(0.5),
    stationaryDeviation: z.number().positive().max(2),
  }),
  idiosyncraticStationaryYears: z.number().positive().max(20),
  openingGap: z.object({
    shareOfDailyMove: z.number().min(0).max(1),
    volatility: z.number().min(0).max(0.1),
  }),
  volume: z.object({
    dailyTurnoverOfFreeFloat: z.number().positive().max(1),
    dayToDayVariation: z.number().min(0).max(2),
    moveSensitivity: z.number().min(0).max(5),
    uShapeShare: z.number().min(0).max(1),
  }),
});

/** The simulated market's parameters for one equity (equities.json `simulation`). */
interface EquitySimulation {
  /** Rupees: the close on the model's reference date. */
  referencePrice: number;
  beta: number;
  /** Annual, as a fraction (0.25 = 25%). */
  idiosyncraticVolatility: number;
  /** Index weight basis, rupees crore. */
  freeFloatMarketCapCrore: number;
}

interface MasterEquity extends Instrument {
  simulation: EquitySimulation;
}

export interface MasterIndex extends IndexInstrument {
  /** Equity symbols, all in the master. */
  constituents: string[];
  /** Points: the close on the model's reference date. */
  referenceLevel: number;
}

export interface InstrumentMaster {
  equities: MasterEquity[];
  indices: MasterIndex[];
  bySymbol(symbol: string): MasterEquity | undefined;
  byInstrumentKey(key: string): MasterEquity | MasterIndex | undefined;
}

/** Parameters of the simulated market as a whole (simulation.json). */
export type SimulationModel = z.infer<typeof SimulationFile>;

function readJson<T extends z.ZodType>(dir: string, name: string, schema: T): z.output<T> {
  const file = path.join(dir, name);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Market data file ${file} cannot be read as JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Market data file ${file} is invalid: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

function fail(dir: string, name: string, problem: string): never {
  throw new Error(`Market data file ${path.join(dir, name)} is invalid: ${problem}`);
}

function buildMaster(dir: string): InstrumentMaster {
  const equityFile = readJson(dir, 'equities.json', EquitiesFile);
  const indexFile = readJson(dir, 'indices.json', IndicesFile);

  const bySymbol = new Map<string, MasterEquity>();
  const byKey = new Map<string, MasterEquity | MasterIndex>();
  const isins = new Set<string>();
  for (const record of equityFile.equities) {
    if (bySymbol.has(record.symbol)) fail(dir, 'equities.json', `symbol ${record.symbol} is listed twice`);
    if (isins.has(record.isin)) fail(dir, 'equities.json', `ISIN ${record.isin} is listed twice`);
    isins.add(record.isin);
    const equity: MasterEquity = { ...record, simulation: { ...record.simulation } };
    bySymbol.set(equity.symbol, equity);
    byKey.set(equity.instrumentKey, equity);
  }

  const indices: MasterIndex[] = [];
  for (const record of indexFile.indices) {
    if (indices.some((i) => i.id === record.id))
      fail(dir, 'indices.json', `index ${record.id} is listed twice`);
    if (record.name !== MARKET_INDEX_NAMES[record.id]) {
      fail(dir, 'indices.json', `index ${record.id} must be named '${MARKET_INDEX_NAMES[record.id]}'`);
    }
    const missing = record.constituents.filter((symbol) => !bySymbol.has(symbol));
    if (missing.length > 0) {
      fail(dir, 'indices.json', `${record.id} constituents not in equities.json: ${missing.join(', ')}`);
    }
    if (new Set(record.constituents).size !== record.constituents.length) {
      fail(dir, 'indices.json', `${record.id} lists a constituent twice`);
    }
    const index: MasterIndex = { ...record, constituents: [...record.constituents] };
    indices.push(index);
    byKey.set(index.instrumentKey, index);
  }
  const absent = MarketIndexId.options.filter((id) => !indices.some((i) => i.id === id));
  if (absent.length > 0) fail(dir, 'indices.json', `missing ${absent.join(', ')}`);
  // The dashboard order: NIFTY 50, SENSEX, Bank NIFTY.
  indices.sort((a, b) => MarketIndexId.options.indexOf(a.id) - MarketIndexId.options.indexOf(b.id));

  return {
    equities: [...bySymbol.values()],
    indices,
    bySymbol: (symbol) => bySymbol.get(symbol),
    byInstrumentKey: (key) => byKey.get(key),
  };
}

const cache = new Map<string, InstrumentMaster>();

/**
 * The instrument master from `dir` (default: the files shipped in market/reference-data). Read once per
 * directory; treat the result as read-only.
 */
export function loadInstrumentMaster(dir: string = shippedDataDir): InstrumentMaster {
  let master = cache.get(dir);
  if (!master) {
    master = buildMaster(dir);
    cache.set(dir, master);
  }
  return master;
}

/** The simulated market's model parameters from `dir` (default: market/reference-data/simulation.json). */
export function loadSimulationModel(dir: string = shippedDataDir): SimulationModel {
  return readJson(dir, 'simulation.json', SimulationFile);
}
