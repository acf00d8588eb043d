/**
 * Headline sentiment, instrument tags and themes, and the market sentiment of a set of headlines.
 * Pure: no I/O.
 *
 * A headline's score is the AFINN-165 score (the `sentiment` package, with its negation rule: "not
 * strong" counts as weak) of its words with finance words added or re-weighted (beats, downgrade,
 * rally, plunge, rate cut ...), squashed to -1..1 by `total / (|total| + 4)`: a total of +4 is 0.5,
 * +2 is 0.33, -6 is -0.6. Words whose everyday sense misleads in market news ("shares", "interest",
 * "charges") count as neutral.
 */
import Sentiment from 'sentiment';
import type { Instrument } from '../market/feed.js';

export type SentimentLabel = 'Positive' | 'Neutral' | 'Negative';

/** A score at or beyond ±0.1 leans; nearer zero it is neutral. */
const LEANING = 0.1;

/** Finance words, on AFINN's -5..5 scale. These override AFINN's own value for the same word. */
const FINANCE_WORDS: Readonly<Record<string, number>> = {
  beat: 2,
  beats: 2,
  miss: -2,
  misses: -2,
  missed: -2,
  upgrade: 2,
  upgrades: 2,
  upgraded: 2,
  downgrade: -2,
  downgrades: -2,
  downgraded: -2,
  outperform: 2,
  underperform: -2,
  rally: 2,
  rallies: 2,
  rallied: 2,
  surge: 2,
  surges: 2,
  surged: 2,
  soar: 3,
  soars: 3,
  soared: 3,
  jump: 2,
  jumps: 2,
  jumped: 2,
  gain: 2,
  gains: 2,
  gained: 2,
  rise: 1,
  rises: 1,
  rose: 1,
  climb: 1,
  climbs: 1,
  bullish: 2,
  bearish: -2,
  slump: -2,
  slumps: -2,
  slumped: -2,
  plunge: -3,
  plunges: -3,
  plunged: -3,
  tumble: -2,
  tumbles: -2,
  tumbled: -2,
  crash: -3,
  crashes: -3,
  slide: -1,
  slides: -1,
  fall: -1,
  falls: -1,
  fell: -1,
  drop: -1,
  drops: -1,
  dropped: -1,
  decline: -1,
  declines: -1,
  declined: -1,
  selloff: -2,
  profit: 2,
  profits: 2,
  loss: -2,
  losses: -2,
  default: -3,
  defaults: -3,
  fraud: -4,
  probe: -2,
  penalty: -2,
  fine: 0,
  downturn: -2,
  recession: -3,
  slowdown: -2,
  recovery: 2,
  rebound: 2,
  rebounds: 2,
  record: 0,
  dividend: 1,
  buyback: 1,
  inflows: 1,
  outflows: -1,
  fears: -2,
  concerns: -1,
  scam: -3,
  // Everyday sentiment that market news does not carry ("Nifty" is the index).
  nifty: 0,
  crude: 0,
  share: 0,
  shares: 0,
  interest: 0,
  charges: 0,
  charged: 0,
  demand: 0,
  pay: 0,
  united: 0,
  free: 0,
  trust: 0,
  asset: 0,
  assets: 0,
  care: 0,
  like: 0,
  cut: 0,
  top: 0,
};

/** Phrases scored as one word; the words inside them are not scored again. */
const FINANCE_PHRASES: ReadonlyArray<readonly [string, number]> = [
  ['record high', 3],
  ['all-time high', 3],
  ['52-week high', 2],
  ['52-week low', -2],
  ['rate cut', 2],
  ['rate cuts', 2],
  ['rate hike', -2],
  ['rate hikes', -2],
  ['profit booking', -1],
  ['net loss', -3],
  ['price target cut', -2],
  ['target cut', -2],
  ['raises guidance', 2],
  ['cuts guidance', -2],
  ['beats estimates', 3],
  ['misses estimates', -3],
];

const analyser = new Sentiment();
const extras: Record<string, number> = { ...FINANCE_WORDS };
const phrases = FINANCE_PHRASES.map(([phrase, score], index) => {
  const token = `finphrase${index}x`;
  extras[token] = score;
  return { pattern: new RegExp(`(?<![\\w-])${escape(phrase).replace(/ /g, '\\s+')}(?![\\w-])`, 'gi'), token };
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Sentiment of one headline, -1 (negative) to 1 (positive). */
export function scoreHeadline(text: string): number {
  let prepared = text;
  for (const { pattern, token } of phrases) prepared = prepared.replace(pattern, ` ${token} `);
  const total = analyser.analyze(prepared, { extras }).score;
  return total === 0 ? 0 : total / (Math.abs(total) + 4);
}

export function sentimentLabel(score: number): SentimentLabel {
  if (score >= LEANING) return 'Positive';
  if (score <= -LEANING) return 'Negative';
  return 'Neutral';
}

/** Whole-word, case-insensitive by default. */
function wordPattern(words: readonly string[], flags = 'i'): RegExp {
  return new RegExp(`(?<![A-Za-z0-9])(?:${words.map(escape).join('|')})(?![A-Za-z0-9])`, flags);
}

const CORPORATE_SUFFIX = /\s+(?:Ltd\.?|Limited)$/i;
const GENERIC_TAIL = /\s+(?:Industries|Company|Enterprises?|Corporation(?: of India)?|Institute)$/i;

/**
 * Tags a text with the NSE symbols of the equities it names: by symbol as written (upper case:
 * "INFY", "M&M"; a lower-case "titan" or "indigo" is an ordinary word) and by company name, whole
 * words, with "Ltd." dropped ("HDFC Bank", "State Bank of India") and, where it names one company
 * only, without a generic tail ("Reliance" for Reliance Industries Ltd.). A name of several words
 * matches in any case; a one-word name ("Infosys", "Eternal") capitalised or in capitals only.
 */
export function createInstrumentTagger(
  equities: readonly Pick<Instrument, 'symbol' | 'name'>[],
): (text: string) => string[] {
  const names = new Map<string, Set<string>>();
  const add = (alias: string, symbol: string) => {
    const key = alias.toLowerCase();
    names.set(key, (names.get(key) ?? new Set()).add(symbol));
  };
  const fullNames = equities.map(({ name }) =>
    name
      .replace(CORPORATE_SUFFIX, '')
      .replace(/^The\s+/i, '')
      .trim(),
  );
  equities.forEach(({ symbol }, index) => {
    const full = fullNames[index]!;
    add(full, symbol);
    const short = full.replace(GENERIC_TAIL, '').trim();
    // "Adani" alone names a group (Adani Enterprises, Adani Ports), not one company.
    const sharedPrefix = fullNames.some(
      (other, i) => i !== index && other.toLowerCase().startsWith(`${short.toLowerCase()} `),
    );
    if (short !== full && short.length >= 4 && !sharedPrefix) add(short, symbol);
  });
  const matchers = equities.map(({ symbol }) => {
    const aliases = [...names]
      .filter(([, symbols]) => symbols.size === 1 && symbols.has(symbol))
      .map(([alias]) => alias);
    const words = aliases.filter((alias) => alias.includes(' '));
    // A one-word name ("Infosys", "Eternal", "Titan") only as a name: capitalised or in capitals.
    const single = aliases
      .filter((alias) => !alias.includes(' '))
      .flatMap((alias) => [alias.charAt(0).toUpperCase() + alias.slice(1), alias.toUpperCase()]);
    const patterns = [wordPattern([symbol], '')];
    if (words.length > 0) patterns.push(wordPattern(words));
    if (single.length > 0) patterns.push(wordPattern(single, ''));
    return { symbol, patterns };
  });
  return (text) => matchers.filter((m) => m.patterns.some((p) => p.test(text))).map((m) => m.symbol);
}

/** Themes and the words that mark them (whole words, case-insensitive unless noted). */
const THEMES: ReadonlyArray<readonly [string, RegExp | readonly RegExp[]]> = [
  [
    'earnings',
    wordPattern([
      'earnings',
      'results',
      'quarterly',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'profit',
      'net profit',
      'revenue',
      'guidance',
      'EBITDA',
      'beats',
      'misses',
      'estimates',
    ]),
  ],
  [
    'rates',
    wordPattern([
      'RBI',
      'repo',
      'repo rate',
      'rate cut',
      'rate hike',
      'monetary policy',
      'MPC',
      'interest rate',
      'interest rates',
      'Fed',
      'bond yields',
    ]),
  ],
  ['inflation', wordPattern(['inflation', 'CPI', 'WPI', 'prices rise', 'price rise'])],
  ['crude oil', wordPattern(['crude', 'oil', 'Brent', 'OPEC'])],
  ['monsoon', wordPattern(['monsoon', 'rainfall', 'kharif', 'rabi', 'IMD'])],
  [
    'FII flows',
    wordPattern([
      'FII',
      'FIIs',
      'FPI',
      'FPIs',
      'DII',
      'DIIs',
      'foreign investors',
      'foreign inflows',
      'foreign outflows',
    ]),
  ],
  // "IT" only in capitals: "it" is a pronoun.
  ['IT', [wordPattern(['IT'], ''), wordPattern(['software', 'tech services', 'Nasscom'])]],
  [
    'banking',
    wordPattern([
      'bank',
      'banks',
      'banking',
      'lender',
      'lenders',
      'NPA',
      'NPAs',
      'deposits',
      'credit growth',
      'loan growth',
    ]),
  ],
  [
    'auto',
    wordPattern([
      'auto',
      'autos',
      'automaker',
      'automakers',
      'car sales',
      'vehicle',
      'vehicles',
      'two-wheeler',
      'two-wheelers',
      'EV',
      'EVs',
    ]),
  ],
  [
    'pharma',
    wordPattern([
      'pharma',
      'pharmaceutical',
      'pharmaceuticals',
      'drug',
      'drugs',
      'drugmaker',
      'USFDA',
      'FDA',
    ]),
  ],
  ['metals', wordPattern(['steel', 'metal', 'metals', 'aluminium', 'copper', 'iron ore'])],
  ['rupee', wordPattern(['rupee', 'forex', 'dollar index'])],
  ['budget & tax', wordPattern(['budget', 'tax', 'taxes', 'GST', 'fiscal deficit'])],
  ['IPOs', wordPattern(['IPO', 'IPOs', 'listing', 'listings'])],
];

/** The themes a text touches, in the order of the theme list. */
export function themesOf(text: string): string[] {
  return THEMES.filter(([, patterns]) =>
    (Array.isArray(patterns) ? patterns : [patterns]).some((p: RegExp) => p.test(text)),
  ).map(([theme]) => theme);
}

export interface MarketSentiment {
  /** Mean headline score, -1..1; 0 with no headlines. */
  score: number;
  /** 0..1: coverage (n / (n + 10)) times agreement (the share of headlines with the overall label). */
  confidence: number;
  label: SentimentLabel;
  counts: Record<SentimentLabel, number>;
  /** Up to 8, most frequent first, ties by name. */
  topThemes: { theme: string; count: number }[];
}

/** The market's sentiment from scored headlines. */
export function marketSentiment(
  headlines: readonly { sentiment: number; themes: readonly string[] }[],
): MarketSentiment {
  const counts: Record<SentimentLabel, number> = { Positive: 0, Neutral: 0, Negative: 0 };
  const themeCounts = new Map<string, number>();
  let sum = 0;
  for (const headline of headlines) {
    sum += headline.sentiment;
    counts[sentimentLabel(headline.sentiment)] += 1;
    for (const theme of new Set(headline.themes)) themeCounts.set(theme, (themeCounts.get(theme) ?? 0) + 1);
  }
  const n = headlines.length;
  const score = n === 0 ? 0 : sum / n;
  const label = sentimentLabel(score);
  const confidence = n === 0 ? 0 : (n / (n + 10)) * (counts[label] / n);
  const topThemes = [...themeCounts]
    .map(([theme, count]) => ({ theme, count }))
    .sort((a, b) => b.count - a.count || a.theme.localeCompare(b.theme))
    .slice(0, 8);
  return { score, confidence, label, counts, topThemes };
}

/** The market's sentiment read from market breadth rather than news. */
export interface BreadthSentiment {
  /** (advancers − decliners) / stocks counted, -1..1; 0 with none. */
  score: number;
  /**
   * 0..1, as for headlines: coverage (n / (n + 10), n the stocks counted) times agreement (the
   * share of stocks that moved the way of the label: advancers for Positive, decliners for
   * Negative, unchanged for Neutral). A market split down the middle is read with little confidence.
   */
  confidence: number;
  label: SentimentLabel;
  source: 'market breadth';
}

/**
 * The market's sentiment from how many stocks rose, fell and did not move today: what the
 * sentiment says when no news can be read. `unchanged` defaults to 0.
 */
export function breadthSentiment(breadth: {
  advancers: number;
  decliners: number;
  unchanged?: number;
}): BreadthSentiment {
  const up = Math.max(0, breadth.advancers);
  const down = Math.max(0, breadth.decliners);
  const flat = Math.max(0, breadth.unchanged ?? 0);
  const n = up + down + flat;
  if (n === 0) return { score: 0, confidence: 0, label: 'Neutral', source: 'market breadth' };
  const score = (up - down) / n;
  const label = sentimentLabel(score);
  const agreeing = label === 'Positive' ? up : label === 'Negative' ? down : flat;
  return { score, confidence: (n / (n + 10)) * (agreeing / n), label, source: 'market breadth' };
}
