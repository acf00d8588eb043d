/**
 * Stored headlines on PGlite and PostgreSQL: a story is stored once however its title is spaced,
 * cased or punctuated and whichever feed repeats it, and recent() reads newest first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import { testDatabases } from '../testing/index.js';
import { createNewsStore, type NewHeadline, type NewsStore } from './store.js';

const headline = (overrides: Partial<NewHeadline> = {}): NewHeadline => ({
  title: 'Infosys beats estimates; shares surge 5%',
  summary: 'Infosys reported a profit of ₹6,500 crore.',
  link: 'https://news.example.in/infosys-q2',
  publishedAt: new Date('2026-11-24T03:45:00.000Z'),
  sentiment: 5 / 9,
  symbols: ['INFY'],
  themes: ['earnings'],
  ...overrides,
});

const fetchedAt = new Date('2026-11-24T06:00:00.000Z');

for (const target of await testDatabases()) {
  describe(`news store on ${target.name}`, () => {
    let database: Database;
    let store: NewsStore;
    before(async () => {
      database = await target.open();
      store = createNewsStore(database.db);
    });
    after(async () => database.close());

    it('stores headlines and reads them back as written', async () => {
      assert.equal(await store.save('https://feed-a.example/rss', [headline()], fetchedAt), 1);
      const [read] = await store.recent(10);
      assert.deepEqual(read, {
        ...headline(),
        id: read!.id,
        source: 'https://feed-a.example/rss',
        fetchedAt,
      });
    });

    it('stores a story once, whatever its case, punctuation or spacing, and whichever feed repeats it', async () => {
      const again = [
        headline({ title: 'INFOSYS beats estimates — shares surge 5%!', link: null }),
        headline({ title: '  infosys   beats estimates,  shares surge 5% ' }),
      ];
      assert.equal(await store.save('https://feed-b.example/rss', again, fetchedAt), 0);
      const batch = [
        headline({
          title: 'RBI holds repo rate',
          publishedAt: null,
          symbols: [],
          themes: ['rates'],
          sentiment: 0,
        }),
        headline({ title: 'RBI holds repo rate.', publishedAt: null }),
      ];
      assert.equal(
        await store.save('https://feed-b.example/rss', batch, fetchedAt),
        1,
        'duplicates within one batch too',
      );
      const all = await store.recent(10);
      assert.equal(all.length, 2);
      assert.equal(
        all.find((h) => h.title.startsWith('Infosys'))!.source,
        'https://feed-a.example/rss',
        'the first feed keeps it',
      );
    });

    it('reads newest first, by publication time or, without one, the time it was read', async () => {
      await store.save(
        'https://feed-a.example/rss',
        [
          headline({ title: 'Crude oil slumps', publishedAt: new Date('2026-11-24T05:00:00.000Z') }),
          headline({ title: 'Old news', publishedAt: new Date('2026-11-20T05:00:00.000Z') }),
        ],
        fetchedAt,
      );
      assert.deepEqual(
        (await store.recent(10)).map((h) => h.title),
        // RBI: no date, read at 06:00; crude 05:00; Infosys 03:45; old news 20 Nov.
        ['RBI holds repo rate', 'Crude oil slumps', 'Infosys beats estimates; shares surge 5%', 'Old news'],
      );
      assert.deepEqual(
        (await store.recent(2)).map((h) => h.title),
        ['RBI holds repo rate', 'Crude oil slumps'],
      );
    });
  });
}
