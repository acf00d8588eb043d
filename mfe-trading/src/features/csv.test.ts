import { makeTrade } from '../testing/fixtures';
import { istCsvTime, plainNumber, toCsv } from './csv';
import { tradesToCsv } from './tradesCsv';

describe('toCsv', () => {
  it('quotes fields with commas, quotes or line breaks and ends lines with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', null, 3.5]])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,3.5\r\n',
    );
  });
  it('writes amounts as plain numbers rounded to paise', () => {
    expect(plainNumber(1234567.891)).toBe(1234567.89);
    expect(plainNumber(null)).toBeNull();
    expect(plainNumber(Number.NaN)).toBeNull();
  });
  it('writes times in IST', () => {
    expect(istCsvTime('2026-03-10T04:00:00Z')).toBe('2026-03-10 09:30:00');
    expect(istCsvTime(null)).toBe('');
  });
});

describe('tradesToCsv', () => {
  it('has a header row and one row per trade with plain amounts and IST times', () => {
    const csv = tradesToCsv([
      makeTrade({
        trade_id: 'PT-1',
        symbol: 'M&M',
        entry_price: 2845.5,
        exit_price: 2901.25,
        pnl: 1115,
        fees: 42.37,
        net_pnl: 1072.63,
        pnl_percent: 1.88,
        strategy: 'Breakout, 15m',
        entry_time: '2026-03-10T04:00:00Z',
        exit_time: '2026-03-10T09:45:30Z',
        quantity: 20,
        opened_quantity: 40,
      }),
      makeTrade({
        trade_id: 'LV-2',
        mode: 'live',
        side: 'SELL',
        product: 'MIS',
        status: 'open',
        exit_price: null,
        exit_time: null,
        current_price: 101.1,
        entry_price: 100,
        pnl: -22,
        fees: 12.5,
        net_pnl: -34.5,
        pnl_percent: -1.73,
        quantity: 20,
        opened_quantity: 20,
        strategy: 'Momentum',
        entry_time: '2026-03-10T05:15:00Z',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Trade ID,Symbol,Mode,Side,Trade,Product,Quantity,Opened Quantity,Entry Price,Exit Price,Current Price,P&L (before charges),Charges,Net P&L (after charges),Net P&L %,Status,Strategy,Entry Time (IST),Exit Time (IST)',
      'PT-1,M&M,PAPER,BUY,"Long · sold 20 of 40 at ₹2,901.25",CNC,20,40,2845.5,2901.25,,1115,42.37,1072.63,1.88,completed,"Breakout, 15m",2026-03-10 09:30:00,2026-03-10 15:15:30',
      'LV-2,RELIANCE,LIVE,SELL,Short · 20 open,MIS,20,20,100,,101.1,-22,12.5,-34.5,-1.73,open,Momentum,2026-03-10 10:45:00,',
      '',
    ]);
  });
  it('is only the header without trades', () => {
    expect(tradesToCsv([]).split('\r\n')).toHaveLength(2);
  });
});
