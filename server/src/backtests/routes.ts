/** HTTP for backtests (contract.backtests): start (202, it runs in the background), list, read, delete. */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { BacktestService } from './service.js';

export function backtestsHandlers(
  backtests: BacktestService,
): DomainHandlers<Contract['backtests'], Session> {
  return {
    start: async ({ body, reply, request }) => {
      const { id, name } = await backtests.start(body);
      request.log.info({ id }, 'backtest accepted');
      void reply.code(202);
      return {
        success: true,
        message: `Backtest "${name}" started: its progress shows in the list.`,
        data: { id, status: 'running' },
      };
    },
    list: async () => ({ success: true, data: await backtests.list() }),
    get: async ({ params }) => ({ success: true, data: await backtests.get(params.id) }),
    remove: async ({ params }) => ({ success: true, message: await backtests.remove(params.id) }),
  };
}
