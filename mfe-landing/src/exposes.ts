/** What this remote exposes (module-federation.config.ts uses this list). */
export const exposes = {
  './LandingPage': './src/pages/LandingPage/LandingPage.tsx',
};
