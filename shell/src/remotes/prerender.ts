/**
 * The landing page's prerender (server/src/web/prerender.ts puts it in index.html for `/`): shown
 * while the scripts load, with the application root hidden. Removed the moment a remote page has
 * rendered in its place (or failed to), which also shows the root again.
 */
const PRERENDER_ID = 'prerender';

export function removePrerender(): void {
  document.getElementById(PRERENDER_ID)?.remove();
}
