/**
 * The price stream client against the real store and slice, with the server's end played by
 * FakeTickServer (sockets) and msw (the ticket route).
 */
import {
  BAD_MESSAGE_CLOSE_CODE,
  TICK_STREAM_PROTOCOL,
  type StreamTick,
  contract,
} from '@nivesh/api-contract';
import { FakeTickServer, HttpResponse, mockRoute, mockRouteError, setupServer, TEST_USER } from '../testing';
import { installFakeTickServer } from '../testing/fakeTickServer';
import { sessionExpired, sessionStarted } from '../session/sessionSlice';
import { makeStore, type AppStore } from '../store';
import { selectLivePrices } from './livePricesSlice';
import { configureTickStream, tickStreamFor } from './liveStream';
import { RECONNECT_MAX_MS, reconnectDelay } from './tickStream';

const TOKEN = 'session-token-1';

function tick(symbol: string, ltp: number, ts = 1_700_000_000_000): StreamTick {
  const previous = 100;
  return {
    symbol,
    ltp,
    previous_close: previous,
    change: ltp - previous,
    change_percent: ltp - previous,
    volume: 10,
    ts,
  };
}

function signedInStore(): AppStore {
  const store = makeStore();
  store.dispatch(sessionStarted({ token: TOKEN, user: TEST_USER }));
  return store;
}

const livePrices = (store: AppStore) => selectLivePrices(store.getState());

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

let logged: { info: jest.SpyInstance; warn: jest.SpyInstance };
beforeEach(() => {
  logged = {
    info: jest.spyOn(console, 'info').mockImplementation(() => undefined),
    warn: jest.spyOn(console, 'warn').mockImplementation(() => undefined),
  };
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the live prices slice', () => {
  it('takes where prices come from from hello, and prices from the snapshot and ticks', async () => {
    const store = signedInStore();
    const server = new FakeTickServer({
      dataSource: 'upstox',
      marketOpen: false,
      ticks: [tick('RELIANCE', 1450.5), tick('TCS', 3890)],
    });
    installFakeTickServer(store, server);
    expect(livePrices(store).status).toBe('idle');

    tickStreamFor(store).retain(['RELIANCE', 'INFY']);
    expect(livePrices(store).status).toBe('connecting');
    await server.following(['RELIANCE', 'INFY']);

    expect(livePrices(store)).toMatchObject({
      status: 'open',
      dataSource: 'upstox',
      marketOpen: false,
      ticks: { RELIANCE: tick('RELIANCE', 1450.5) },
    });
    expect(livePrices(store).lastMessageAt).toEqual(expect.any(Number));

    server.publish([tick('INFY', 1512.25, 1_700_000_001_000), tick('TCS', 3901)]);
    expect(livePrices(store).ticks).toEqual({
      RELIANCE: tick('RELIANCE', 1450.5),
      INFY: tick('INFY', 1512.25, 1_700_000_001_000),
    });
  });
});

describe('subscriptions', () => {
  it('are reference counted: one subscribe per new symbol, one unsubscribe when nobody follows it', async () => {
    const store = signedInStore();
    const server = new FakeTickServer();
    installFakeTickServer(store, server);
    const stream = tickStreamFor(store);

    const first = stream.retain(['RELIANCE', 'TCS']);
    const second = stream.retain(['RELIANCE']);
    await server.following(['RELIANCE', 'TCS']);
    const socket = server.last!;
    expect(socket.messages).toEqual([{ type: 'subscribe', symbols: ['RELIANCE', 'TCS'] }]);

    const third = stream.retain(['TCS', 'HDFCBANK']);
    await server.following(['HDFCBANK']);
    first();
    second();
    await server.following(['TCS', 'HDFCBANK']);
    await waitForMessages(socket, 3);
    expect(socket.messages).toEqual([
      { type: 'subscribe', symbols: ['RELIANCE', 'TCS'] },
      { type: 'subscribe', symbols: ['HDFCBANK'] },
      { type: 'unsubscribe', symbols: ['RELIANCE'] },
    ]);
    expect(stream.symbols().sort()).toEqual(['HDFCBANK', 'TCS']);
    third();
    await waitForMessages(socket, 4);
    expect(socket.messages.at(-1)).toEqual({ type: 'unsubscribe', symbols: ['TCS', 'HDFCBANK'] });
    expect(server.sockets).toHaveLength(1);
  });

  it('forgets the prices of symbols nobody follows any more', async () => {
    const store = signedInStore();
    const server = new FakeTickServer({ ticks: [tick('RELIANCE', 1450), tick('TCS', 3890)] });
    installFakeTickServer(store, server);
    const stream = tickStreamFor(store);
    const releaseReliance = stream.retain(['RELIANCE']);
    stream.retain(['TCS']);
    await server.following(['RELIANCE', 'TCS']);
    expect(Object.keys(livePrices(store).ticks).sort()).toEqual(['RELIANCE', 'TCS']);
    releaseReliance();
    expect(Object.keys(livePrices(store).ticks)).toEqual(['TCS']);
  });

  it('never sends a symbol the server would refuse (the socket stays open)', async () => {
    const store = signedInStore();
    const server = new FakeTickServer();
    installFakeTickServer(store, server);
    tickStreamFor(store).retain(['reliance ltd', 'TCS']);
    await server.following(['TCS']);
    expect(server.last!.messages).toEqual([{ type: 'subscribe', symbols: ['TCS'] }]);
    expect(logged.warn).toHaveBeenCalledWith(
      'Not following "reliance ltd" on the price stream: it is not a symbol',
    );
  });
});

describe('reconnecting', () => {
  it('opens a new socket with a new ticket after a close, and subscribes again', async () => {
    jest.useFakeTimers();
    const store = signedInStore();
    const server = new FakeTickServer({ ticks: [tick('RELIANCE', 1450)] });
    installFakeTickServer(store, server);
    configureTickStream(store, {
      WebSocketImpl: server.WebSocket,
      getTicket: server.issueTicket,
      random: () => 0.5,
    });
    tickStreamFor(store).retain(['RELIANCE']);
    await server.following(['RELIANCE']);
    const first = server.last!;

    server.disconnectAll();
    expect(livePrices(store).status).toBe('reconnecting');
    await jest.advanceTimersByTimeAsync(999);
    expect(server.sockets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await server.following(['RELIANCE']);

    const second = server.last!;
    expect(server.sockets).toHaveLength(2);
    expect(second.ticket).not.toBe(first.ticket);
    expect(second.protocols).toEqual([TICK_STREAM_PROTOCOL, `ticket.${second.ticket}`]);
    expect(second.messages).toEqual([{ type: 'subscribe', symbols: ['RELIANCE'] }]);
    expect(livePrices(store).status).toBe('open');
  });

  it('waits 1 s, doubling up to 30 s, while the server refuses; a hello starts over at 1 s', async () => {
    jest.useFakeTimers();
    const store = signedInStore();
    const server = new FakeTickServer({ manual: true });
    configureTickStream(store, {
      WebSocketImpl: server.WebSocket,
      getTicket: server.issueTicket,
      random: () => 0.5,
    });
    tickStreamFor(store).retain(['RELIANCE']);
    await jest.advanceTimersByTimeAsync(0);
    expect(server.sockets).toHaveLength(1);

    const waits: number[] = [];
    for (let refusal = 0; refusal < 7; refusal += 1) {
      server.last!.refuse();
      const count = server.sockets.length;
      let waited = 0;
      while (server.sockets.length === count) {
        await jest.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(new Set(server.sockets.map((socket) => socket.ticket)).size).toBe(8);

    server.last!.accept();
    expect(livePrices(store).status).toBe('open');
    server.last!.serverClose();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.sockets).toHaveLength(9);
  });

  it('spreads reconnects by up to a fifth either way, never past 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 0.5)).toBe(1_000);
    expect(reconnectDelay(0, () => 0.9999)).toBe(1_200);
    expect(reconnectDelay(3, () => 0)).toBe(6_400);
    expect(reconnectDelay(5, () => 0)).toBe(24_000);
    expect(reconnectDelay(12, () => 0.9999)).toBe(RECONNECT_MAX_MS);
  });

  it('pings a silent socket, and replaces one that stays silent', async () => {
    jest.useFakeTimers();
    const store = signedInStore();
    const server = new FakeTickServer({ manual: true });
    configureTickStream(store, { WebSocketImpl: server.WebSocket, getTicket: server.issueTicket });
    tickStreamFor(store).retain(['RELIANCE']);
    await jest.advanceTimersByTimeAsync(0);
    server.last!.accept();
    await jest.advanceTimersByTimeAsync(25_000);
    expect(server.last!.messages.at(-1)).toEqual({ type: 'ping' });
    await jest.advanceTimersByTimeAsync(25_000);
    expect(server.sockets[0]!.closed?.by).toBe('client');
    expect(livePrices(store).status).toBe('reconnecting');
  });
});

describe('what the server sends', () => {
  it('is ignored and logged when it does not match the protocol, and the stream carries on', async () => {
    const store = signedInStore();
    const server = new FakeTickServer({ manual: true });
    configureTickStream(store, { WebSocketImpl: server.WebSocket, getTicket: server.issueTicket });
    tickStreamFor(store).retain(['RELIANCE']);
    await waitUntil(() => server.sockets.length === 1);
    const socket = server.last!;
    socket.accept();

    socket.push('{"type":"ticks","ticks":[{"symbol":"RELIANCE","ltp":"a lot"}]}');
    socket.push('{"type":"surprise"}');
    socket.push('not json at all');
    expect(livePrices(store).ticks).toEqual({});
    expect(livePrices(store).status).toBe('open');
    expect(logged.warn).toHaveBeenCalledWith(
      'Ignoring a price stream message that does not match the protocol',
      expect.any(Array),
    );
    expect(logged.warn).toHaveBeenCalledWith('Ignoring a price stream message that is not JSON text');

    socket.push({ type: 'ticks', ticks: [tick('RELIANCE', 1451)] });
    expect(livePrices(store).ticks).toEqual({ RELIANCE: tick('RELIANCE', 1451) });
    expect(server.sockets).toHaveLength(1);
  });

  it('logs an error message from the server', async () => {
    const store = signedInStore();
    const server = new FakeTickServer({ manual: true });
    configureTickStream(store, { WebSocketImpl: server.WebSocket, getTicket: server.issueTicket });
    tickStreamFor(store).retain(['RELIANCE']);
    await waitUntil(() => server.sockets.length === 1);
    server.last!.accept();
    server.last!.push({ type: 'error', message: 'A connection follows at most 200 symbols' });
    expect(logged.warn).toHaveBeenCalledWith(
      'The price stream refused a request: A connection follows at most 200 symbols',
    );
  });

  it('closing with 4400 (a message it refused) is followed by a reconnect', async () => {
    jest.useFakeTimers();
    const store = signedInStore();
    const server = new FakeTickServer();
    configureTickStream(store, {
      WebSocketImpl: server.WebSocket,
      getTicket: server.issueTicket,
      random: () => 0.5,
    });
    tickStreamFor(store).retain(['RELIANCE']);
    await server.following(['RELIANCE']);
    server.last!.serverClose(BAD_MESSAGE_CLOSE_CODE, 'Invalid message');
    await jest.advanceTimersByTimeAsync(1_000);
    await server.following(['RELIANCE']);
    expect(server.sockets).toHaveLength(2);
  });
});

describe('the session', () => {
  it('asks the ticket route with the session’s Bearer token and opens /ws/ticks with the ticket', async () => {
    const server = new FakeTickServer();
    const seen: Array<string | null> = [];
    msw.use(
      mockRoute(contract.stream.ticket, async ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json(await server.issueTicket());
      }),
    );
    const store = signedInStore();
    configureTickStream(store, { WebSocketImpl: server.WebSocket });
    tickStreamFor(store).retain(['RELIANCE']);
    await server.following(['RELIANCE']);
    expect(seen).toEqual([`Bearer ${TOKEN}`]);
    expect(server.last!.url).toBe('ws://localhost/ws/ticks');
    expect(server.last!.protocols).toEqual([TICK_STREAM_PROTOCOL, 'ticket.fake-ticket-1']);
  });

  it('stops when the ticket route says the session is gone (401), signing the page out', async () => {
    const server = new FakeTickServer();
    msw.use(mockRouteError(contract.stream.ticket, 401, 'Authentication required. Please sign in.'));
    const store = signedInStore();
    configureTickStream(store, { WebSocketImpl: server.WebSocket });
    tickStreamFor(store).retain(['RELIANCE']);
    await waitUntil(() => livePrices(store).status === 'closed');
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(server.sockets).toHaveLength(0);
  });

  it('closes the socket when the session ends, and reopens with the next session', async () => {
    const store = signedInStore();
    const server = new FakeTickServer();
    installFakeTickServer(store, server);
    tickStreamFor(store).retain(['RELIANCE']);
    await server.following(['RELIANCE']);

    store.dispatch(sessionExpired());
    expect(livePrices(store).status).toBe('closed');
    await waitUntil(() => server.sockets[0]!.closed !== null);
    expect(server.sockets[0]!.closed?.by).toBe('client');

    store.dispatch(sessionStarted({ token: 'session-token-2', user: TEST_USER }));
    await server.following(['RELIANCE']);
    expect(server.sockets).toHaveLength(2);
    expect(livePrices(store).status).toBe('open');
  });

  it('does not connect without a session', async () => {
    const store = makeStore();
    const server = new FakeTickServer();
    installFakeTickServer(store, server);
    tickStreamFor(store).retain(['RELIANCE']);
    await Promise.resolve();
    expect(livePrices(store).status).toBe('closed');
    expect(server.sockets).toHaveLength(0);
  });
});

async function waitForMessages(socket: { messages: unknown[] }, count: number) {
  await waitUntil(() => socket.messages.length >= count);
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met');
}
