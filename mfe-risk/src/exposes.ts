/** What this remote exposes (module-federation.config.ts uses this list). */
export const exposes = {
  './RiskPage': './src/pages/RiskPage/RiskPage.tsx',
  './RiskSettings': './src/pages/RiskSettings/RiskSettings.tsx',
};
