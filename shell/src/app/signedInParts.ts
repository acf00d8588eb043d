/**
 * The signed-in parts (signedIn.tsx: the store, the login screen, the layout), loaded on demand:
 * by the router for /login and the protected pages, or ahead of a click when a session token is
 * stored. Its own module, so that asking for them does not load the router.
 */
export const loadSignedInParts = () => import(/* webpackChunkName: "signed-in" */ './signedIn');

/**
 * For an operator with a stored session: fetches the signed-in parts and restores the session at
 * once, as before any route needs them, so the next click does not wait.
 */
export function preloadSignedInParts(): void {
  void loadSignedInParts().then((m) => m.shellStore());
}
