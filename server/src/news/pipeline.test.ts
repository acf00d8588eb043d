/**
 * The pipeline over feeds a local server serves, on PGlite and PostgreSQL: each feed's status, a
 * story two feeds carry stored once, headlines tagged and scored, the market's sentiment from the
 * last day's headlines, and an honest sentence when no feed is configured or none can be read;
 * publishers' quirks (HTML in CDATA titles and summaries, an HTML-typed Atom title repeating an RSS
 * story) through to the events list; a refresh asked for while one runs joins it (the schedule is
 * ops/engines.ts's, tested there).
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

// Publishers' quirks: HTML inside a CDATA title, an instrument named only in an HTML summary, an
// undated item, and (in the Atom feed) the first story again with an HTML-typed title.
const quirkyRss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>C</title><link>https://c.example</link><description>C</description>
<item><title><![CDATA[<b>Reliance</b> Industries shares jump 4% on Jio tariff hike]]></title><guid>c1</guid>
  <pubDate>Tue, 24 Nov 2026 05:30:00 GMT</pubDate>
  <description><![CDATA[<p>Analysts at <a href="https://c.example/x">a brokerage</a> raised their target &amp; see more upside.</p>]]></description></item>
<item><title>Traders eye GDP data</title><guid>c2</guid><pubDate>Tue, 24 Nov 2026 05:00:00 GMT</pubDate>
  <description><![CDATA[<div>Brokers watch <b>Infosys</b> and <i>TCS</i> ahead of the print.</div>]]></description></item>
<item><title>Rupee steady against the dollar</title><guid>c3</guid></item>
<item><title>Global stocks plunge as recession fears grow</title><guid>c4</guid><pubDate>Tue, 24 Nov 2026 04:00:00 GMT</pubDate></item>
</channel></rss>`;

const quirkyAtom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>D</title><id>urn:d</id><updated>2026-11-24T05:35:00Z</updated>
<entry><title type="html">&lt;b&gt;Reliance&lt;/b&gt; Industries shares JUMP 4% on Jio tariff hike!</title><id>urn:d:1</id><updated>2026-11-24T05:35:00Z</updated></entry>
<entry><title>Sun Pharmaceutical gets USFDA nod</title><id>urn:d:2</id><updated>2026-11-24T05:30:00Z</updated></entry>
<entry><title>Bharti Airtel wins spectrum in auction</title><id>urn:d:3</id><updated>2026-11-24T03:00:00Z</updated></entry>
<entry><title>HDFC Bank downgraded after fraud probe</title><id>urn:d:4</id><updated>2026-11-24T01:00:00Z</updated></entry>
</feed>`;

const quiet = { info: () => {}, warn: () => {} };

/** Requests for /held.xml wait until the test releases them, so a refresh can be caught running. */
const held = {
  count: 0,
  waiting: [] as (() => void)[],
  arrivals: [] as { n: number; resolve: () => void }[],
  /** Resolves once `n` requests have arrived in all. */
  arrived(n: number): Promise<void> {
    return new Promise((resolve) => {
      held.arrivals.push({ n, resolve });
      held.notify();
    });
  },
  notify(): void {
    held.arrivals = held.arrivals.filter((a) => (held.count >= a.n ? (a.resolve(), false) : true));
  },
  release(): void {
    for (const answer of held.waiting.splice(0)) answer();
  },
};
const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

let server: http.Server;
let base: string;
let closedPortUrl: string;

before(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/a.xml') response.end(rss);
    else if (request.url === '/b.xml') response.end(atom);
    else if (request.url === '/c.xml') response.end(quirkyRss);
    else if (request.url === '/d.xml') response.end(quirkyAtom);
    else if (request.url === '/held.xml') {
      held.count += 1;
      held.waiting.push(() => response.end(rss));
      held.notify();
    } else response.writeHead(404).end();
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

for (const target of await testDatabases()) {
  describe(`news pipeline events and schedule on ${target.name}`, () => {
    let database: Database;
    const clock = new ManualClock('2026-11-24T06:00:00.000Z');
    before(async () => {
      database = await target.open();
    });
    after(async () => database.close());

    it('reads publishers’ quirks into plain, tagged headlines and lists the events', async () => {
      const pipeline = createNewsPipeline({
        db: database.db,
        clock,
        feeds: () => [`${base}/c.xml`, `${base}/d.xml`],
        fetch: { allow: ['127.0.0.1'] },
        log: quiet,
      });
      const statuses = await pipeline.refresh();
      assert.deepEqual(
        statuses.map(({ ok, items, newItems }) => ({ ok, items, newItems })),
        [
          { ok: true, items: 4, newItems: 4 },
          // The Atom feed's first entry is the RSS feed's first story: stored once, from C.
          { ok: true, items: 4, newItems: 3 },
        ],
      );
      const stored = await pipeline.recent(10);
      assert.deepEqual(
        stored.map((h) => [h.title, h.summary, h.source.endsWith('c.xml') ? 'c' : 'd', h.symbols]),
        [
          ['Rupee steady against the dollar', '', 'c', []],
          // At the same instant the later stored first.
          ['Sun Pharmaceutical gets USFDA nod', '', 'd', ['SUNPHARMA']],
          [
            'Reliance Industries shares jump 4% on Jio tariff hike',
            'Analysts at a brokerage raised their target & see more upside.',
            'c',
            ['RELIANCE'],
          ],
          // Named in the summary only.
          ['Traders eye GDP data', 'Brokers watch Infosys and TCS ahead of the print.', 'c', ['INFY', 'TCS']],
          ['Global stocks plunge as recession fears grow', '', 'c', []],
          ['Bharti Airtel wins spectrum in auction', '', 'd', ['BHARTIARTL']],
          ['HDFC Bank downgraded after fraud probe', '', 'd', ['HDFCBANK']],
        ],
      );

      // Events: headlines that name a stock or lean, newest first. The undated rupee story is the
      // newest (read at 06:00) but neither names a stock nor leans (score 0). At 05:30 Reliance
      // ("jump" +2: 2/6 = 1/3) comes before Sun Pharma (0), the stronger sentiment first. The
      // sixth event, HDFC Bank at 01:00, is past the five asked for.
      const events = await pipeline.events(5);
      assert.deepEqual(
        events.map((e) => [e.title, e.sentiment, e.symbols, e.timestamp.toISOString()]),
        [
          [
            'Reliance Industries shares jump 4% on Jio tariff hike',
            'Positive',
            ['RELIANCE'],
            '2026-11-24T05:30:00.000Z',
          ],
          ['Sun Pharmaceutical gets USFDA nod', 'Neutral', ['SUNPHARMA'], '2026-11-24T05:30:00.000Z'],
          ['Traders eye GDP data', 'Neutral', ['INFY', 'TCS'], '2026-11-24T05:00:00.000Z'],
          // "plunge" −3, "recession" −3, "fears" −2: −8/12.
          ['Global stocks plunge as recession fears grow', 'Negative', [], '2026-11-24T04:00:00.000Z'],
          ['Bharti Airtel wins spectrum in auction', 'Positive', ['BHARTIARTL'], '2026-11-24T03:00:00.000Z'],
        ],
      );
      close(events[0]!.score, 1 / 3);
      close(events[3]!.score, -2 / 3);
      assert.deepEqual(
        (await pipeline.events(1)).map((e) => e.title),
        [events[0]!.title],
      );

      // Seven headlines: 1/3 + 1/2 − 2/3 − 2/3 and three at 0: −1/2 / 7 = −1/14, Neutral, which 3
      // of 7 share; coverage 7/17: confidence 3/17. Each theme once.
      const sentiment = await pipeline.sentiment();
      assert.equal(sentiment.headlines, 7);
      close(sentiment.score, -1 / 14);
      close(sentiment.confidence, 3 / 17);
      assert.equal(sentiment.label, 'Neutral');
      assert.deepEqual(sentiment.topThemes, [
        { theme: 'banking', count: 1 },
        { theme: 'pharma', count: 1 },
        { theme: 'rupee', count: 1 },
      ]);
    });

    it(
      'a refresh asked for while one runs joins it: the feed is read once',
      { timeout: 20_000 },
      async () => {
        const pipeline = createNewsPipeline({
          db: database.db,
          clock,
          feeds: () => [`${base}/held.xml`],
          fetch: { allow: ['127.0.0.1'] },
          log: quiet,
        });
        const before = held.count;
        const first = pipeline.refresh();
        await held.arrived(before + 1);
        assert.equal(pipeline.status().lastRefreshAt, null, 'still reading');
        const joined = pipeline.refresh();
        held.release();
        assert.deepEqual(await joined, await first);
        assert.equal(held.count, before + 1);
        assert.equal(pipeline.status().message, '1 of 1 news feed read.');
      },
    );
  });
}
