/**
 * The shell's providers: the UI system, the router. Only the shell mounts these. The store's
 * provider sits under the router, around the routes that use it (signedIn.tsx).
 */
import { RouterProvider } from '@nivesh/api-client/router';
import { UiProvider } from '@nivesh/ui';
import { createRouter } from './router';

const router = createRouter();

export function App({ nonce }: { nonce?: string }) {
  return (
    <UiProvider {...(nonce ? { nonce } : {})}>
      <RouterProvider router={router} />
    </UiProvider>
  );
}
