/**
 * Stored headlines (`schema.newsHeadlines`): one row per story. The dedupe key is a hash of the
 * normalised title (lower case, punctuation dropped, spaces collapsed), so the same story read
 * again, or from another feed, is not stored twice: the first feed that carried it keeps it.
 */
import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Db } from '../db/index.js';

export interface NewHeadline {
  title: string;
  summary: string;
  link: string | null;
  publishedAt: Date | null;
  /** -1..1. */
  sentiment: number;
  symbols: string[];
  themes: string[];
}

interface StoredHeadline extends NewHeadline {
  id: number;
  /** The feed it was first read from. */
  source: string;
  fetchedAt: Date;
}

/** The title as the dedupe key sees it: "RBI holds rates!" and "rbi  holds rates" are one story. */
function normalisedTitle(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function dedupeKey(title: string): string {
  return createHash('sha256').update(normalisedTitle(title)).digest('hex');
}

const Strings = z.array(z.string());

export interface NewsStore {
  /** Stores the headlines not stored before; returns how many were new. */
  save(source: string, headlines: readonly NewHeadline[], fetchedAt: Date): Promise<number>;
  /** Newest first: by publication time, or the time it was read when the feed gave none. */
  recent(limit: number): Promise<StoredHeadline[]>;
}

export function createNewsStore(db: Db): NewsStore {
  const table = schema.newsHeadlines;
  return {
    async save(source, headlines, fetchedAt) {
      const rows = new Map<string, typeof table.$inferInsert>();
      for (const headline of headlines) {
        const key = dedupeKey(headline.title);
        if (rows.has(key) || normalisedTitle(headline.title) === '') continue;
        rows.set(key, {
          source,
          dedupeKey: key,
          title: headline.title,
          summary: headline.summary,
          link: headline.link,
          publishedAt: headline.publishedAt,
          fetchedAt,
          sentiment: headline.sentiment,
          symbols: headline.symbols,
          themes: headline.themes,
        });
      }
      if (rows.size === 0) return 0;
      const inserted = await db
        .insert(table)
        .values([...rows.values()])
        .onConflictDoNothing({ target: table.dedupeKey })
        .returning({ id: table.id });
      return inserted.length;
    },

    async recent(limit) {
      const rows = await db
        .select()
        .from(table)
        .orderBy(desc(sql`coalesce(${table.publishedAt}, ${table.fetchedAt})`), desc(table.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        source: row.source,
        title: row.title,
        summary: row.summary,
        link: row.link,
        publishedAt: row.publishedAt,
        fetchedAt: row.fetchedAt,
        sentiment: row.sentiment,
        symbols: Strings.parse(row.symbols),
        themes: Strings.parse(row.themes),
      }));
    },
  };
}
