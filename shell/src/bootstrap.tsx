/**
 * Starts the shell: applies the colour mode and the page's CSP nonce, asks the server which build
 * of each remote to load and registers them, then renders. The session is restored by the
 * signed-in parts (app/signedIn.tsx) when a route needs them; with a stored session token they are
 * fetched at once, so an operator's next click does not wait for them.
 */
import { createRoot } from 'react-dom/client';
import { SESSION_STORAGE_KEY } from '@nivesh/api-client/sessionKey';
import { applyStoredColorMode, readCspNonce } from '@nivesh/ui';
import { App } from './app/App';
import { preloadSignedInParts } from './app/router';
import { loadRemoteCatalogue } from './remotes/remoteRegistry';

function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

async function start() {
  const nonce = readCspNonce();
  applyStoredColorMode();

  await loadRemoteCatalogue();
  if (hasStoredSession()) preloadSignedInParts();

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<App {...(nonce ? { nonce } : {})} />);
}

void start();
