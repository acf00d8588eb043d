/** HTTP for server management (contract.management): status, restart and its fallback route. */
import type { Contract } from '@nivesh/api-contract';
import type { FastifyReply } from 'fastify';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import { HttpError } from '../http/errors.js';
import type { ManagementService, RestartVia } from './service.js';

export function managementHandlers(
  management: ManagementService,
): DomainHandlers<Contract['management'], Session> {
  const restart = async (session: Session, reply: FastifyReply, via: RestartVia) => {
    const outcome = await management.restart(session.user.email, via);
    if (outcome.kind === 'too-soon') throw new HttpError(429, outcome.message);
    if (outcome.kind === 'initiated') {
      // The process closes only after this answer has gone out (or its caller went away).
      reply.raw.once('close', outcome.begin);
      reply.log.warn({ via, actor: session.user.email }, 'server restart requested');
    }
    return outcome.answer;
  };
  return {
    serverStatus: async () => management.status(),
    restartServer: async ({ session, reply }) => restart(session, reply, 'management'),
    adminRestart: async ({ session, reply }) => restart(session, reply, 'admin'),
  };
}
