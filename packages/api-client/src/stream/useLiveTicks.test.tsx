/** useLiveTicks in components, with the price stream's server end played by FakeTickServer. */
import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import type { StreamTick } from '@nivesh/api-contract';
import { FakeTickServer, renderWithProviders } from '../testing';
import { sessionExpired } from '../session/sessionSlice';
import { useLiveTicks } from './useLiveTicks';

function tick(symbol: string, ltp: number): StreamTick {
  return { symbol, ltp, previous_close: 1000, change: ltp - 1000, change_percent: 0, volume: 1, ts: 1 };
}

function Prices({ label, symbols }: { label: string; symbols: string[] }) {
  const { ticks, status, dataSource, marketOpen } = useLiveTicks(symbols);
  return (
    <section aria-label={label}>
      <p>
        {label} stream: {status}, {dataSource ?? 'source unknown'},{' '}
        {marketOpen === null ? 'market unknown' : marketOpen ? 'market open' : 'market closed'}
      </p>
      {symbols.map((symbol) => (
        <p key={symbol}>
          {label} {symbol}: {ticks[symbol]?.ltp ?? 'no price yet'}
        </p>
      ))}
    </section>
  );
}

function Page() {
  const [showA, setShowA] = useState(true);
  const [showB, setShowB] = useState(true);
  return (
    <>
      <button onClick={() => setShowA(false)}>Hide A</button>
      <button onClick={() => setShowB(false)}>Hide B</button>
      {/* A new array each render, as pages often pass one. */}
      {showA && <Prices label="A" symbols={['RELIANCE']} />}
      {showB && <Prices label="B" symbols={['TCS', 'RELIANCE']} />}
    </>
  );
}

beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('shows live prices in every component over one shared socket', async () => {
  const tickServer = new FakeTickServer({ marketOpen: false, ticks: [tick('RELIANCE', 1450.5)] });
  renderWithProviders(<Page />, { tickServer });
  expect(screen.getByText('A RELIANCE: no price yet')).toBeInTheDocument();

  await tickServer.following(['RELIANCE', 'TCS']);
  expect(await screen.findByText('A stream: open, simulated, market closed')).toBeInTheDocument();
  expect(screen.getByText('B stream: open, simulated, market closed')).toBeInTheDocument();
  expect(screen.getByText('A RELIANCE: 1450.5')).toBeInTheDocument();
  expect(screen.getByText('B RELIANCE: 1450.5')).toBeInTheDocument();
  expect(screen.getByText('B TCS: no price yet')).toBeInTheDocument();

  tickServer.publish([tick('TCS', 3890.05), tick('RELIANCE', 1451)]);
  expect(screen.getByText('A RELIANCE: 1451')).toBeInTheDocument();
  expect(screen.getByText('B TCS: 3890.05')).toBeInTheDocument();
  expect(tickServer.sockets).toHaveLength(1);
  expect(tickServer.last!.messages).toEqual([{ type: 'subscribe', symbols: ['RELIANCE', 'TCS'] }]);
});

it('unsubscribes a symbol when the last component showing it unmounts', async () => {
  const tickServer = new FakeTickServer();
  const { user } = renderWithProviders(<Page />, { tickServer });
  await tickServer.following(['RELIANCE', 'TCS']);

  await user.click(screen.getByRole('button', { name: 'Hide A' }));
  expect(screen.queryByText(/^A stream/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Hide B' }));
  await waitFor(() => expect(tickServer.followed).toEqual([]));
  // Hiding A alone sent nothing: B still showed RELIANCE.
  expect(tickServer.last!.messages).toEqual([
    { type: 'subscribe', symbols: ['RELIANCE', 'TCS'] },
    { type: 'unsubscribe', symbols: ['RELIANCE', 'TCS'] },
  ]);
});

it('shows the stream closed when the session ends', async () => {
  const tickServer = new FakeTickServer();
  const { store } = renderWithProviders(<Prices label="A" symbols={['RELIANCE']} />, { tickServer });
  await tickServer.following(['RELIANCE']);
  expect(await screen.findByText('A stream: open, simulated, market open')).toBeInTheDocument();
  act(() => {
    store.dispatch(sessionExpired());
  });
  expect(await screen.findByText('A stream: closed, simulated, market open')).toBeInTheDocument();
  await waitFor(() => expect(tickServer.last!.closed?.by).toBe('client'));
});
