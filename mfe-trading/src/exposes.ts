/** What this remote exposes (module-federation.config.ts uses this list). */
export const exposes = {
  './TradeHistoryPage': './src/pages/TradeHistoryPage/TradeHistoryPage.tsx',
  './PaperTradingPage': './src/pages/PaperTradingPage/PaperTradingPage.tsx',
  './PerformancePage': './src/pages/PerformancePage/PerformancePage.tsx',
};
