/**
 * The news pipeline: reads every configured feed (safeFetch's rules), scores, tags and stores its
 * headlines, and keeps each feed's last status. With no feed configured, or none reachable (as on
 * a machine without internet), it says so, and the market's sentiment comes from market breadth
 * alone; `sentiment()` then reports no headlines and no confidence rather than a made-up mood
 * (`breadthSentiment` in sentiment.ts gives the breadth's reading).
 *
 * The server refreshes at start and then every NEWS_REFRESH_INTERVAL_MS (15 minutes), as the
 * `news_pipeline` engine (ops/engines.ts: never two passes at once, a failure logged); a refresh
 * asked for while one runs joins it.
 *
 * Events (the dashboard pipeline's events tab) are the stored headlines that name an instrument or
 * lean (a score at or beyond ±0.1, i.e. not Neutral), newest first, among the EVENT_CANDIDATES
 * newest stored; at the same instant the stronger sentiment comes first.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { Instrument } from '../market/feed.js';
import { loadInstrumentMaster } from '../market/instruments.js';
import { fetchFeed } from './feeds.js';
import type { SafeFetchOptions } from '../http/safeFetch.js';
import {
  createInstrumentTagger,
  marketSentiment,
  scoreHeadline,
  sentimentLabel,
  themesOf,
  type MarketSentiment,
  type SentimentLabel,
} from './sentiment.js';
import { createNewsStore } from './store.js';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface NewsPipelineDeps {
  db: Db;
  clock: Clock;
  /** The feed URLs configured now (read at every refresh). */
  feeds: () => readonly string[];
  fetch?: SafeFetchOptions;
  log: Log;
  /** The equities headlines are tagged with; the instrument master's by default. */
  instruments?: readonly Pick<Instrument, 'symbol' | 'name'>[];
}

export interface FeedStatus {
  url: string;
  ok: boolean;
  /** Items the feed carried (0 when it failed). */
  items: number;
  /** Of those, stories not stored before. */
  newItems: number;
  /** Why it failed, in a sentence; null when it was read. */
  error: string | null;
  latencyMs: number;
  at: Date;
}

/** A headline the events list shows. */
export interface NewsEvent {
  title: string;
  /** -1..1, and its label. */
  score: number;
  sentiment: SentimentLabel;
  symbols: string[];
  themes: string[];
  source: string;
  link: string | null;
  /** When it was published, or read when the feed did not say. */
  timestamp: Date;
}

export interface NewsStatus {
  configured: number;
  reachable: number;
  /** Each configured feed's last refresh; empty before the first. */
  feeds: FeedStatus[];
  lastRefreshAt: Date | null;
  /** What the operator should know, in a sentence. */
  message: string;
}

/** Headlines older than this do not count towards the market's sentiment. */
const SENTIMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
const SENTIMENT_HEADLINES = 200;
const BREADTH_ALONE = 'market sentiment comes from market breadth alone';
/** How often `start()` reads the feeds. */
export const NEWS_REFRESH_INTERVAL_MS = 15 * 60 * 1000;
/** Events are chosen among this many newest stored headlines. */
const EVENT_CANDIDATES = 100;

export function createNewsPipeline(deps: NewsPipelineDeps) {
  const store = createNewsStore(deps.db);
  const tag = createInstrumentTagger(deps.instruments ?? loadInstrumentMaster().equities);
  let last: FeedStatus[] = [];
  let lastRefreshAt: Date | null = null;
  let running: Promise<FeedStatus[]> | null = null;

  async function readFeed(url: string): Promise<FeedStatus> {
    const started = performance.now();
    const at = deps.clock.now();
    try {
      const items = await fetchFeed(url, deps.fetch);
      const headlines = items.map((item) => {
        const text = `${item.title} ${item.summary}`;
        return {
          title: item.title,
          summary: item.summary,
          link: item.link,
          publishedAt: item.publishedAt,
          sentiment: scoreHeadline(item.title),
          symbols: tag(text),
          themes: themesOf(text),
        };
      });
      const newItems = await store.save(url, headlines, at);
      const latencyMs = Math.round(performance.now() - started);
      deps.log.info({ url, items: items.length, newItems, latencyMs }, 'news feed read');
      return { url, ok: true, items: items.length, newItems, error: null, latencyMs, at };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const latencyMs = Math.round(performance.now() - started);
      deps.log.warn({ url, err: message, latencyMs }, 'news feed not read');
      return { url, ok: false, items: 0, newItems: 0, error: message, latencyMs, at };
    }
  }

  async function run(): Promise<FeedStatus[]> {
    const urls = [
      ...new Set(
        deps
          .feeds()
          .map((url) => url.trim())
          .filter((url) => url !== ''),
      ),
    ];
    // Feeds one after another: a feed's headline is kept by the first feed in the list that carries it.
    const statuses: FeedStatus[] = [];
    for (const url of urls) statuses.push(await readFeed(url));
    last = statuses;
    lastRefreshAt = deps.clock.now();
    return statuses;
  }

  /** Reads every configured feed once; a call during a refresh waits for that refresh. */
  function refresh(): Promise<FeedStatus[]> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    refresh,

    status(): NewsStatus {
      const configured = new Set(
        deps
          .feeds()
          .map((url) => url.trim())
          .filter((url) => url !== ''),
      ).size;
      const reachable = last.filter((feed) => feed.ok).length;
      let message: string;
      if (configured === 0) message = `No news feed configured: ${BREADTH_ALONE}.`;
      else if (lastRefreshAt === null)
        message = `${configured === 1 ? 'The news feed has' : `The ${configured} news feeds have`} not been read yet.`;
      else if (reachable === 0) message = `No news feed reachable: ${BREADTH_ALONE}.`;
      else message = `${reachable} of ${last.length} news ${last.length === 1 ? 'feed' : 'feeds'} read.`;
      return { configured, reachable, feeds: last, lastRefreshAt, message };
    },

    /** The market's sentiment from the headlines of the last 24 hours, and how many it read. */
    async sentiment(): Promise<MarketSentiment & { headlines: number }> {
      const since = deps.clock.nowMs() - SENTIMENT_WINDOW_MS;
      const headlines = (await store.recent(SENTIMENT_HEADLINES)).filter(
        (h) => (h.publishedAt ?? h.fetchedAt).getTime() >= since,
      );
      return { ...marketSentiment(headlines), headlines: headlines.length };
    },

    recent: (limit: number) => store.recent(limit),

    /** Each stock's news sentiment: the mean score of the last 24 hours' headlines that name it. */
    async sentimentBySymbol(): Promise<Map<string, number>> {
      const since = deps.clock.nowMs() - SENTIMENT_WINDOW_MS;
      const sums = new Map<string, { sum: number; n: number }>();
      for (const h of await store.recent(SENTIMENT_HEADLINES)) {
        if ((h.publishedAt ?? h.fetchedAt).getTime() < since) continue;
        for (const symbol of new Set(h.symbols)) {
          const s = sums.get(symbol) ?? { sum: 0, n: 0 };
          s.sum += h.sentiment;
          s.n += 1;
          sums.set(symbol, s);
        }
      }
      return new Map([...sums].map(([symbol, s]) => [symbol, s.sum / s.n]));
    },

    /** Up to `limit` events: headlines that name an instrument or lean, newest first. */
    async events(limit: number): Promise<NewsEvent[]> {
      return (await store.recent(EVENT_CANDIDATES))
        .filter((h) => h.symbols.length > 0 || sentimentLabel(h.sentiment) !== 'Neutral')
        .map((h) => ({
          title: h.title,
          score: h.sentiment,
          sentiment: sentimentLabel(h.sentiment),
          symbols: h.symbols,
          themes: h.themes,
          source: h.source,
          link: h.link,
          timestamp: h.publishedAt ?? h.fetchedAt,
        }))
        .sort(
          (a, b) => b.timestamp.getTime() - a.timestamp.getTime() || Math.abs(b.score) - Math.abs(a.score),
        )
        .slice(0, Math.max(0, limit));
    },
  };
}

export type NewsPipeline = ReturnType<typeof createNewsPipeline>;
