/**
 * Feeds as real publishers write them, served by a local server the test starts: CDATA, HTML and
 * entities in summaries, missing and unreadable dates, a duplicated item, an Atom feed, and the
 * failures (an HTTP error, a page that is not a feed) each with a sentence.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FeedError, fetchFeed } from './feeds.js';

const longParagraph = 'Sensex and Nifty ended the session higher as banks and IT stocks gained. '.repeat(10);

const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Markets</title>
  <link>https://news.example.in/markets</link>
  <description>Market news</description>
  <item>
    <title><![CDATA[Infosys beats estimates; shares <b>surge</b> 5%]]></title>
    <link>https://news.example.in/infosys-q2</link>
    <guid isPermaLink="false">infy-q2-2026</guid>
    <pubDate>Tue, 24 Nov 2026 09:15:00 +0530</pubDate>
    <description><![CDATA[<p>Infosys <a href="https://x">reported</a> a profit of &#8377;6,500 crore &amp; raised guidance.</p><script>track()</script>]]></description>
  </item>
  <item>
    <title>RBI holds repo rate at 6.5% &amp; keeps stance</title>
    <link>https://news.example.in/rbi</link>
    <description>&lt;p&gt;The Monetary Policy Committee voted 5&amp;ndash;1.&lt;/p&gt;</description>
  </item>
  <item>
    <title>Infosys beats estimates; shares surge 5%</title>
    <link>https://news.example.in/infosys-q2</link>
    <guid isPermaLink="false">infy-q2-2026</guid>
    <pubDate>Tue, 24 Nov 2026 09:15:00 +0530</pubDate>
  </item>
  <item>
    <title>Markets close higher</title>
    <link>javascript:alert(1)</link>
    <pubDate>sometime yesterday</pubDate>
    <content:encoded><![CDATA[<div>${longParagraph}</div>]]></content:encoded>
  </item>
  <item>
    <description>An item with no title is not a headline.</description>
  </item>
</channel>
</rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Exchange notices</title>
  <id>urn:example:feed</id>
  <updated>2026-11-24T06:00:00Z</updated>
  <entry>
    <title type="html">HDFC Bank &lt;em&gt;downgrade&lt;/em&gt; hits stock</title>
    <id>urn:example:hdfc-1</id>
    <link rel="alternate" href="https://exchange.example.in/hdfc"/>
    <updated>2026-11-24T05:30:00Z</updated>
    <summary type="html">&lt;p&gt;Brokerage cuts target.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <title>Crude oil slumps</title>
    <id>urn:example:crude</id>
  </entry>
</feed>`;

describe('feeds', () => {
  let server: http.Server;
  let base: string;
  const options = { allow: ['127.0.0.1'] };

  before(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/rss')
        response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss);
      else if (request.url === '/atom')
        response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom);
      else if (request.url === '/html')
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not a feed</body></html>');
      else response.writeHead(500).end('broken');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('reads an RSS 2.0 feed with CDATA, HTML summaries, entities, duplicates and missing dates', async () => {
    const items = await fetchFeed(`${base}/rss`, options);
    assert.equal(items.length, 3, 'the duplicate and the untitled item are left out');
    const [infosys, rbi, close] = items;
    assert.deepEqual(infosys, {
      title: 'Infosys beats estimates; shares surge 5%',
      summary: 'Infosys reported a profit of ₹6,500 crore & raised guidance.',
      link: 'https://news.example.in/infosys-q2',
      publishedAt: new Date('2026-11-24T03:45:00.000Z'),
      guid: 'infy-q2-2026',
    });
    assert.deepEqual(rbi, {
      title: 'RBI holds repo rate at 6.5% & keeps stance',
      summary: 'The Monetary Policy Committee voted 5–1.',
      link: 'https://news.example.in/rbi',
      publishedAt: null,
      guid: 'https://news.example.in/rbi',
    });
    assert.equal(close!.link, null, 'a javascript: link is not kept');
    assert.equal(close!.publishedAt, null, 'an unreadable date is null, not a guess');
    assert.equal(close!.guid, 'Markets close higher');
    assert.ok(close!.summary.length <= 401, `summary of ${close!.summary.length} characters`);
    assert.ok(close!.summary.endsWith('…'));
    assert.ok(close!.summary.startsWith('Sensex and Nifty ended the session higher'));
  });

  it('reads an Atom feed', async () => {
    assert.deepEqual(await fetchFeed(`${base}/atom`, options), [
      {
        title: 'HDFC Bank downgrade hits stock',
        summary: 'Brokerage cuts target.',
        link: 'https://exchange.example.in/hdfc',
        publishedAt: new Date('2026-11-24T05:30:00.000Z'),
        guid: 'urn:example:hdfc-1',
      },
      { title: 'Crude oil slumps', summary: '', link: null, publishedAt: null, guid: 'urn:example:crude' },
    ]);
  });

  it('says why a feed cannot be read', async () => {
    await assert.rejects(fetchFeed(`${base}/html`, options), (error: unknown) => {
      assert.ok(error instanceof FeedError);
      assert.match(error.message, /^The feed is not readable RSS or Atom: /);
      return true;
    });
    await assert.rejects(fetchFeed(`${base}/missing`, options), /The feed at .* answered HTTP 500\./);
    await assert.rejects(fetchFeed(`${base}/rss`), /127\.0\.0\.1.*loopback/);
  });
});
