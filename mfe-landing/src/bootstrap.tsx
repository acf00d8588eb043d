/** Standalone harness for `pnpm --filter @nivesh/mfe-landing dev` (the shell mounts providers in the product). */
import { PAGE_PATHS } from '@nivesh/api-contract/plain';
import { mountStandalone } from '@nivesh/api-client/standalone';
import LandingPage from './pages/LandingPage/LandingPage';

mountStandalone({
  remote: 'landing',
  requireSession: false,
  pages: [{ path: PAGE_PATHS.landing, label: 'Landing', element: <LandingPage /> }],
});
