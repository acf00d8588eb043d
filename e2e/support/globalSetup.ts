import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './chromium';
import { repoRoot, startServer, stateFile } from './server';

export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run "apt-get install -y chromium" (bash .ci/run does).`,
    );
  }
  if (!fs.existsSync(path.join(repoRoot, 'shell', 'dist', 'index.html'))) {
    throw new Error('The apps are not built: run "pnpm build" first (pnpm test does).');
  }
  const state = await startServer();
  fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
  process.env['NIVESH_E2E_BASE_URL'] = state.baseUrl;
}
