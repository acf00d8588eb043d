/** Standalone harness for `pnpm --filter @nivesh/mfe-ml-ops dev` (the shell mounts providers in the product). */
import { PAGE_PATHS } from '@nivesh/api-contract';
import { mountStandalone } from '@nivesh/api-client/standalone';
import MlIntelligencePage from './pages/MlIntelligencePage/MlIntelligencePage';
import AutoScalingPage from './pages/AutoScalingPage/AutoScalingPage';
import ProductionScalingPage from './pages/ProductionScalingPage/ProductionScalingPage';
import TickStreamingPage from './pages/TickStreamingPage/TickStreamingPage';

mountStandalone({
  remote: 'ml_ops',
  pages: [
    { path: PAGE_PATHS.mlIntelligence, label: 'ML Intelligence', element: <MlIntelligencePage /> },
    { path: PAGE_PATHS.autoScaling, label: 'Auto-Scaling', element: <AutoScalingPage /> },
    { path: PAGE_PATHS.productionScaling, label: 'Production Scaling', element: <ProductionScalingPage /> },
    { path: PAGE_PATHS.tickStreaming, label: 'Tick Streaming', element: <TickStreamingPage /> },
  ],
});
