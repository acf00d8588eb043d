/**
 * The extra request headers an operator may store for a data source: at most MAX_HEADERS, each a
 * valid header name with a short single-line value, never one the server sets per request
 * (Host, Content-Length, hop-by-hop headers) and never a credential header, which would be stored
 * unencrypted (the key goes in the API key field: stored encrypted, sent as
 * `Authorization: Bearer <key>`). Pure.
 */

const MAX_HEADERS = 20;
const MAX_NAME_LENGTH = 100;
const MAX_VALUE_LENGTH = 1000;

/** Set by the HTTP client for each request, or meaningful for one connection only (hop-by-hop). */
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'expect',
]);
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space, tab and obs-text; no CR, LF, NUL or other control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Why these headers cannot be stored, in a sentence; null when they can. */
export function headersProblem(headers: Readonly<Record<string, string>>): string | null {
  const names = Object.keys(headers);
  if (names.length > MAX_HEADERS) {
    return `A data source can send at most ${MAX_HEADERS} extra headers; ${names.length} were given.`;
  }
  const seen = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (name.length > MAX_NAME_LENGTH || !HEADER_NAME.test(name)) {
      return `"${name.slice(0, MAX_NAME_LENGTH)}" is not a valid header name (letters, digits and - only, at most ${MAX_NAME_LENGTH} characters).`;
    }
    if (seen.has(lower)) return `The ${name} header is given twice.`;
    seen.add(lower);
    if (TRANSPORT_HEADERS.has(lower)) {
      return `The ${name} header is set by the server for each request and cannot be given.`;
    }
    if (CREDENTIAL_HEADERS.has(lower)) {
      return `The ${name} header would be stored unencrypted: put the key in the API key field instead (stored encrypted, sent as Authorization: Bearer <key>).`;
    }
    const value = headers[name]!;
    if (value.length > MAX_VALUE_LENGTH || !HEADER_VALUE.test(value)) {
      return `The value of the ${name} header must be one line of at most ${MAX_VALUE_LENGTH} characters, without control characters.`;
    }
  }
  return null;
}
