/**
 * Starts the shell: applies the colour mode and the page's CSP nonce, asks the server which build
 * of each remote to load and registers them, then renders: the landing page alone on `/`, the
 * routed app (fetched alongside the catalogue) anywhere else (app/App.tsx). The session is restored
 * by the signed-in parts (app/signedIn.tsx) when a route needs them; with a stored session token
 * they are fetched at once, so an operator's next click does not wait for them.
 */
import { createRoot } from 'react-dom/client';
import { SESSION_STORAGE_KEY } from '@nivesh/api-client/sessionKey';
import { PAGE_PATHS } from '@nivesh/api-contract/plain';
import { applyStoredColorMode, readCspNonce } from '@nivesh/ui/core';
import { App, loadRoutedApp } from './app/App';
import { preloadSignedInParts } from './app/signedInParts';
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

  const routedApp = window.location.pathname === PAGE_PATHS.landing ? null : loadRoutedApp();
  await loadRemoteCatalogue();
  if (hasStoredSession()) preloadSignedInParts();

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<App {...(nonce ? { nonce } : {})} routedApp={await routedApp} />);
}

void start();
