/** What this remote exposes (module-federation.config.ts uses this list). */
export const exposes = {
  './DashboardPage': './src/pages/DashboardPage/DashboardPage.tsx',
  './PortfolioPage': './src/pages/PortfolioPage/PortfolioPage.tsx',
  './ResearchPage': './src/pages/ResearchPage/ResearchPage.tsx',
  './AllocationPage': './src/pages/AllocationPage/AllocationPage.tsx',
  './SettingsPage': './src/pages/SettingsPage/SettingsPage.tsx',
};
