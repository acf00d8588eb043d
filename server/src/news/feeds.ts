/**
 * Reading a news feed: fetched with safeFetch, parsed as RSS (0.9x, 1, 2) or Atom by rss-parser,
 * and every item normalised to plain text: HTML stripped, entities decoded, the summary trimmed,
 * dates parsed or null, duplicates within the feed dropped. The parser's output is not trusted:
 * each field is checked before it is used.
 */
import { decodeHTML } from 'entities';
import { TextDecoder } from 'node:util';
import type Parser from 'rss-parser';
import { safeFetch, type SafeFetchOptions } from '../http/safeFetch.js';

export interface FeedItem {
  title: string;
  /** Plain text, at most ~400 characters. */
  summary: string;
  /** An http(s) URL, or null when the item has none. */
  link: string | null;
  /** When the feed says it was published; null when it does not say or the date cannot be read. */
  publishedAt: Date | null;
  /** The feed's id for the item (guid, Atom id), else its link, else its title. */
  guid: string;
}

/** A feed that could not be fetched or read, with a sentence saying why. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

const SUMMARY_LENGTH = 400;

/** rss-parser, loaded with the first feed read (not at start). */
let parser: Promise<Parser> | null = null;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  // xml2js gives an element with attributes as { _: text, $: attributes }.
  if (typeof value === 'object' && value !== null && '_' in value && typeof value._ === 'string')
    return value._;
  return null;
}

const TAG = /<\/?[a-zA-Z][^>]*>|<!--[\s\S]*?-->/g;

/** Plain text of an HTML fragment: scripts and styles dropped, tags removed, entities decoded, spaces collapsed. */
function plainText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  // Decoding can reveal markup a feed escaped twice (&lt;p&gt;); strip it once more.
  const decoded = decodeHTML(withoutCode.replace(TAG, ' ')).replace(TAG, ' ');
  return decoded.replace(/\s+/g, ' ').trim();
}

/** Cut at a word boundary near `length`, with an ellipsis when something was cut. */
function truncate(value: string, length: number): string {
  if (value.length <= length) return value;
  const cut = value.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

function httpUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function date(value: string | null): Date | null {
  if (value === null || value.trim() === '') return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** The items of an RSS or Atom document, normalised; items without a title are left out. */
async function parseFeed(xml: string): Promise<FeedItem[]> {
  let output: unknown;
  try {
    parser ??= import('rss-parser').then(({ default: RssParser }) => new RssParser());
    output = await (await parser).parseString(xml);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new FeedError(`The feed is not readable RSS or Atom: ${reason}`);
  }
  const rawItems = typeof output === 'object' && output !== null && 'items' in output ? output.items : null;
  if (!Array.isArray(rawItems))
    throw new FeedError('The feed is not readable RSS or Atom: it has no items list.');
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const raw of rawItems as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const field = (name: string) => text((raw as Record<string, unknown>)[name]);
    const title = plainText(field('title') ?? '');
    if (title === '') continue;
    const link = httpUrl(field('link'));
    const guid = (field('guid') ?? field('id') ?? '').trim() || link || title;
    if (seen.has(guid)) continue;
    seen.add(guid);
    const body =
      field('content:encoded') ?? field('content') ?? field('summary') ?? field('description') ?? '';
    items.push({
      title,
      summary: truncate(plainText(body), SUMMARY_LENGTH),
      link,
      publishedAt: date(field('isoDate') ?? field('pubDate')),
      guid,
    });
  }
  return items;
}

/** The character set the answer declares, if the decoder knows it; UTF-8 otherwise. */
function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Fetches a feed under safeFetch's rules and returns its items. */
export async function fetchFeed(url: string, options: SafeFetchOptions = {}): Promise<FeedItem[]> {
  const response = await safeFetch(url, {
    ...options,
    headers: {
      accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5',
      ...options.headers,
    },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new FeedError(`The feed at ${url} answered HTTP ${response.status}.`);
  }
  return parseFeed(decoderFor(response.headers['content-type']).decode(response.body));
}
