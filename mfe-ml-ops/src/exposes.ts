/** What this remote exposes (module-federation.config.ts uses this list). */
export const exposes = {
  './MlIntelligencePage': './src/pages/MlIntelligencePage/MlIntelligencePage.tsx',
  './AutoScalingPage': './src/pages/AutoScalingPage/AutoScalingPage.tsx',
  './ProductionScalingPage': './src/pages/ProductionScalingPage/ProductionScalingPage.tsx',
  './TickStreamingPage': './src/pages/TickStreamingPage/TickStreamingPage.tsx',
};
