/**
 * HTTP for the remote registry: GET /api/remotes (with the browser's client id cookie), the
 * browsers' load and failure reports, the release management calls, and the releases' files under
 * /remotes/<name>/<version>/ (a release is immutable, so its files are cached for a year; its
 * manifest is `no-cache`).
 */
import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, type Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { Clock } from '../clock.js';
import type { DomainHandlers } from '../http/contract.js';
import { HttpError } from '../http/errors.js';
import { createRateLimiter } from '../http/rateLimit.js';
import type { RemoteRegistry } from './registry.js';
import type { RemoteStore } from './store.js';

export const CLIENT_COOKIE = 'nivesh_client';
/** Browsers keep cookies at most 400 days. */
const CLIENT_COOKIE_SECONDS = 400 * 24 * 60 * 60;
const CLIENT_ID = /^[A-Za-z0-9_-]{16,64}$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Reports one address may send per minute (a browser sends a handful per page view). */
const REPORTS_PER_MINUTE = 120;

function clientIdOf(request: FastifyRequest): string | null {
  const value = request.cookies[CLIENT_COOKIE];
  return value && CLIENT_ID.test(value) ? value : null;
}

/** The browser's client id, issued once (a cookie) so it stays on one version across reloads. */
function ensureClientId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = clientIdOf(request);
  if (existing) return existing;
  const issued = randomBytes(16).toString('base64url');
  reply.setCookie(CLIENT_COOKIE, issued, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: CLIENT_COOKIE_SECONDS,
  });
  return issued;
}

export function remotesHandlers(deps: {
  registry: RemoteRegistry;
  clock: Clock;
  secureCookies: boolean;
}): DomainHandlers<Contract['remotes'], Session> {
  const { registry } = deps;
  const reports = createRateLimiter({ limit: REPORTS_PER_MINUTE, windowMs: 60_000, clock: deps.clock });

  /** Who is reporting: the client id, or the address for a browser that refuses cookies. */
  function reporter(request: FastifyRequest): string {
    if (!reports.allow(request.ip))
      throw new HttpError(429, 'Too many reports from this address; try again in a minute.');
    return clientIdOf(request) ?? `address:${request.ip}`;
  }

  return {
    list: async ({ request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      const clientId = ensureClientId(request, reply, deps.secureCookies);
      return { success: true, ...(await registry.assign(clientId)) };
    },
    reportLoad: async ({ params, body, request }) => {
      await registry.recordLoad(params.name, body.version, reporter(request));
      return { success: true, rolled_back: false };
    },
    reportFailure: async ({ params, body, request }) => {
      const outcome = await registry.recordFailure(
        params.name,
        body.version,
        reporter(request),
        body.kind,
        body.message,
      );
      return { success: true, rolled_back: outcome.rolledBack };
    },
    releases: async () => ({
      success: true,
      data: { remotes: await registry.overview(), policy: registry.policy },
    }),
    publish: async ({ params, body, session }) => ({
      success: true,
      message: `${params.name} ${body.version} is published. Browsers load it once a rollout says so.`,
      data: await registry.publish(params.name, body.version, session.user.email),
    }),
    startCanary: async ({ params, body, session }) => ({
      success: true,
      message: `${params.name} ${body.version} is now the canary for ${body.percent}% of browsers.`,
      data: await registry.startCanary(params.name, body.version, body.percent, session.user.email),
    }),
    setCanaryPercent: async ({ params, body, session }) => ({
      success: true,
      message: `The ${params.name} canary now reaches ${body.percent}% of browsers.`,
      data: await registry.setCanaryPercent(params.name, body.percent, session.user.email),
    }),
    promote: async ({ params, body, session }) => {
      const data = await registry.promote(params.name, body?.version, session.user.email);
      return {
        success: true,
        message: `${params.name} ${data.stable?.version} is now stable for every browser.`,
        data,
      };
    },
    rollback: async ({ params, body, session }) => {
      const data = await registry.rollback(params.name, body?.version, session.user.email);
      return {
        success: true,
        message: `${params.name} is rolled back: every browser loads ${data.stable?.version}.`,
        data,
      };
    },
  };
}

/** The releases' files, from the remote store. */
export async function registerRemoteFiles(app: FastifyInstance, store: RemoteStore): Promise<void> {
  // Its own static instance (no root: each release is its own root), so headers are set here only.
  await app.register(fastifyStatic, { serve: false, decorateReply: true });
  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name, version, '*': file } = request.params;
      if (!file || !store.has(name, version)) {
        return reply.code(404).send(apiError(`No release ${version} of remote ${name} on this server`));
      }
      reply.header('Cache-Control', file.endsWith('.json') ? 'no-cache' : IMMUTABLE);
      return reply.sendFile(file, store.releaseDir(name, version), { cacheControl: false });
    },
  );
}
