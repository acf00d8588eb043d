/** HTTP for the trading mode (GET/POST /api/trading/mode). */
import { TRADING_MODE_LABELS, type Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import { tradingModeBody, type TradingModeService } from './tradingMode.js';

export function tradingModeHandlers(modes: TradingModeService): DomainHandlers<Contract['trading'], Session> {
  return {
    getMode: async () => {
      const state = await modes.get();
      return tradingModeBody(state, `${TRADING_MODE_LABELS[state.mode]} is active`);
    },
    setMode: async ({ body, session, request }) => {
      const state = await modes.set(body.mode, session.user.email);
      request.log.warn({ mode: state.mode }, 'trading mode changed');
      return tradingModeBody(state, `${TRADING_MODE_LABELS[state.mode]} activated`);
    },
  };
}
