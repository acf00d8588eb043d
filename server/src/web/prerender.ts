/**
 * The landing page, rendered ahead of time: each landing release carries `prerender.html`
 * (mfe-landing/scripts/prerender.tsx writes it at build), and the shell's index.html for `/` carries
 * the prerender of the release this browser will load (the landing entry of the catalogue the same
 * page carries: web/shell.ts). A stranger sees the page with the HTML, before any script runs;
 * the shell swaps in the live page once the landing remote has rendered.
 *
 * Releases are immutable, so a release's prerender is read from disk once and kept (a handful of
 * releases at most: the registry keeps a stable and a canary).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_CATALOGUE_ELEMENT_ID, type RemoteEntry, type RemotesResponse } from '@nivesh/api-contract';
import type { RemoteStore } from '../remotes/store.js';

const PRERENDER_FILE = 'prerender.html';
/** The element the shell removes once the live page has rendered (shell/src/remotes/prerender.ts). */
const PRERENDER_ID = 'prerender';
/** Releases whose prerender is kept in memory (stable, canary, and a few just replaced). */
const KEPT = 8;

/** The prerendered landing page of the landing release a browser loads, or null when none is built. */
export type LandingPrerender = (landing: RemoteEntry | undefined) => string | null;

export function createLandingPrerender(deps: { store: RemoteStore }): LandingPrerender {
  const kept = new Map<string, string | null>();

  function read(version: string): string | null {
    const known = kept.get(version);
    if (known !== undefined) return known;
    let html: string | null;
    try {
      html = fs.readFileSync(path.join(deps.store.releaseDir('landing', version), PRERENDER_FILE), 'utf8');
    } catch {
      html = null;
    }
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(version, html);
    return html;
  }

  return (landing) => (!landing || landing.version === 'dev' ? null : read(landing.version));
}

/** A shell asset's address by its unhashed name (`inter-latin-wght-normal.woff2`), or null. */
type ShellAsset = (file: string) => string | null;

/** The shell's hashed assets (shell/dist/assets), listed again when the folder changes. */
export function shellAssets(shellDir: string): ShellAsset {
  const dir = path.join(shellDir, 'assets');
  let listed: { mtimeMs: number; byName: Map<string, string> } | null = null;
  return (file) => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(dir).mtimeMs;
    } catch {
      return null;
    }
    if (!listed || listed.mtimeMs !== mtimeMs) {
      const byName = new Map<string, string>();
      for (const name of fs.readdirSync(dir)) {
        const unhashed = name.replace(/\.[0-9a-f]{10}(\.[a-z0-9]+)$/, '$1');
        if (unhashed !== name) byName.set(unhashed, `/assets/${name}`);
      }
      listed = { mtimeMs, byName };
    }
    return listed.byName.get(file) ?? null;
  };
}

/**
 * index.html with the prerendered page in front of the (hidden) application root: the page shows
 * at once, dark like the application's default, and stays until the shell removes it. Its font
 * files are the shell's own assets; a page that reads without scripts needs no <noscript> notice.
 */
export function withPrerender(indexHtml: string, prerendered: string, shellAsset: ShellAsset): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) return indexHtml;
  const page = prerendered.replace(/url\(__SHELL_ASSET__([\w.-]+)\)/g, (_match, file: string) => {
    const url = shellAsset(file);
    // Without the file the face is skipped and the fallback font shows.
    return url ? `url(${url})` : 'url(about:invalid)';
  });
  return indexHtml
    .replace(/<noscript>.*?<\/noscript>/s, '')
    .replace('<html lang="en">', '<html lang="en" class="dark">')
    .replace(
      root,
      `<div id="${PRERENDER_ID}"><style nonce="__CSP_NONCE__">#root{display:none}html.dark{color-scheme:dark}</style>${page}</div>${root}`,
    );
}

/**
 * index.html with the browser's remote catalogue in a `<script type="application/json">` (data, not
 * run: the page's Content-Security-Policy has nothing to allow), ahead of the shell's scripts, which
 * read it (shell/src/remotes/remoteRegistry.ts). `<`, `>` and `&` are written as JSON escapes, so no
 * text of it can end the element.
 */
export function withCatalogue(indexHtml: string, catalogue: RemotesResponse): string {
  const json = JSON.stringify(catalogue).replace(
    /[<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const element = `<script type="application/json" id="${REMOTE_CATALOGUE_ELEMENT_ID}">${json}</script>`;
  return indexHtml.replace('</head>', `${element}</head>`);
}
