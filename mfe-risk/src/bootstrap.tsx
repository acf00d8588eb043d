/** Standalone harness for `pnpm --filter @nivesh/mfe-risk dev` (the shell mounts providers in the product). */
import { PAGE_PATHS } from '@nivesh/api-contract';
import { mountStandalone } from '@nivesh/api-client/standalone';
import RiskPage from './pages/RiskPage/RiskPage';
import RiskSettings from './pages/RiskSettings/RiskSettings';

mountStandalone({
  remote: 'risk',
  pages: [
    { path: PAGE_PATHS.risk, label: 'Risk Management', element: <RiskPage /> },
    { path: '/risk-settings', label: 'Risk settings', element: <RiskSettings /> },
  ],
});
