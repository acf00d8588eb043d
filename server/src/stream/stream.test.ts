/**
 * The /ws/ticks price stream over real sockets: tickets, refusals before the upgrade, the protocol,
 * fan-out of hub batches to subscribers only, and dropping a client that stops reading.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  apiError,
  BAD_MESSAGE_CLOSE_CODE,
  MAX_STREAM_SYMBOLS,
  ServerMessage,
  SLOW_CLIENT_CLOSE_CODE,
  StreamTicketResponse,
  TICK_STREAM_PROTOCOL,
  TICKET_TTL_SECONDS,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import type { Instrument, MarketFeed, Tick } from '../market/feed.js';
import {
  createTestApp,
  DEFAULT_TEST_TIME,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  STRONG_PASSWORD,
  testDatabases,
  type TestApp,
} from '../testing/index.js';
import { MAX_SOCKETS_PER_SESSION, REFUSALS, SESSION_ENDED_CLOSE_CODE } from './service.js';

const INSTRUMENTS: Instrument[] = [
  { symbol: 'RELIANCE', name: 'Reliance Industries', sector: 'Energy', isin: 'INE002A01018' },
  { symbol: 'TCS', name: 'Tata Consultancy Services', sector: 'IT', isin: 'INE467B01029' },
  { symbol: 'M&M', name: 'Mahindra & Mahindra', sector: 'Automobile', isin: 'INE101A01026' },
].map((instrument) => ({ ...instrument, instrumentKey: `NSE_EQ|${instrument.isin}` }));

/** A feed that publishes one opening tick per symbol and nothing else: the tests publish the rest. */
function fixedFeed(at: () => number): MarketFeed {
  return {
    source: 'simulated',
    instruments: () => INSTRUMENTS,
    indices: () => [
      { id: 'NIFTY_50', name: 'NIFTY 50', exchange: 'NSE', instrumentKey: 'NSE_INDEX|Nifty 50' },
    ],
    instrument: (symbol) => INSTRUMENTS.find((instrument) => instrument.symbol === symbol),
    async start(hub) {
      hub.publish([
        tick('RELIANCE', 1450.5, 1420, 120_000, at()),
        tick('TCS', 3890, 3900, 40_000, at()),
        tick('M&M', 2999.95, 3000, 5_000, at()),
        { ...tick('NIFTY_50', 24_310.45, 24_180.2, 0, at()), kind: 'index' },
      ]);
    },
    async stop() {},
    isSessionOpen: () => true,
    alwaysOpen: true,
    dailyCandles: async () => [],
  };
}

function tick(symbol: string, ltp: number, previousClose: number, volume: number, ts: number): Tick {
  return { symbol, kind: 'equity', ltp, previousClose, open: ltp, high: ltp, low: ltp, volume, ts };
}

/** Every message a client socket receives, parsed with the contract, in order. */
class Inbox {
  private readonly queue: ServerMessage[] = [];
  private readonly waiting: Array<(message: ServerMessage) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(socket: WebSocket) {
    socket.on('message', (data) => {
      const message = ServerMessage.parse(JSON.parse(String(data)));
      const waiter = this.waiting.shift();
      if (waiter) waiter(message);
      else this.queue.push(message);
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  next(): Promise<ServerMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * The next message that is not an event. A whole running app (its jobs, alerts, automation)
   * may tell the browsers of an event at any moment, between any two messages a test waits for.
   */
  async nextAnswer(): Promise<ServerMessage> {
    for (;;) {
      const message = await this.next();
      if (message.type !== 'event') return message;
    }
  }
}

interface Client {
  socket: WebSocket;
  inbox: Inbox;
  /** The TCP socket underneath, to stop reading it. */
  tcp: Socket;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string },
  ) {
    super(`refused with ${status}`);
  }
}

for (const target of await testDatabases()) {
  describe(`the price stream on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    let wsUrl: string;

    before(async () => {
      database = await target.open();
      const clock = new ManualClock(DEFAULT_TEST_TIME);
      t = await createTestApp(database, { clock, deps: { feed: fixedFeed(() => clock.nowMs()) } });
      token = await setUpOperator(t.app);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      wsUrl = `${address.replace(/^http/, 'ws')}/ws/ticks`;
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    async function ticket(session = token): Promise<StreamTicketResponse> {
      const res = await send(t.app, 'POST', '/api/stream/ticket', { token: session });
      assert.equal(res.statusCode, 200, res.body);
      return StreamTicketResponse.parse(res.json());
    }

    function open(
      protocols: string[],
      options: { headers?: Record<string, string>; url?: string } = {},
    ): Promise<Client> {
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(options.url ?? wsUrl, protocols, { headers: options.headers });
        const inbox = new Inbox(socket);
        let tcp: Socket | undefined;
        socket.once('upgrade', (response) => (tcp = response.socket));
        socket.once('open', () => resolve({ socket, inbox, tcp: tcp as Socket }));
        socket.once('unexpected-response', (request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => {
            request.destroy();
            reject(new Refused(response.statusCode ?? 0, body ? JSON.parse(body) : {}));
          });
        });
        socket.once('error', reject);
      });
    }

    async function openWithTicket(headers?: Record<string, string>): Promise<Client> {
      return open((await ticket()).protocols, { headers });
    }

    async function refusal(
      protocols: string[],
      options: { headers?: Record<string, string>; url?: string } = {},
    ): Promise<Refused> {
      const opened = t.app.services.stream.stats().connectionsOpened;
      const error = await open(protocols, options).then(
        (client) => {
          client.socket.terminate();
          return assert.fail('the socket opened');
        },
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof Refused, String(error));
      assert.equal(t.app.services.stream.stats().connectionsOpened, opened, 'no socket opened');
      return error;
    }

    async function expectMessage(client: Client, expected: ServerMessage) {
      assert.deepEqual(await client.inbox.next(), expected);
    }

    /** The next batch of prices; events the app announces meanwhile (alerts, account changes) are passed over. */
    function nextTicks(client: Client): Promise<ServerMessage> {
      return client.inbox.nextAnswer();
    }

    async function subscribe(client: Client, symbols: string[]) {
      client.socket.send(JSON.stringify({ type: 'subscribe', symbols }));
      const answer = await client.inbox.next();
      assert.equal(answer.type, 'subscribed');
      return answer;
    }

    async function signIn(): Promise<string> {
      const res = await send(t.app, 'POST', '/api/auth/login', {
        body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ session_token: string }>().session_token;
    }

    describe('tickets', () => {
      it('are issued to a session only', async () => {
        const res = await send(t.app, 'POST', '/api/stream/ticket');
        assert.equal(res.statusCode, 401);
      });

      it('are 256-bit, valid 30 seconds, and come with the subprotocols and path to use', async () => {
        const res = await send(t.app, 'POST', '/api/stream/ticket', { token });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['cache-control'], 'no-store');
        const body = StreamTicketResponse.parse(res.json());
        assert.equal(Buffer.from(body.ticket, 'base64url').length, 32);
        assert.equal(body.expires_at, '2026-11-20T05:00:30.000Z');
        assert.deepEqual(body.protocols, [TICK_STREAM_PROTOCOL, `ticket.${body.ticket}`]);
        assert.equal(body.path, '/ws/ticks');
        assert.notEqual((await ticket()).ticket, body.ticket, 'each ticket is new');
      });
    });

    describe('opening the socket is refused with 401', () => {
      it('without a ticket', async () => {
        const refused = await refusal([TICK_STREAM_PROTOCOL]);
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.noTicket);
      });

      it('without the stream subprotocol', async () => {
        const { ticket: value } = await ticket();
        const refused = await refusal([`ticket.${value}`]);
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.protocol);
      });

      it('with a Bearer session header and no ticket', async () => {
        const refused = await refusal([TICK_STREAM_PROTOCOL], {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.noTicket);
        const none = await refusal([], { headers: { authorization: `Bearer ${token}` } });
        assert.equal(none.status, 401);
      });

      it('with the session token in place of a ticket', async () => {
        const refused = await refusal([TICK_STREAM_PROTOCOL, `ticket.${token}`]);
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.badTicket);
      });

      it('with a ticket used once already', async () => {
        const issued = await ticket();
        const first = await open(issued.protocols);
        first.socket.close();
        await first.inbox.closed;
        const refused = await refusal(issued.protocols);
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.badTicket);
      });

      it('with a ticket 30 seconds old, and not one second earlier', async () => {
        const fresh = await ticket();
        const stale = await ticket();
        t.clock.advance((TICKET_TTL_SECONDS - 1) * 1000);
        try {
          const client = await open(fresh.protocols);
          client.socket.close();
          t.clock.advance(1000);
          const refused = await refusal(stale.protocols);
          assert.equal(refused.status, 401);
          assert.equal(refused.body.message, REFUSALS.badTicket);
        } finally {
          t.clock.advance(-TICKET_TTL_SECONDS * 1000);
        }
      });

      it('with a ticket in the address, which is spent', async () => {
        const issued = await ticket();
        const refused = await refusal([TICK_STREAM_PROTOCOL], { url: `${wsUrl}?ticket=${issued.ticket}` });
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.ticketInAddress);
        const again = await refusal(issued.protocols);
        assert.equal(again.body.message, REFUSALS.badTicket);
      });

      it('from a page on another origin', async () => {
        const refused = await refusal((await ticket()).protocols, {
          headers: { origin: 'https://evil.example' },
        });
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.origin);
      });

      it('from another origin, which spends the ticket it showed', async () => {
        const issued = await ticket();
        const refused = await refusal(issued.protocols, { headers: { origin: 'https://evil.example' } });
        assert.equal(refused.body.message, REFUSALS.origin);
        const again = await refusal(issued.protocols);
        assert.equal(again.body.message, REFUSALS.badTicket, 'a refused ticket is spent');
      });

      it('from a page whose origin matches the Host it used but not the public origin', async () => {
        // The socket goes to 127.0.0.1:<test port>; the configured public origin is localhost:4000.
        const host = new URL(wsUrl).host;
        const refused = await refusal((await ticket()).protocols, { headers: { origin: `http://${host}` } });
        assert.equal(refused.status, 401);
        assert.equal(refused.body.message, REFUSALS.origin);
      });

      it('with a ticket of a session that has since signed out', async () => {
        const session = await signIn();
        const issued = await ticket(session);
        assert.equal((await send(t.app, 'POST', '/api/auth/logout', { token: session })).statusCode, 200);
        const refused = await refusal(issued.protocols);
        assert.equal(refused.body.message, REFUSALS.badTicket);
      });

      it('counts what it refused', () => {
        assert.ok(t.app.services.stream.stats().refused >= 12);
      });
    });

    it(
      'refuses an upgrade to any other address with 404 and a sentence, and closes its socket',
      { timeout: 10_000 },
      async () => {
        for (const path of ['/api/health', '/ws/ticks/extra', '/nowhere']) {
          const refused = await refusal((await ticket()).protocols, {
            url: wsUrl.replace('/ws/ticks', path),
          });
          assert.equal(refused.status, 404, path);
          assert.equal(refused.body.message, REFUSALS.notStream);
        }
        // The server ends the connection itself: a client that keeps it open is not kept waiting on.
        const { port } = new URL(wsUrl);
        const tcp = connect(Number(port), '127.0.0.1');
        let answer = '';
        tcp.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
        tcp.write(
          'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
        await new Promise((resolve) => tcp.once('close', resolve));
        assert.match(answer, /^HTTP\/1\.1 404 Not Found\r\n/);
        assert.ok(answer.endsWith(JSON.stringify(apiError(REFUSALS.notStream))), answer);
      },
    );

    it('answers a plain GET (not an upgrade) with 426', async () => {
      const res = await send(t.app, 'GET', '/ws/ticks');
      assert.equal(res.statusCode, 426);
      assert.equal(res.json().message, REFUSALS.notUpgrade);
    });

    it('opens for the server’s own origin and for a program sending no origin', async () => {
      const fromPage = await openWithTicket({ origin: t.config.publicUrl });
      const fromProgram = await openWithTicket();
      for (const client of [fromPage, fromProgram]) {
        assert.equal(client.socket.protocol, TICK_STREAM_PROTOCOL, 'the ticket is never echoed');
        client.socket.close();
        await client.inbox.closed;
      }
    });

    it(`holds at most ${MAX_SOCKETS_PER_SESSION} sockets per session, and frees a place when one closes`, async () => {
      const session = await signIn();
      const clients: Client[] = [];
      for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i += 1)
        clients.push(await open((await ticket(session)).protocols));
      const refused = await refusal((await ticket(session)).protocols);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.message, REFUSALS.tooManySockets);
      const other = await openWithTicket();
      assert.equal(other.socket.protocol, TICK_STREAM_PROTOCOL, 'another session is not limited by this one');
      const first = clients.shift() as Client;
      first.socket.close();
      await first.inbox.closed;
      // The server frees the place when the closed connection's TCP socket ends.
      let reopened: Client | null = null;
      for (let attempt = 0; attempt < 40 && !reopened; attempt += 1) {
        reopened = await open((await ticket(session)).protocols).catch(async (error: unknown) => {
          assert.ok(error instanceof Refused && error.status === 429, String(error));
          await new Promise((resolve) => setTimeout(resolve, 25));
          return null;
        });
      }
      assert.ok(reopened, 'a place is free again once a socket closed');
      clients.push(reopened);
      for (const client of [...clients, other]) {
        client.socket.close();
        await client.inbox.closed;
      }
    });

    describe('an open stream', () => {
      let client: Client;

      before(async () => {
        client = await openWithTicket();
      });
      after(() => client.socket.close());

      it('says hello first: where prices come from and whether the market is open', async () => {
        await expectMessage(client, { type: 'hello', data_source: 'simulated', market_open: true });
        assert.equal(t.app.services.stream.stats().connections, 1);
      });

      it('confirms a subscription with the latest ticks and lists unknown symbols', async () => {
        const answer = await subscribe(client, ['RELIANCE', 'NIFTY_50', 'NOPE', 'RELIANCE']);
        const at = t.clock.nowMs();
        assert.deepEqual(answer, {
          type: 'subscribed',
          symbols: ['RELIANCE', 'NIFTY_50'],
          unknown: ['NOPE'],
          snapshot: [
            {
              symbol: 'RELIANCE',
              ltp: 1450.5,
              previous_close: 1420,
              change: 30.5,
              change_percent: 2.15,
              volume: 120_000,
              ts: at,
            },
            {
              symbol: 'NIFTY_50',
              ltp: 24_310.45,
              previous_close: 24_180.2,
              change: 130.25,
              change_percent: 0.54,
              volume: 0,
              ts: at,
            },
          ],
        });
      });

      it('sends only the subscribed symbols of each batch', async () => {
        t.app.services.hub.publish([
          tick('TCS', 3891.5, 3900, 41_000, 1),
          tick('RELIANCE', 1451, 1420, 121_000, 2),
          tick('M&M', 3000.05, 3000, 5_100, 3),
        ]);
        await expectMessage(client, {
          type: 'ticks',
          ticks: [
            {
              symbol: 'RELIANCE',
              ltp: 1451,
              previous_close: 1420,
              change: 31,
              change_percent: 2.18,
              volume: 121_000,
              ts: 2,
            },
          ],
        });
        assert.ok(t.app.services.stream.stats().ticksSent >= 1);
      });

      it('stops a symbol after unsubscribe', async () => {
        client.socket.send(JSON.stringify({ type: 'unsubscribe', symbols: ['RELIANCE'] }));
        await expectMessage(client, { type: 'unsubscribed', symbols: ['RELIANCE'] });
        t.app.services.hub.publish([tick('RELIANCE', 1452, 1420, 122_000, 4)]);
        t.app.services.hub.publish([{ ...tick('NIFTY_50', 24_300, 24_180.2, 0, 5), kind: 'index' }]);
        // Messages arrive in order: had RELIANCE been sent, it would come before NIFTY_50.
        const next = await client.inbox.next();
        assert.deepEqual(next.type === 'ticks' && next.ticks.map((item) => item.symbol), ['NIFTY_50']);
      });

      it('answers ping with pong', async () => {
        client.socket.send(JSON.stringify({ type: 'ping' }));
        await expectMessage(client, { type: 'pong' });
      });

      it(`refuses to follow more than ${MAX_STREAM_SYMBOLS} symbols and stays open`, async () => {
        const many = Array.from({ length: MAX_STREAM_SYMBOLS }, (_, index) => `SYM${index}`);
        t.app.services.hub.publish(many.map((symbol, index) => tick(symbol, 100, 100, 0, index)));
        client.socket.send(JSON.stringify({ type: 'subscribe', symbols: many }));
        await expectMessage(client, {
          type: 'error',
          message: `A connection follows at most ${MAX_STREAM_SYMBOLS} symbols and this one follows 1: unsubscribe some first.`,
        });
        client.socket.send(JSON.stringify({ type: 'ping' }));
        await expectMessage(client, { type: 'pong' });
      });
    });

    describe('a message that breaks the protocol', () => {
      it('that is not JSON gets an error, then the socket is closed with 4400', async () => {
        const client = await openWithTicket();
        assert.equal((await client.inbox.next()).type, 'hello');
        client.socket.send('subscribe RELIANCE');
        await expectMessage(client, { type: 'error', message: 'Invalid message: it is not valid JSON.' });
        assert.equal((await client.inbox.closed).code, BAD_MESSAGE_CLOSE_CODE);
      });

      it('that does not match the schema gets an error naming the problem, then 4400', async () => {
        const client = await openWithTicket();
        assert.equal((await client.inbox.next()).type, 'hello');
        client.socket.send(JSON.stringify({ type: 'subscribe', symbols: ['reliance'] }));
        await expectMessage(client, {
          type: 'error',
          message: 'Invalid message: symbols.0: symbols are upper-case letters, digits, &, _ or -',
        });
        assert.equal((await client.inbox.closed).code, BAD_MESSAGE_CLOSE_CODE);
      });
    });

    it('sends each client its own symbols, and the same batch to clients following the same', async () => {
      const [a, b, c] = await Promise.all([openWithTicket(), openWithTicket(), openWithTicket()]);
      for (const client of [a, b, c] as Client[]) assert.equal((await client.inbox.next()).type, 'hello');
      await subscribe(a as Client, ['TCS', 'M&M']);
      await subscribe(b as Client, ['M&M', 'TCS']);
      await subscribe(c as Client, ['RELIANCE']);
      t.app.services.hub.publish([tick('TCS', 3892, 3900, 42_000, 10), tick('RELIANCE', 1449, 1420, 1, 11)]);
      const symbolsOf = async (client: Client) => {
        const message = await nextTicks(client);
        return message.type === 'ticks' ? message.ticks.map((item) => `${item.symbol}@${item.ltp}`) : [];
      };
      assert.deepEqual(await symbolsOf(a as Client), ['TCS@3892']);
      assert.deepEqual(await symbolsOf(b as Client), ['TCS@3892']);
      assert.deepEqual(await symbolsOf(c as Client), ['RELIANCE@1449']);
      for (const client of [a, b, c] as Client[]) client.socket.close();
    });

    it('drops a client that stops reading once its unsent data passes the cap; others keep receiving', async () => {
      const slow = await openWithTicket();
      const fast = await openWithTicket();
      const symbols = Array.from({ length: 150 }, (_, index) => `LOAD${index}`);
      let ts = 1_000;
      const batch = () => symbols.map((symbol) => tick(symbol, 1000 + (ts % 100), 990, ts, ts++));
      t.app.services.hub.publish(batch());
      for (const client of [slow, fast]) {
        assert.equal((await client.inbox.next()).type, 'hello');
        await subscribe(client, symbols);
      }
      const dropped = t.app.services.stream.stats().slowClientsDropped;
      slow.tcp.pause();
      // The fast client reads every batch before the next is published; the slow one reads none.
      let batches = 0;
      while (t.app.services.stream.stats().slowClientsDropped === dropped) {
        assert.ok(batches < 20_000, 'the slow client was never dropped');
        t.app.services.hub.publish(batch());
        assert.equal((await nextTicks(fast)).type, 'ticks');
        batches += 1;
        if (batches % 20 === 0) await nextTurn();
      }
      assert.equal(t.app.services.stream.stats().slowClientsDropped, dropped + 1);
      const last = batch();
      t.app.services.hub.publish(last);
      const next = await nextTicks(fast);
      assert.deepEqual(next.type === 'ticks' && next.ticks.at(-1)?.ts, last.at(-1)?.ts);
      slow.tcp.resume();
      const { code } = await slow.inbox.closed;
      assert.ok([SLOW_CLIENT_CLOSE_CODE, 1006].includes(code), `closed with ${code}`);
      fast.socket.close();
    });

    it('closes the stream of a session that signed out at the next heartbeat', async () => {
      const session = await signIn();
      const client = await open((await ticket(session)).protocols);
      const other = await openWithTicket();
      assert.equal((await client.inbox.next()).type, 'hello');
      assert.equal((await send(t.app, 'POST', '/api/auth/logout', { token: session })).statusCode, 200);
      await t.app.services.stream.heartbeat();
      assert.equal((await client.inbox.closed).code, SESSION_ENDED_CLOSE_CODE);
      assert.equal(other.socket.readyState, WebSocket.OPEN, 'the other session keeps its stream');
      other.socket.close();
    });
  });
}

for (const target of await testDatabases()) {
  describe(`the price stream over the simulated market on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;

    before(async () => {
      database = await target.open();
      t = await createTestApp(database);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    it('knows its equities and the three indices, and prices them from the hub', async () => {
      const token = await setUpOperator(t.app);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const issued = StreamTicketResponse.parse(
        (await send(t.app, 'POST', '/api/stream/ticket', { token })).json(),
      );
      const socket = new WebSocket(`${address.replace(/^http/, 'ws')}${issued.path}`, issued.protocols);
      const inbox = new Inbox(socket);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      // Friday 10:30 IST: the NSE normal session is open.
      assert.deepEqual(await inbox.next(), { type: 'hello', data_source: 'simulated', market_open: true });

      const symbols = ['RELIANCE', 'NIFTY_50', 'SENSEX', 'BANK_NIFTY', 'NOT_LISTED'];
      socket.send(JSON.stringify({ type: 'subscribe', symbols }));
      const answer = await inbox.nextAnswer();
      assert.equal(answer.type, 'subscribed');
      if (answer.type !== 'subscribed') return;
      assert.deepEqual(answer.symbols, symbols.slice(0, 4));
      assert.deepEqual(answer.unknown, ['NOT_LISTED']);
      assert.deepEqual(
        answer.snapshot.map((item) => item.symbol),
        symbols.slice(0, 4),
      );
      for (const item of answer.snapshot) {
        const latest = t.app.services.hub.last(item.symbol);
        assert.ok(latest, `the hub holds ${item.symbol}`);
        assert.equal(item.ltp, latest.ltp);
        assert.equal(item.previous_close, latest.previousClose);
        assert.equal(item.change, Math.round((latest.ltp - latest.previousClose) * 100) / 100);
      }
      socket.close();
      await inbox.closed;
    });
  });
}
