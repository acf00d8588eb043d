/**
 * HTTP for the remote registry: GET /api/remotes (with the browser's signed client id cookie), the
 * browsers' load and failure reports, the release management calls, and the releases' files under
 * /remotes/<name>/<version>/ (a release is immutable, so its files are cached for a year; its
 * manifest is `no-cache`).
 *
 * Reports: one address may send REPORTS_PER_MINUTE; a report without a client id this server signed
 * is refused (403); one about a release the browser was not served answers 200 `counted: false`
 * (the registry decides, see service.ts). The catalogue and the client ids: catalogue.ts.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { apiError, type Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { Clock } from '../clock.js';
import type { DomainHandlers } from '../http/contract.js';
import { HttpError } from '../http/errors.js';
import { createPerKeyLimiter } from '../http/rateLimit.js';
import { IMMUTABLE } from '../http/security.js';
import type { RemoteCatalogue } from './catalogue.js';
import type { RemotesService, Reporter } from './service.js';
import type { RemoteStore } from './store.js';

/** Reports one address may send per minute (a browser sends a handful per page view). */
const REPORTS_PER_MINUTE = 120;

export function remotesHandlers(deps: {
  registry: RemotesService;
  clock: Clock;
  /** Each browser's catalogue and client id (catalogue.ts). */
  catalogue: RemoteCatalogue;
}): DomainHandlers<Contract['remotes'], Session> {
  const { registry, catalogue } = deps;
  const reports = createPerKeyLimiter({ limit: REPORTS_PER_MINUTE, windowMs: 60_000, clock: deps.clock });

  /** Who is reporting: a browser with a client id this server signed, from its address. */
  function reporter(request: FastifyRequest): Reporter {
    if (!reports.allow(request.ip))
      throw new HttpError(429, 'Too many reports from this address; try again in a minute.');
    const clientId = catalogue.clientIdOf(request);
    if (!clientId)
      throw new HttpError(
        403,
        'This browser holds no client id from this server, so its reports are not taken; loading the page again gives it one.',
      );
    return { clientId, address: request.ip };
  }

  return {
    list: async ({ request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return catalogue.forBrowser(request, reply);
    },
    reportLoad: async ({ params, body, request }) => {
      const outcome = await registry.recordLoad(params.name, body.version, reporter(request));
      return { success: true, counted: outcome.counted, rolled_back: false };
    },
    reportFailure: async ({ params, body, request }) => {
      const outcome = await registry.recordFailure(
        params.name,
        body.version,
        reporter(request),
        body.kind,
        body.message,
      );
      return { success: true, counted: outcome.counted, rolled_back: outcome.rolledBack };
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
export async function registerRemoteFiles(
  app: FastifyInstance,
  store: RemoteStore,
  /** Runs before a release's file is sent (http/security.ts's `sourceMapGate`). */
  guardFiles?: onRequestHookHandler,
): Promise<void> {
  if (guardFiles) app.addHook('onRequest', guardFiles);
  // Its own static instance (no root: each release is its own root), so headers are set here only.
  // A file's `.br` or `.gz` copy next to it (the build writes them) is sent when the browser takes
  // that encoding, as the file's own type; without one the file is compressed as it is sent.
  await app.register(fastifyStatic, { serve: false, decorateReply: true, preCompressed: true });
  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name, version, '*': file } = request.params;
      if (!file || !store.has(name, version)) {
        return reply.code(404).send(apiError(`No release ${version} of remote ${name} on this server`));
      }
      const immutable = !file.endsWith('.json');
      reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      // A release's files never change: validators only for the manifests, which are revalidated.
      return reply.sendFile(file, store.releaseDir(name, version), {
        cacheControl: false,
        etag: !immutable,
        lastModified: !immutable,
      });
    },
  );
}
