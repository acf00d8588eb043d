import fs from 'node:fs';
import { readServerState, stateFile, stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(stateFile)) return;
  const state = readServerState();
  stopServer(state);
  // Give the server its SIGTERM shutdown (closing PGlite), then remove the data folder.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
