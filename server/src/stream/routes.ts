/** HTTP of the price stream: the ticket that opens `/ws/ticks` (the socket itself is in service.ts). */
import {
  TICK_STREAM_PATH,
  TICK_STREAM_PROTOCOL,
  TICKET_PROTOCOL_PREFIX,
  type Contract,
} from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { TickStreamService } from './service.js';

export function streamHandlers(
  stream: Pick<TickStreamService, 'issueTicket'>,
): DomainHandlers<Contract['stream'], Session> {
  return {
    ticket: async ({ session, reply }) => {
      const { ticket, expiresAt } = await stream.issueTicket(session.id);
      // A credential: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        ticket,
        expires_at: expiresAt.toISOString(),
        protocols: [TICK_STREAM_PROTOCOL, `${TICKET_PROTOCOL_PREFIX}${ticket}`],
        path: TICK_STREAM_PATH,
      };
    },
  };
}
