/**
 * The trading domain (contract.trading): which mode the account trades in, and the paper
 * account's administration (limits, costs, reset, balance) and trade history.
 *
 * Switching to live (real money) is allowed only with a broker token that Upstox accepts now: the
 * live gate answers 409 when the token is unusable or refused, 503 when Upstox cannot be asked.
 * Paper and mock need nothing.
 */
import type { PaperCostSettings, TradingMode } from '@nivesh/api-contract';
import type { LiveGate } from '../broker/liveGate.js';
import { HttpError } from '../http/errors.js';
import type { PaperEngine } from '../paper/engine.js';
import { costsOf, limitsOf } from '../paper/settings.js';
import type { PortfolioService } from '../portfolio/service.js';
import type { TradingModeService, TradingModeState } from './mode.js';

export interface TradingServiceDeps {
  modes: TradingModeService;
  /** Null when live trading is not wired (tests): switching to live then needs no check. */
  liveGate: Pick<LiveGate, 'ensureReadyForLive'> | null;
  portfolio: Pick<PortfolioService, 'history'>;
  paper: Pick<PaperEngine, 'settings' | 'setLimits' | 'updateSettings' | 'reset' | 'setBalance'>;
}

export type TradingService = ReturnType<typeof createTradingService>;

type RequestedMode = TradingMode | 'real';

export function createTradingService(deps: TradingServiceDeps) {
  const { modes, liveGate, portfolio, paper } = deps;
  return {
    mode: (): Promise<TradingModeState> => modes.get(),

    async switchMode(requested: RequestedMode, actor: string): Promise<TradingModeState> {
      if ((requested === 'live' || requested === 'real') && liveGate) await liveGate.ensureReadyForLive();
      return modes.set(requested, actor);
    },

    /**
     * What `switchMode` would answer now, without switching: asked before the operator confirms real
     * money, so a refusal (no usable token, Upstox refusing it or unreachable) is said first.
     */
    async checkMode(
      requested: RequestedMode,
    ): Promise<{ mode: TradingMode; ready: boolean; reason: string | null; needs_token: boolean }> {
      const mode: TradingMode = requested === 'real' ? 'live' : requested;
      if (mode !== 'live' || !liveGate) return { mode, ready: true, reason: null, needs_token: false };
      try {
        await liveGate.ensureReadyForLive();
        return { mode, ready: true, reason: null, needs_token: false };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // A refusal naming the token's state (409) is fixed by a new token; 503 by trying again.
        return { mode, ready: false, reason: error.message, needs_token: 'token_state' in error.extra };
      }
    },

    history: (filter: Parameters<PortfolioService['history']>[0]) => portfolio.history(filter),

    paperLimits: async () => limitsOf(await paper.settings()),

    setPaperLimits: async (limits: Parameters<PaperEngine['setLimits']>[0], actor: string) =>
      limitsOf(await paper.setLimits(limits, actor)),

    paperCosts: async () => costsOf(await paper.settings()),

    setPaperCosts: async (costs: PaperCostSettings, actor: string) =>
      costsOf(await paper.updateSettings(costs, actor)),

    resetPaperAccount: (balance: Parameters<PaperEngine['reset']>[0], actor: string) =>
      paper.reset(balance, actor),

    setPaperBalance: (balance: number, actor: string) => paper.setBalance(balance, actor),
  };
}
