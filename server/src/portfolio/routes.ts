/**
 * HTTP for the portfolio (contract.portfolio) and the trade history and paper-account routes of
 * contract.trading (the mode routes of that domain live in broker/routes.ts; app.ts merges both).
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { PaperEngine } from '../paper/engine.js';
import { formatRupeesShort } from '../paper/money.js';
import { limitsOf } from '../paper/settings.js';
import type { PortfolioService } from './service.js';

export const LIMITS_UPDATED = 'Trading limits updated successfully!';
export const PAPER_RESET_DONE = 'Paper trading account reset successfully!';

export function portfolioHandlers(
  portfolio: PortfolioService,
): DomainHandlers<Contract['portfolio'], Session> {
  return {
    overview: async () => ({ success: true, data: await portfolio.overview() }),
    holdings: async () => ({ success: true, data: await portfolio.holdings() }),
    activity: async () => ({ success: true, data: await portfolio.activity() }),
    quickStats: async () => ({ success: true, data: await portfolio.quickStats() }),
  };
}

export function paperTradingHandlers(
  portfolio: PortfolioService,
  paper: PaperEngine,
): DomainHandlers<Contract['trading'], Session> {
  return {
    history: async ({ query }) => portfolio.history(query),

    getPaperLimits: async () => ({ success: true, data: limitsOf(await paper.settings()) }),

    setPaperLimits: async ({ body, session }) => {
      const stored = await paper.setLimits(body, session.user.email);
      return { success: true, message: LIMITS_UPDATED, data: limitsOf(stored) };
    },

    resetPaperAccount: async ({ body, session, request }) => {
      const { balance } = await paper.reset(body.balance, session.user.email);
      request.log.warn({ balance }, 'paper account reset');
      return { success: true, message: PAPER_RESET_DONE, balance };
    },

    setPaperBalance: async ({ body, session }) => {
      const { balance } = await paper.setBalance(body.balance, session.user.email);
      return {
        success: true,
        new_balance: balance,
        message: `Balance updated successfully to ${formatRupeesShort(balance)}`,
      };
    },
  };
}
