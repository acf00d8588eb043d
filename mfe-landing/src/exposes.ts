/**
 * What this remote exposes (module-federation.config.ts uses this list): exactly the names the
 * contract's REMOTE_EXPOSES gives it, so the shell's route table and this list cannot drift apart.
 */
import type { RemoteExposes } from '@nivesh/api-contract/plain';

export const exposes = {
  './LandingPage': './src/pages/LandingPage/LandingPage.tsx',
} satisfies RemoteExposes<'landing'>;
