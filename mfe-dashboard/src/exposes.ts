/**
 * What this remote exposes (module-federation.config.ts uses this list): exactly the names the
 * contract's REMOTE_EXPOSES gives it, so the shell's route table and this list cannot drift apart.
 */
import type { RemoteExposes } from '@nivesh/api-contract';

export const exposes = {
  './DashboardPage': './src/pages/DashboardPage/DashboardPage.tsx',
  './PortfolioPage': './src/pages/PortfolioPage/PortfolioPage.tsx',
  './ResearchPage': './src/pages/ResearchPage/ResearchPage.tsx',
  './AllocationPage': './src/pages/AllocationPage/AllocationPage.tsx',
  './SettingsPage': './src/pages/SettingsPage/SettingsPage.tsx',
} satisfies RemoteExposes<'dashboard'>;
