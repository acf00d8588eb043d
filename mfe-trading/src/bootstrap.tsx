/** Standalone harness for `pnpm --filter @nivesh/mfe-trading dev` (the shell mounts providers in the product). */
import { PAGE_PATHS } from '@nivesh/api-contract';
import { mountStandalone } from '@nivesh/api-client/standalone';
import TradeHistoryPage from './pages/TradeHistoryPage/TradeHistoryPage';
import PaperTradingPage from './pages/PaperTradingPage/PaperTradingPage';
import PerformancePage from './pages/PerformancePage/PerformancePage';
import BacktestsPage from './pages/BacktestsPage/BacktestsPage';

mountStandalone({
  remote: 'trading',
  pages: [
    { path: PAGE_PATHS.trades, label: 'Trades', element: <TradeHistoryPage /> },
    { path: PAGE_PATHS.paperTrading, label: 'Paper Trading', element: <PaperTradingPage /> },
    { path: PAGE_PATHS.performance, label: 'Performance', element: <PerformancePage /> },
    { path: PAGE_PATHS.backtests, label: 'Backtests', element: <BacktestsPage /> },
  ],
});
