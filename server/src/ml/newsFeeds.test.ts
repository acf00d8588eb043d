/**
 * What the dashboard's pipeline is told of the news feeds (GET /api/news `feeds`): how many are
 * configured and each one's last read, by host only (a feed's address may carry a key), with why
 * one failed. Two feeds: one serving RSS, one on a port nothing listens on.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { NewsFeedRead } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { send, signedInApp, testDatabases } from '../testing/index.js';

const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Markets</title>
<item><title>Infosys beats estimates</title><link>https://news.example/infy</link><description>Results.</description></item>
<item><title>Rupee slides</title><link>https://news.example/rupee</link><description>Currency.</description></item>
</channel></rss>`;

let server: http.Server;
let readable: string;
let closed: string;
/** The configured feeds (NIVESH_NEWS_FEEDS), filled once the two addresses are known. */
const configured: string[] = [];
before(async () => {
  server = http.createServer((_request, response) => response.end(rss));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  readable = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rss?apikey=SECRET1`;
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/feed?token=SECRET2`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  configured.push(readable, closed);
});
after(() => {
  server.closeAllConnections();
  server.close();
});

for (const target of await testDatabases()) {
  describe(`the pipeline's news feeds on ${target.name}`, () => {
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const s = signedInApp(target, {
      clock,
      config: { newsFeeds: configured, fetchAllow: ['127.0.0.1'] },
      deps: { live: null, liveAccount: null },
    });
    const news = async () => {
      const res = await send(s.t.app, 'GET', '/api/news', { token: s.token });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{
        data: { feeds: { configured: number; reads: NewsFeedRead[]; last_refresh_at: string | null } };
      }>().data;
    };

    it('names each feed by its host, with what it carried or why it failed, and never its key', async () => {
      // Configured, not read yet.
      assert.deepEqual((await news()).feeds, { configured: 2, reads: [], last_refresh_at: null });
      await s.t.app.services.news.refresh();
      const { feeds } = await news();
      const port = (url: string) => new URL(url).host;
      assert.equal(feeds.configured, 2);
      assert.equal(feeds.last_refresh_at, '2026-11-20T05:00:00.000Z');
      const [ok, failed] = [
        feeds.reads.find((r) => r.source === port(readable)),
        feeds.reads.find((r) => r.source === port(closed)),
      ];
      assert.deepEqual(ok, {
        source: port(readable),
        ok: true,
        items: 2,
        error: null,
        read_at: '2026-11-20T05:00:00.000Z',
      });
      assert.equal(failed?.ok, false);
      assert.equal(failed?.items, 0);
      assert.equal(
        failed?.error,
        `${port(closed)} could not be fetched: connect ECONNREFUSED ${port(closed)}.`,
      );
      assert.doesNotMatch(JSON.stringify(feeds), /SECRET/);
    });
  });
}
