/**
 * What this remote exposes (module-federation.config.ts uses this list): exactly the names the
 * contract's REMOTE_EXPOSES gives it, so the shell's route table and this list cannot drift apart.
 */
import type { RemoteExposes } from '@nivesh/api-contract';

export const exposes = {
  './TradeHistoryPage': './src/pages/TradeHistoryPage/TradeHistoryPage.tsx',
  './PaperTradingPage': './src/pages/PaperTradingPage/PaperTradingPage.tsx',
  './PerformancePage': './src/pages/PerformancePage/PerformancePage.tsx',
  './BacktestsPage': './src/pages/BacktestsPage/BacktestsPage.tsx',
} satisfies RemoteExposes<'trading'>;
