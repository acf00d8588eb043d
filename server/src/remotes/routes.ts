/**
 * GET /api/remotes, and the remotes' files under /remotes/<name>/<version>/. A build is immutable,
 * so its files are cached for a year; its manifest is `no-cache` (revalidated on every load).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import { apiError } from '@nivesh/api-contract';
import type { RemoteRegistry } from './registry.js';

export function remotesHandlers<S>(registry: RemoteRegistry): DomainHandlers<Contract['remotes'], S> {
  return {
    list: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return { success: true, ...registry.current() };
    },
  };
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerRemoteFiles(app: FastifyInstance, registry: RemoteRegistry): Promise<void> {
  // Its own static instance (no root: each build is its own root), so headers are set here only.
  await app.register(fastifyStatic, { serve: false, decorateReply: true });
  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name, version, '*': file } = request.params;
      const dir = registry.buildDir(name, version);
      if (!dir || !file) {
        return reply.code(404).send(apiError(`No build ${version} of remote ${name} on this server`));
      }
      reply.header('Cache-Control', file.endsWith('.json') ? 'no-cache' : IMMUTABLE);
      return reply.sendFile(file, dir, { cacheControl: false });
    },
  );
}
