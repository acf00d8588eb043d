/**
 * Starts the shell: applies the colour mode and the page's CSP nonce, asks the server which build
 * of each remote to load and registers them, restores the session, then renders.
 */
import { createRoot } from 'react-dom/client';
import { restoreSession } from '@nivesh/api-client';
import { applyStoredColorMode, readCspNonce } from '@nivesh/ui';
import { App } from './app/App';
import { createShellStore } from './app/store';
import { loadRemoteCatalogue } from './remotes/remoteRegistry';
import { watchSessionInOtherTabs } from './auth/sessionSync';

async function start() {
  const nonce = readCspNonce();
  applyStoredColorMode();

  await loadRemoteCatalogue();
  const store = createShellStore();
  void store.dispatch(restoreSession());
  watchSessionInOtherTabs(store);

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<App store={store} {...(nonce ? { nonce } : {})} />);
}

void start();
