/**
 * The pipeline over feeds a local server serves, on PGlite and PostgreSQL: each feed's status, a
 * story two feeds carry stored once, headlines tagged and scored, the market's sentiment from the
 * last day's headlines, and an honest sentence when no feed is configured or none can be read.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { testDatabases } from '../testing/index.js';
import { createNewsPipeline } from './pipeline.js';

const rss = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>A</title><link>https://a.example</link><description>A</description>
<item><title>Infosys beats estimates; shares surge 5%</title><guid>a1</guid><pubDate>Tue, 24 Nov 2026 03:45:00 GMT</pubDate></item>
<item><title>HDFC Bank downgraded after fraud probe</title><guid>a2</guid><pubDate>Tue, 24 Nov 2026 04:00:00 GMT</pubDate></item>
<item><title>Nifty ends flat ahead of RBI policy</title><guid>a3</guid></item>
<item><title>Tata Steel slumps on weak demand</title><guid>a4</guid><pubDate>Fri, 20 Nov 2026 04:00:00 GMT</pubDate></item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>B</title><id>urn:b</id><updated>2026-11-24T05:00:00Z</updated>
<entry><title>INFOSYS beats estimates — shares surge 5%</title><id>urn:b:1</id><updated>2026-11-24T03:50:00Z</updated></entry>
<entry><title>RBI announces rate cut, Sensex hits record high</title><id>urn:b:2</id><updated>2026-11-24T05:00:00Z</updated></entry>
</feed>`;

const quiet = { info: () => {}, warn: () => {} };
const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

let server: http.Server;
let base: string;
let closedPortUrl: string;

before(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/a.xml') response.end(rss);
    else if (request.url === '/b.xml') response.end(atom);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: open a server, note its port, close it.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/feed`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
after(() => {
  server.closeAllConnections();
  server.close();
});

for (const target of await testDatabases()) {
  describe(`news pipeline on ${target.name}`, () => {
    let database: Database;
    const clock = new ManualClock('2026-11-24T06:00:00.000Z');
    before(async () => {
      database = await target.open();
    });
    after(async () => database.close());

    it('says so when no feed is configured, and gives no sentiment from news', async () => {
      const pipeline = createNewsPipeline({ db: database.db, clock, feeds: () => [], log: quiet });
      assert.deepEqual(await pipeline.refresh(), []);
      assert.equal(
        pipeline.status().message,
        'No news feed configured: market sentiment comes from market breadth alone.',
      );
      const sentiment = await pipeline.sentiment();
      assert.equal(sentiment.headlines, 0);
      assert.equal(sentiment.confidence, 0);
      assert.equal(sentiment.label, 'Neutral');
    });

    it('says so when no configured feed is reachable, with each feed’s reason', async () => {
      const feeds = [closedPortUrl, 'http://10.20.30.40/rss'];
      const pipeline = createNewsPipeline({
        db: database.db,
        clock,
        feeds: () => feeds,
        fetch: { allow: ['127.0.0.1'] },
        log: quiet,
      });
      assert.equal(pipeline.status().message, 'The 2 news feeds have not been read yet.');
      const statuses = await pipeline.refresh();
      assert.deepEqual(
        statuses.map((s) => [s.url, s.ok, s.items]),
        [
          [closedPortUrl, false, 0],
          ['http://10.20.30.40/rss', false, 0],
        ],
      );
      assert.match(statuses[0]!.error!, /could not be fetched: .*ECONNREFUSED/);
      assert.match(
        statuses[1]!.error!,
        /Refused to fetch http:\/\/10\.20\.30\.40: it is a private address, not a public one\./,
      );
      assert.deepEqual(statuses[0]!.at, clock.now());
      const status = pipeline.status();
      assert.equal(
        status.message,
        'No news feed reachable: market sentiment comes from market breadth alone.',
      );
      assert.equal(status.reachable, 0);
      assert.equal(status.configured, 2);
      assert.equal((await pipeline.sentiment()).headlines, 0);
    });

    it('reads, tags, scores and stores the feeds, a shared story once, and derives the market sentiment', async () => {
      const feeds = [`${base}/a.xml`, `${base}/b.xml`, `${base}/a.xml`];
      const pipeline = createNewsPipeline({
        db: database.db,
        clock,
        feeds: () => feeds,
        fetch: { allow: ['127.0.0.1'] },
        log: quiet,
      });
      const statuses = await pipeline.refresh();
      assert.deepEqual(
        statuses.map(({ url, ok, items, newItems, error }) => ({ url, ok, items, newItems, error })),
        [
          { url: `${base}/a.xml`, ok: true, items: 4, newItems: 4, error: null },
          { url: `${base}/b.xml`, ok: true, items: 2, newItems: 1, error: null },
        ],
      );
      assert.ok(statuses.every((s) => s.latencyMs >= 0));
      assert.equal(pipeline.status().message, '2 of 2 news feeds read.');

      const stored = await pipeline.recent(10);
      assert.deepEqual(
        stored.map((h) => [h.title, h.source.endsWith('a.xml') ? 'a' : 'b', h.symbols, h.themes]),
        [
          // Newest first; the undated one counts as read at 06:00.
          ['Nifty ends flat ahead of RBI policy', 'a', [], ['rates']],
          ['RBI announces rate cut, Sensex hits record high', 'b', [], ['rates']],
          ['HDFC Bank downgraded after fraud probe', 'a', ['HDFCBANK'], ['banking']],
          ['Infosys beats estimates; shares surge 5%', 'a', ['INFY'], ['earnings']],
          ['Tata Steel slumps on weak demand', 'a', ['TATASTEEL'], ['metals']],
        ],
      );
      close(stored[2]!.sentiment, -8 / 12);

      // The last day's four headlines: 5/9, −2/3, 0, 5/9 → mean 1/9, Positive; 2 of 4 Positive,
      // coverage 4/14: confidence 1/7. The Tata Steel story of 20 November is out of the window.
      const sentiment = await pipeline.sentiment();
      assert.equal(sentiment.headlines, 4);
      close(sentiment.score, 1 / 9);
      close(sentiment.confidence, 1 / 7);
      assert.equal(sentiment.label, 'Positive');
      assert.deepEqual(sentiment.counts, { Positive: 2, Neutral: 1, Negative: 1 });
      assert.deepEqual(sentiment.topThemes, [
        { theme: 'rates', count: 2 },
        { theme: 'banking', count: 1 },
        { theme: 'earnings', count: 1 },
      ]);

      const again = await pipeline.refresh();
      assert.deepEqual(
        again.map((s) => s.newItems),
        [0, 0],
        'nothing new the second time',
      );
    });
  });
}
