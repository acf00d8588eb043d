/** Standalone harness for `pnpm --filter @nivesh/mfe-dashboard dev` (the shell mounts providers in the product). */
import { PAGE_PATHS } from '@nivesh/api-contract';
import { mountStandalone } from '@nivesh/api-client/standalone';
import DashboardPage from './pages/DashboardPage/DashboardPage';
import PortfolioPage from './pages/PortfolioPage/PortfolioPage';
import ResearchPage from './pages/ResearchPage/ResearchPage';
import AllocationPage from './pages/AllocationPage/AllocationPage';
import SettingsPage from './pages/SettingsPage/SettingsPage';

mountStandalone({
  remote: 'dashboard',
  pages: [
    { path: PAGE_PATHS.dashboard, label: 'Dashboard', element: <DashboardPage /> },
    { path: PAGE_PATHS.portfolio, label: 'Portfolio', element: <PortfolioPage /> },
    { path: PAGE_PATHS.research, label: 'Research', element: <ResearchPage /> },
    { path: PAGE_PATHS.allocation, label: 'Daily Allocation', element: <AllocationPage /> },
    { path: PAGE_PATHS.settings, label: 'Settings', element: <SettingsPage /> },
  ],
});
