/** Standalone harness for `pnpm --filter @nivesh/mfe-dashboard dev` (the shell mounts providers in the product). */
import { mountStandalone } from '@nivesh/api-client/standalone';
import DashboardPage from './pages/DashboardPage/DashboardPage';
import PortfolioPage from './pages/PortfolioPage/PortfolioPage';
import ResearchPage from './pages/ResearchPage/ResearchPage';
import AllocationPage from './pages/AllocationPage/AllocationPage';
import SettingsPage from './pages/SettingsPage/SettingsPage';

mountStandalone({
  remote: 'dashboard',
  pages: [
    { path: '/dashboard', label: 'Dashboard', element: <DashboardPage /> },
    { path: '/portfolio', label: 'Portfolio', element: <PortfolioPage /> },
    { path: '/research', label: 'Research', element: <ResearchPage /> },
    { path: '/allocation', label: 'Daily Allocation', element: <AllocationPage /> },
    { path: '/settings', label: 'Settings', element: <SettingsPage /> },
  ],
});
