/** Standalone harness for `pnpm --filter @nivesh/mfe-ml-ops dev` (the shell mounts providers in the product). */
import { mountStandalone } from '@nivesh/api-client/standalone';
import MlIntelligencePage from './pages/MlIntelligencePage/MlIntelligencePage';
import AutoScalingPage from './pages/AutoScalingPage/AutoScalingPage';
import ProductionScalingPage from './pages/ProductionScalingPage/ProductionScalingPage';
import TickStreamingPage from './pages/TickStreamingPage/TickStreamingPage';

mountStandalone({
  remote: 'ml_ops',
  pages: [
    { path: '/ml-intelligence', label: 'ML Intelligence', element: <MlIntelligencePage /> },
    { path: '/auto-scaling', label: 'Auto-Scaling', element: <AutoScalingPage /> },
    { path: '/production-scaling', label: 'Production Scaling', element: <ProductionScalingPage /> },
    { path: '/tick-streaming', label: 'Tick Streaming', element: <TickStreamingPage /> },
  ],
});
