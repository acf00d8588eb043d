/**
 * The portfolio pages' data (overview, holdings, activity, quick stats) and the trade history, read
 * from the account the trading mode trades: the paper engine in paper and mock mode, the live
 * broker's account in live mode (503 while none is wired).
 */
import {
  summarizeTrades,
  TRADING_MODE_LABELS,
  type PortfolioOverview,
  type QuickStats,
  type Trade,
  type TradeHistoryFilter,
  type TradeHistoryResponse,
  type TradingMode,
} from '@nivesh/api-contract';
import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { Account } from '../broker/broker.js';
import type { TradingModeService } from '../trading/mode.js';
import type { MarketFeed, TickHub } from '../market/feed.js';
import { HttpError } from '../http/errors.js';
import { lastFor } from '../http/keptAnswer.js';
import { LIVE_NOT_CONNECTED } from '../orders/service.js';
import type { PaperEngine } from '../paper/engine.js';
import { toPaise } from '../paper/money.js';
import { monthlyReturnPercent } from '../paper/snapshots.js';

/** Recent activity lists this many fills. */
const ACTIVITY_LIMIT = 20;
/** While the market is open, prices older than this mean the feed has stopped. */
const STALE_TICKS_MS = 120_000;

interface PortfolioLog {
  warn(obj: object, msg: string): void;
}

export interface PortfolioDeps {
  db: Db;
  clock: Clock;
  tradingMode: TradingModeService;
  paper: PaperEngine;
  liveAccount: Account | null;
  feed: MarketFeed;
  hub: TickHub;
  log: PortfolioLog;
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

export function createPortfolioService(deps: PortfolioDeps) {
  const { clock, tradingMode, paper, liveAccount, feed, hub } = deps;

  async function current(): Promise<{ mode: TradingMode; account: Account }> {
    const { mode } = await tradingMode.get();
    if (mode !== 'live') return { mode, account: paper };
    if (!liveAccount) throw new HttpError(503, LIVE_NOT_CONNECTED);
    return { mode, account: liveAccount };
  }

  // The same object for the same account overview and mode: the pages keep the answer's text.
  const withMode = lastFor((data: PortfolioOverview, mode: TradingMode): PortfolioOverview => ({
    ...data,
    trading_mode: mode,
    trading_mode_label: TRADING_MODE_LABELS[mode],
  }));

  async function overview(): Promise<PortfolioOverview> {
    const { mode, account } = await current();
    return withMode(await account.overview(), mode);
  }

  /** Ticks are flowing: the hub has prices, recent ones while the session runs. */
  function connected(): boolean {
    const last = hub.lastTickAt();
    if (last === null) return false;
    const now = clock.now();
    // Recent prices first: the session's hours take longer to work out.
    return now.getTime() - last <= STALE_TICKS_MS || !feed.isSessionOpen(now);
  }

  return {
    overview,
    async holdings() {
      return (await current()).account.holdings();
    },
    async activity() {
      return (await current()).account.activity(ACTIVITY_LIMIT);
    },

    async quickStats(): Promise<QuickStats> {
      const { mode, account } = await current();
      // Paper: the win rate from the completed trades' counts, kept between writes (tradeHistory.ts).
      const [data, counts] = await Promise.all([
        account.overview(),
        mode === 'live'
          ? account.trades().then((trades) => {
              const summary = summarizeTrades(trades.filter((t) => t.status !== 'pending'));
              return { completed: summary.completed_trades, winning: summary.winning_trades };
            })
          : paper.tradeHistory.completedCounts(),
      ]);
      const winRate = counts.completed ? (counts.winning / counts.completed) * 100 : null;
      const monthly =
        mode === 'live'
          ? await monthlyReturnPercent(deps.db, {
              account: 'live',
              now: clock.now(),
              valuePaise: toPaise(data.portfolio_value),
              epoch: null,
              fallbackPercent: data.total_returns_percent,
            })
          : await paper.monthlyReturn();
      return {
        active_positions: data.active_positions,
        win_rate: winRate === null ? null : Math.round(winRate * 100) / 100,
        monthly_return: monthly,
        connection_status: connected() ? 'connected' : 'disconnected',
        data_source: feed.source === 'upstox' ? 'live' : 'simulated',
      };
    },

    /**
     * Both accounts' trades, filtered, newest entry first, one page, with the summary of all matches.
     * The paper account's completed trades are filtered, counted and paged in the database
     * (paper/tradeHistory.ts). The live account asks Upstox only in live mode (through its 20 s
     * read cache, readCache.ts); otherwise it lists the live orders Nivesh recorded.
     */
    async history(filter: TradeHistoryFilter): Promise<TradeHistoryResponse> {
      const live: Trade[] = [];
      if (filter.mode === 'live' && !liveAccount) throw new HttpError(503, LIVE_NOT_CONNECTED);
      if (filter.mode !== 'paper' && liveAccount) {
        try {
          live.push(...(await liveAccount.trades()));
        } catch (error) {
          // Asked for live trades only: say why they are missing. Otherwise the paper history
          // still answers while the broker does not.
          if (filter.mode === 'live') throw error;
          deps.log.warn(
            { err: error },
            'trade history: live trades unavailable, answering with paper trades',
          );
        }
      }
      return paper.tradeHistory.page(filter, clock.now(), live);
    },
  };
}
