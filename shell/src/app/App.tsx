/** The shell's providers: the store, the UI system, the router. Only the shell mounts these. */
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { UiProvider } from '@nivesh/ui';
import type { ShellStore } from './store';
import { createRouter } from './router';

const router = createRouter();

export function App({ store, nonce }: { store: ShellStore; nonce?: string }) {
  return (
    <Provider store={store}>
      <UiProvider {...(nonce ? { nonce } : {})}>
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>
  );
}
