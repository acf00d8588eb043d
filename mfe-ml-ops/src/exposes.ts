/**
 * What this remote exposes (module-federation.config.ts uses this list): exactly the names the
 * contract's REMOTE_EXPOSES gives it, so the shell's route table and this list cannot drift apart.
 */
import type { RemoteExposes } from '@nivesh/api-contract';

export const exposes = {
  './MlIntelligencePage': './src/pages/MlIntelligencePage/MlIntelligencePage.tsx',
  './AutoScalingPage': './src/pages/AutoScalingPage/AutoScalingPage.tsx',
  './ProductionScalingPage': './src/pages/ProductionScalingPage/ProductionScalingPage.tsx',
  './TickStreamingPage': './src/pages/TickStreamingPage/TickStreamingPage.tsx',
} satisfies RemoteExposes<'ml_ops'>;
