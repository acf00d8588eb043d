/**
 * The news pipeline: reads every configured feed (safeFetch's rules), scores, tags and stores its
 * headlines, and keeps each feed's last status. With no feed configured, or none reachable (as on
 * a machine without internet), it says so, and the market's sentiment comes from market breadth
 * alone; `sentiment()` then reports no headlines and no confidence rather than a made-up mood.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { Instrument } from '../market/feed.js';
import { loadInstrumentMaster } from '../market/instruments.js';
import { fetchFeed } from './feeds.js';
import type { SafeFetchOptions } from './safeFetch.js';
import {
  createInstrumentTagger,
  marketSentiment,
  scoreHeadline,
  themesOf,
  type MarketSentiment,
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

  return {
    /** Reads every configured feed once; a call during a refresh waits for that refresh. */
    refresh(): Promise<FeedStatus[]> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },

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
      const since = deps.clock.now().getTime() - SENTIMENT_WINDOW_MS;
      const headlines = (await store.recent(SENTIMENT_HEADLINES)).filter(
        (h) => (h.publishedAt ?? h.fetchedAt).getTime() >= since,
      );
      return { ...marketSentiment(headlines), headlines: headlines.length };
    },

    recent: (limit: number) => store.recent(limit),
  };
}
