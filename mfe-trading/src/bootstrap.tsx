/** Standalone harness for `pnpm --filter @nivesh/mfe-trading dev` (the shell mounts providers in the product). */
import { mountStandalone } from '@nivesh/api-client/standalone';
import TradeHistoryPage from './pages/TradeHistoryPage/TradeHistoryPage';
import PaperTradingPage from './pages/PaperTradingPage/PaperTradingPage';
import PerformancePage from './pages/PerformancePage/PerformancePage';

mountStandalone({
  remote: 'trading',
  pages: [
    { path: '/trades', label: 'Trades', element: <TradeHistoryPage /> },
    { path: '/paper-trading', label: 'Paper Trading', element: <PaperTradingPage /> },
    { path: '/performance', label: 'Performance', element: <PerformancePage /> },
  ],
});
