/** Signing out in one tab signs out the others (the stored token disappears). */
import { SESSION_STORAGE_KEY, sessionExpired } from '@nivesh/api-client';
import type { ShellStore } from '../app/store';

export function watchSessionInOtherTabs(store: ShellStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY || event.newValue !== null) return;
    if (store.getState().session.isAuthenticated) store.dispatch(sessionExpired());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
