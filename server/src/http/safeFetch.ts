/**
 * The one way the server fetches a URL an operator supplied (a news feed, a data source): http(s)
 * only; the host is resolved once and every address it resolves to must be a public unicast
 * address (no loopback, private, link-local, multicast, unspecified, cloud-metadata or other
 * special range, in any IPv4, IPv6, IPv4-mapped or IPv4-compatible form) unless the allow-list names the host or
 * the address; the connection goes to the address that was checked (no second lookup); at most 3
 * redirects, each hop checked again, every header but User-Agent, Accept and Accept-Language
 * (credentials, API keys) dropped when a redirect leaves the origin; a time-out over the whole fetch
 * and a size limit that aborts the download. Used by the news feeds and the data sources; the
 * allow-list is NIVESH_FETCH_ALLOW.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type SafeFetchErrorCode =
  'bad-url' | 'refused-address' | 'unresolved' | 'too-many-redirects' | 'timeout' | 'too-large' | 'network';

/** A fetch that was refused or failed, with a sentence saying why. */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  constructor(code: SafeFetchErrorCode, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.code = code;
  }
}

export interface SafeFetchOptions {
  /** Host names or addresses that may be fetched even though they are not public (tests, a LAN feed). */
  allow?: readonly string[];
  /** Whole fetch, all redirects included. Default 10 s. */
  timeoutMs?: number;
  /** Body bytes. Default 2 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  headers?: Readonly<Record<string, string>>;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
/**
 * The caller's headers a redirect to another origin keeps: everything else (Authorization, Cookie,
 * an API key in a custom header) stays with the origin the caller named.
 */
const CROSS_ORIGIN_HEADERS = new Set(['user-agent', 'accept', 'accept-language']);

/** The host of a parsed URL as an address or name: IPv6 brackets removed, lower case. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * `::/96`, the IPv4-compatible IPv6 addresses (`::127.0.0.1` is `::7f00:1`), deprecated since
 * RFC 4291: ipaddr.js counts them unicast, but a host may route them to the IPv4 address inside.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Why an address may not be fetched, or null when it is a public unicast address. */
function refusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'is not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range !== 'unicast') return `is a ${range} address`;
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) {
    return 'is an IPv4-compatible IPv6 address (::/96, deprecated)';
  }
  return null;
}

function normalised(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.parse(address).toNormalizedString() : address.toLowerCase();
}

/** Resolves the URL's host and returns the one address to connect to, or throws why not. */
async function checkedAddress(
  url: URL,
  allow: ReadonlySet<string>,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(url);
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new SafeFetchError('unresolved', `The host ${host} could not be resolved.`);
    }
    if (addresses.length === 0)
      throw new SafeFetchError('unresolved', `The host ${host} could not be resolved.`);
  }
  const hostAllowed = allow.has(host);
  for (const { address } of addresses) {
    if (hostAllowed || allow.has(normalised(address))) continue;
    const why = refusal(address);
    if (why !== null) {
      throw new SafeFetchError(
        'refused-address',
        `Refused to fetch ${url.origin}: ${host === address ? 'it' : `${host} resolves to ${address}, which`} ${why}, not a public one.`,
      );
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw new SafeFetchError('bad-url', `"${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError(
      'bad-url',
      `Only http and https URLs can be fetched, not ${url.protocol.replace(':', '')}.`,
    );
  }
  if (url.username || url.password) {
    throw new SafeFetchError('bad-url', 'URLs with a user name or password in them are not fetched.');
  }
  return url;
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to an already checked address; the body is read only for a non-redirect answer. */
function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  // Every connection goes to the checked address, whatever node asks the lookup for.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    // A connection of its own (no pooled keep-alive socket): it goes to the address just checked,
    // and a socket the server already closed is never reused (ECONNRESET).
    const options = { method: 'GET', headers, lookup, signal, agent: false } as const;
    const request = client.request(url, options, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        reject(tooLarge(url, maxBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          request.destroy();
          reject(tooLarge(url, maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Rejects when the signal aborts (a slow DNS answer counts against the time-out too). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    else signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

function tooLarge(url: URL, maxBytes: number): SafeFetchError {
  return new SafeFetchError(
    'too-large',
    `The answer from ${url.origin} is larger than the ${maxBytes} byte limit.`,
  );
}

/** GET a URL an operator supplied, under the rules at the top of this file. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allow = new Set((options.allow ?? []).map((entry) => normalised(entry.replace(/^\[|\]$/g, ''))));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let url = parseUrl(rawUrl);
  const origin = url.origin;
  let headers: Record<string, string> = { 'user-agent': 'Nivesh/1.0', ...options.headers };
  try {
    for (let redirects = 0; ; redirects += 1) {
      const target = await Promise.race([checkedAddress(url, allow), aborted(controller.signal)]);
      const hop = await requestOnce(url, target, headers, maxBytes, controller.signal);
      const location = hop.headers.location;
      if (hop.status < 300 || hop.status >= 400 || !location) {
        return { url: url.toString(), status: hop.status, headers: hop.headers, body: hop.body };
      }
      if (redirects >= maxRedirects) {
        throw new SafeFetchError(
          'too-many-redirects',
          `${rawUrl} redirected more than ${maxRedirects} times.`,
        );
      }
      url = parseUrl(location, url);
      if (url.origin !== origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name.toLowerCase())),
        );
      }
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (controller.signal.aborted) {
      throw new SafeFetchError('timeout', `${rawUrl} did not answer within ${timeoutMs} ms.`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new SafeFetchError('network', `${rawUrl} could not be fetched: ${reason}.`);
  } finally {
    clearTimeout(timer);
  }
}
