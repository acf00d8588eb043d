/** HTTP for the portfolio (contract.portfolio): parse (done by registerContract), call the service, reply. */
import type { Contract, Holding, PortfolioOverview, QuickStats } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { Clock } from '../clock.js';
import type { DomainHandlers } from '../http/contract.js';
import { keptAnswer, lastFor, StampedAnswer } from '../http/keptAnswer.js';
import type { PortfolioService } from './service.js';

export function portfolioHandlers(
  portfolio: PortfolioService,
  clock: Clock,
): DomainHandlers<Contract['portfolio'], Session> {
  // The paper account's reads hand out the same objects until the account, the prices or the day
  // change (paperMemo.ts): each is checked and serialised once (http/keptAnswer.ts). The
  // overview's `as_of` is the time of each read.
  const overviewAnswer = lastFor(
    (data: PortfolioOverview) =>
      new StampedAnswer((as_of) => ({ success: true as const, data: { ...data, as_of } })),
  );
  const holdingsAnswer = lastFor((data: Holding[]) => keptAnswer({ success: true as const, data }));
  // Quick stats: the same figures, the same text.
  const quickStatsAnswer = lastFor(
    (
      active_positions: number,
      win_rate: number | null,
      monthly_return: number,
      connection_status: QuickStats['connection_status'],
      data_source: QuickStats['data_source'],
    ) =>
      keptAnswer({
        success: true as const,
        data: { active_positions, win_rate, monthly_return, connection_status, data_source },
      }),
  );
  return {
    overview: async () => overviewAnswer(await portfolio.overview()).at(clock.now()),
    holdings: async () => holdingsAnswer(await portfolio.holdings()),
    activity: async () => ({ success: true, data: await portfolio.activity() }),
    quickStats: async () => {
      const s = await portfolio.quickStats();
      return quickStatsAnswer(
        s.active_positions,
        s.win_rate,
        s.monthly_return,
        s.connection_status,
        s.data_source,
      );
    },
  };
}
