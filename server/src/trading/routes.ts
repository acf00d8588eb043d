/** HTTP for the trading domain (contract.trading): parse (done by registerContract), call the service, reply. */
import { TRADING_MODE_LABELS, type Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import { formatRupeesShort } from '../paper/money.js';
import type { TradingModeState } from './mode.js';
import type { TradingService } from './service.js';

const LIMITS_UPDATED = 'Trading limits updated successfully!';
const COSTS_UPDATED = 'Trading costs updated successfully!';
const PAPER_RESET_DONE = 'Paper trading account reset successfully!';

function tradingModeBody(state: TradingModeState, message: string) {
  const label = TRADING_MODE_LABELS[state.mode];
  return {
    success: true as const,
    mode: state.mode,
    trading_mode: state.mode,
    trading_mode_label: label,
    current_mode: state.mode,
    current_mode_label: label,
    updated_at: state.updatedAt?.toISOString() ?? null,
    message,
  };
}

export function tradingHandlers(trading: TradingService): DomainHandlers<Contract['trading'], Session> {
  return {
    getMode: async () => {
      const state = await trading.mode();
      return tradingModeBody(state, `${TRADING_MODE_LABELS[state.mode]} is active`);
    },

    setMode: async ({ body, session, request }) => {
      const state = await trading.switchMode(body.mode, session.user.email);
      request.log.warn({ mode: state.mode }, 'trading mode changed');
      return tradingModeBody(state, `${TRADING_MODE_LABELS[state.mode]} activated`);
    },

    checkMode: async ({ body }) => ({ success: true, ...(await trading.checkMode(body.mode)) }),

    history: async ({ query }) => trading.history(query),

    getPaperLimits: async () => ({ success: true, data: await trading.paperLimits() }),

    setPaperLimits: async ({ body, session }) => ({
      success: true,
      message: LIMITS_UPDATED,
      data: await trading.setPaperLimits(body, session.user.email),
    }),

    getPaperCosts: async () => ({ success: true, data: await trading.paperCosts() }),

    setPaperCosts: async ({ body, session }) => ({
      success: true,
      message: COSTS_UPDATED,
      data: await trading.setPaperCosts(body, session.user.email),
    }),

    resetPaperAccount: async ({ body, session, request }) => {
      const { balance } = await trading.resetPaperAccount(body.balance, session.user.email);
      request.log.warn({ balance }, 'paper account reset');
      return { success: true, message: PAPER_RESET_DONE, balance };
    },

    setPaperBalance: async ({ body, session }) => {
      const { balance } = await trading.setPaperBalance(body.balance, session.user.email);
      return {
        success: true,
        new_balance: balance,
        message: `Balance updated successfully to ${formatRupeesShort(balance)}`,
      };
    },
  };
}
