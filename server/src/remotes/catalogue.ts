/**
 * Which release of each remote a browser loads, and the browser's client id that keeps it on them:
 * what GET /api/remotes answers, and what the server puts into every page it serves (web/shell.ts),
 * so the shell's first page needs no request for it.
 *
 * The client id is a signed cookie (clientId.ts), issued once so a browser stays on one version
 * across reloads; one address is issued at most `clientIdsPerHour` new ids: beyond that the
 * catalogue is still answered (bucketed by the address) but no cookie is set, and it tells the shell
 * not to report (`reporting: false`).
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemotesResponse } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { createPerKeyLimiter } from '../http/rateLimit.js';
import { createClientIds } from './clientId.js';
import type { RemotesService } from './service.js';

const CLIENT_COOKIE = 'nivesh_client';
/** Browsers keep cookies at most 400 days. */
const CLIENT_COOKIE_SECONDS = 400 * 24 * 60 * 60;
const HOUR_MS = 60 * 60 * 1000;

export interface RemoteCatalogue {
  /**
   * The client id a request's cookie carries, when this server signed it. The Cookie header is read
   * here, by the few routes that need it, not by a hook on every request.
   */
  clientIdOf(request: FastifyRequest): string | null;
  /** This browser's catalogue; issues its client id (a Set-Cookie on `reply`) when it has none. */
  forBrowser(request: FastifyRequest, reply: FastifyReply): Promise<RemotesResponse>;
}

export function createRemoteCatalogue(deps: {
  registry: Pick<RemotesService, 'assign'>;
  clock: Clock;
  secureCookies: boolean;
  /** The HMAC key that signs client ids (clientIdKeyFor: the same in every server process). */
  clientIdKey: Buffer;
  /** New client ids one address may be issued per hour (NIVESH_CANARY_CLIENT_IDS_PER_HOUR). */
  clientIdsPerHour: number;
}): RemoteCatalogue {
  const clientIds = createClientIds(deps.clientIdKey);
  const issued = createPerKeyLimiter({ limit: deps.clientIdsPerHour, windowMs: HOUR_MS, clock: deps.clock });

  const clientIdOf = (request: FastifyRequest): string | null => {
    const header = request.headers.cookie;
    return clientIds.verify(header ? parseCookie(header)[CLIENT_COOKIE] : undefined);
  };

  /** The browser's client id; null when it has none and its address was issued enough lately. */
  function ensureClientId(request: FastifyRequest, reply: FastifyReply): string | null {
    const existing = clientIdOf(request);
    if (existing) return existing;
    if (!issued.allow(request.ip)) return null;
    const { id, cookie } = clientIds.issue();
    reply.header(
      'set-cookie',
      stringifySetCookie({
        name: CLIENT_COOKIE,
        value: cookie,
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        maxAge: CLIENT_COOKIE_SECONDS,
      }),
    );
    return id;
  }

  return {
    clientIdOf,
    async forBrowser(request, reply) {
      const clientId = ensureClientId(request, reply);
      // Without an id the address buckets the browser; its reports would be refused.
      const assignment = await deps.registry.assign(clientId ?? `address:${request.ip}`);
      return { success: true, ...assignment, reporting: clientId !== null };
    },
  };
}
