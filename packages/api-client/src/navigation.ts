/**
 * `@nivesh/api-client/navigation`: following an in-app link without React Router, for a page that
 * renders outside it. The public landing page is one: a visitor's first page does not download the
 * router, which the shell loads when the visitor goes further (its Sign in link). The shell provides
 * how it navigates (before its router has loaded: load it and show the path; once loaded: the
 * router's own navigate), and the page's anchors call `followInApp` when clicked.
 *
 * Where nothing is provided (an older shell, a page outside the shell), the browser follows the
 * link itself: the same page, loaded anew. Like the remote module loader, the navigator lives on
 * the global object, so every copy of this small module (the shell's, a remote's own) finds it.
 *
 * A page module that renders outside the router says so with the named export
 * `rendersWithoutRouter = true`; the shell shows any other page inside its router.
 */
import type { MouseEvent } from 'react';

/** Shows `to` (a path, with its query and fragment) in this page view. */
export type Navigator = (to: string) => void;

const PROVIDED = Symbol.for('nivesh.navigator');
const holder = globalThis as typeof globalThis & { [PROVIDED]?: Navigator | null };

/** The shell (or a harness with a router) calls this; `null` takes it back. */
export function provideNavigator(navigator: Navigator | null): void {
  holder[PROVIDED] = navigator;
}

/**
 * An in-app anchor's click handler: a plain left click on a same-origin link is shown in this page
 * view by the provided navigator; any other click (a modifier key, another button or target, an
 * outside address), or no navigator, keeps the browser's own behaviour.
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>): void {
  const navigate = holder[PROVIDED];
  if (!navigate || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event.currentTarget;
  if (anchor.target && anchor.target !== '_self') return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}
