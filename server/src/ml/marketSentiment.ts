/**
 * The market's sentiment, computed in the background and answered from memory, so no request waits
 * for it (it once ran a whole research analysis on the request: 9 and 18 s under load). The `market_sentiment` engine (app.ts, every
 * MARKET_SENTIMENT_INTERVAL_MS, a first pass at start, in every server process: each answers its
 * own requests) calls `refresh()`; GET /api/ml/sentiment/market, the enhancements and the sentiment
 * status read `latest()`, the last reading with the time it was taken. Before the first reading
 * has been taken, the market sentiment call answers 503 with a sentence saying it is being computed
 * (or why the last try failed).
 *
 * The reading: from the news of the last 24 hours when any feed gave headlines; otherwise from
 * market breadth (advancers against decliners of the NIFTY 50 stocks on the tick hub: each last
 * price against its previous close, a count app.ts makes), and it says so: its
 * `sources` name 'market breadth' and the news count is 0. Without either, no source and no
 * confidence.
 */
import type { Clock } from '../clock.js';
import { HttpError } from '../http/errors.js';
import type { NewsPipeline } from '../news/pipeline.js';
import { breadthSentiment, sentimentLabel, type SentimentLabel } from '../news/sentiment.js';

/** How often the engine takes a new reading: research's analysis changes at most once a minute. */
export const MARKET_SENTIMENT_INTERVAL_MS = 60_000;
/** What a client is told to wait before asking again while the first reading is being taken. */
const RETRY_AFTER_SECONDS = 5;

export interface MarketSentimentReading {
  /** -1 (bearish) to +1 (bullish). */
  score: number;
  confidence: number;
  label: SentimentLabel;
  /** Headlines read (0 when the reading is from breadth). */
  news: number;
  sources: string[];
  themes: { theme: string; count: number }[];
}

export interface MarketSentimentDeps {
  clock: Clock;
  news: Pick<NewsPipeline, 'sentiment'>;
  /** Advancers and decliners of the NIFTY 50 stocks now (research's breadth), or null without data. */
  breadth: () => Promise<{ advancers: number; decliners: number; unchanged: number } | null>;
}

export function createMarketSentiment(deps: MarketSentimentDeps) {
  let latest: { reading: MarketSentimentReading; asOf: Date } | null = null;
  let lastError: string | null = null;
  let running: Promise<void> | null = null;

  async function compute(): Promise<MarketSentimentReading> {
    const fromNews = await deps.news.sentiment();
    if (fromNews.headlines > 0) {
      return {
        score: fromNews.score,
        confidence: fromNews.confidence,
        label: fromNews.label,
        news: fromNews.headlines,
        sources: ['news'],
        themes: fromNews.topThemes,
      };
    }
    const breadth = await deps.breadth();
    const reading = breadth
      ? breadthSentiment(breadth)
      : { score: 0, confidence: 0, label: sentimentLabel(0) };
    return {
      score: reading.score,
      confidence: reading.confidence,
      label: reading.label,
      news: 0,
      sources: breadth ? ['market breadth'] : [],
      themes: [],
    };
  }

  return {
    /** Takes a new reading (the engine's pass); a call while one is being taken joins it. */
    refresh(): Promise<void> {
      running ??= (async () => {
        const asOf = deps.clock.now();
        try {
          latest = { reading: await compute(), asOf };
          lastError = null;
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error);
          throw error;
        }
      })().finally(() => {
        running = null;
      });
      return running;
    },

    /** The last reading and when it was taken; null before the first. */
    latest: () => latest,

    /** The last reading, or a 503 saying it is being computed (or why it could not be). */
    current(): { reading: MarketSentimentReading; asOf: Date } {
      if (latest) return latest;
      throw new HttpError(
        503,
        lastError === null
          ? 'Market sentiment is being computed: the first reading since the server started is not ready yet.'
          : `Market sentiment could not be computed yet: ${lastError}`,
        {},
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    },
  };
}

export type MarketSentiment = ReturnType<typeof createMarketSentiment>;
