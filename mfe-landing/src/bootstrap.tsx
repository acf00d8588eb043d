/** Standalone harness for `pnpm --filter @nivesh/mfe-landing dev` (the shell mounts providers in the product). */
import { mountStandalone } from '@nivesh/api-client/standalone';
import LandingPage from './pages/LandingPage/LandingPage';

mountStandalone({
  remote: 'landing',
  requireSession: false,
  pages: [{ path: '/', label: 'Landing', element: <LandingPage /> }],
});
