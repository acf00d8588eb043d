import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  isinCheckDigitValid,
  loadInstrumentMaster,
  loadSimulationModel,
  shippedDataDir,
} from './instruments.js';

const master = loadInstrumentMaster();
const index = (id: string) => master.indices.find((i) => i.id === id)!;

describe('instrument master', () => {
  it('lists the three indices with their exchanges, Upstox keys and constituent counts', () => {
    assert.deepEqual(
      master.indices.map((i) => [i.id, i.name, i.exchange, i.instrumentKey, i.constituents.length]),
      [
        ['NIFTY_50', 'NIFTY 50', 'NSE', 'NSE_INDEX|Nifty 50', 50],
        ['SENSEX', 'SENSEX', 'BSE', 'BSE_INDEX|SENSEX', 30],
        ['BANK_NIFTY', 'Bank NIFTY', 'NSE', 'NSE_INDEX|Nifty Bank', 12],
      ],
    );
  });

  it('makes every constituent of every index tradable', () => {
    for (const i of master.indices) {
      for (const symbol of i.constituents) assert.ok(master.bySymbol(symbol), `${i.id}: ${symbol}`);
    }
    // NIFTY 50 plus the banks of Bank NIFTY outside it (SENSEX is a subset of NIFTY 50).
    const union = new Set(master.indices.flatMap((i) => i.constituents));
    assert.equal(master.equities.length, union.size);
    assert.deepEqual(
      index('BANK_NIFTY')
        .constituents.filter((s) => !index('NIFTY_50').constituents.includes(s))
        .sort(),
      ['AUBANK', 'BANKBARODA', 'CANBK', 'FEDERALBNK', 'IDFCFIRSTB', 'INDUSINDBK', 'PNB'],
    );
  });

  it('gives every equity an Indian ISIN with a valid check digit and the key NSE_EQ|<ISIN>', () => {
    for (const equity of master.equities) {
      assert.match(equity.isin, /^IN[A-Z0-9]{10}$/, equity.symbol);
      assert.ok(isinCheckDigitValid(equity.isin), `${equity.symbol} ${equity.isin}`);
      assert.equal(equity.instrumentKey, `NSE_EQ|${equity.isin}`);
      assert.equal(master.byInstrumentKey(equity.instrumentKey), equity);
    }
    assert.equal(master.bySymbol('RELIANCE')?.isin, 'INE002A01018');
    assert.equal(master.byInstrumentKey('NSE_INDEX|Nifty Bank')?.name, 'Bank NIFTY');
    assert.equal(master.bySymbol('NIFTY_50'), undefined, 'index ids are not equity symbols');
  });

  it('has realistic simulation parameters: bank betas above FMCG and pharma, NIFTY beta near 1', () => {
    const beta = (s: string) => master.bySymbol(s)!.simulation.beta;
    for (const bank of index('BANK_NIFTY').constituents) assert.ok(beta(bank) >= 1, bank);
    for (const defensive of ['HINDUNILVR', 'NESTLEIND', 'ITC', 'SUNPHARMA', 'CIPLA', 'DRREDDY']) {
      assert.ok(beta(defensive) <= 0.7, defensive);
    }
    // By definition the cap-weighted beta of NIFTY 50 to itself is 1.
    const nifty = index('NIFTY_50').constituents.map((s) => master.bySymbol(s)!.simulation);
    const weight = nifty.reduce((sum, s) => sum + s.freeFloatMarketCapCrore, 0);
    const weighted = nifty.reduce((sum, s) => sum + s.beta * s.freeFloatMarketCapCrore, 0) / weight;
    assert.ok(Math.abs(weighted - 1) < 0.05, `weighted beta ${weighted}`);
  });

  it('knows the ISIN check digit', () => {
    assert.equal(isinCheckDigitValid('INE002A01018'), true);
    assert.equal(isinCheckDigitValid('INE002A01019'), false);
  });
});

describe('market data files', () => {
  const copy = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-market-data-'));
    for (const name of fs.readdirSync(shippedDataDir))
      fs.copyFileSync(path.join(shippedDataDir, name), path.join(dir, name));
    return dir;
  };
  const edit = (dir: string, name: string, change: (data: Record<string, unknown[]>) => void) => {
    const file = path.join(dir, name);
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown[]>;
    change(data);
    fs.writeFileSync(file, JSON.stringify(data));
  };

  it('stop the server with the file and the field when an ISIN is wrong', () => {
    const dir = copy();
    try {
      edit(dir, 'equities.json', (data) => {
        (data['equities']![0] as { isin: string }).isin = 'INE002A01019';
      });
      assert.throws(
        () => loadInstrumentMaster(dir),
        (error: Error) =>
          error.message.includes(path.join(dir, 'equities.json')) &&
          error.message.includes('equities.0.isin: has a wrong check digit'),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse an index constituent that is not in the equities', () => {
    const dir = copy();
    try {
      edit(dir, 'indices.json', (data) => {
        (data['indices']![2] as { constituents: string[] }).constituents.push('YESBANK');
      });
      assert.throws(
        () => loadInstrumentMaster(dir),
        /indices\.json is invalid: BANK_NIFTY constituents not in equities\.json: YESBANK/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse a file that is not JSON, naming it', () => {
    const dir = copy();
    try {
      fs.writeFileSync(path.join(dir, 'simulation.json'), '{ "referenceDate": ');
      assert.throws(() => loadSimulationModel(dir), /simulation\.json cannot be read as JSON/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
