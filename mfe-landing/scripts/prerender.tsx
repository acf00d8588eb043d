/**
 * Renders the landing page to HTML at build time, into the release it belongs to:
 * `dist/<version>/prerender.html`. The server puts it into the shell's index.html for `/`, so a
 * stranger sees the page as soon as the HTML arrives, before any script; the shell removes it once
 * the landing remote has rendered the same page (shell/src/remotes/prerender.ts).
 *
 * Run by `pnpm build` after webpack (package.json), with this folder's tsconfig so the workspace
 * packages' TSX compiles. The styles Emotion writes during the render come out as
 * `<style>` elements carrying the `__CSP_NONCE__` placeholder, which the server replaces with the
 * response's nonce like the rest of index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { UiProvider } from '@nivesh/ui';
import LandingPage from '../src/pages/LandingPage/LandingPage';

/** The file the server looks for in a landing release. */
const PRERENDER_FILE = 'prerender.html';
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The release this build just wrote: the version folder whose manifest is newest. */
function newestRelease(distDir: string): string {
  const releases = fs
    .readdirSync(distDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && fs.existsSync(path.join(distDir, entry.name, 'mf-manifest.json')),
    )
    .map((entry) => ({
      dir: path.join(distDir, entry.name),
      mtimeMs: fs.statSync(path.join(distDir, entry.name, 'mf-manifest.json')).mtimeMs,
    }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  const newest = releases[0];
  if (!newest) throw new Error(`No built release in ${distDir}: run webpack first`);
  return newest.dir;
}

/** HTML's character references React writes inside attribute values, back to characters. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The page's Content-Security-Policy allows no inline `style="…"` attributes (only `<style>`
 * elements carrying its nonce); React sets styles through the DOM, which the policy allows, but in
 * HTML they are attributes and would be dropped. So each distinct style attribute becomes a class
 * with a nonce'd rule, `!important` as an inline style's declarations win.
 */
function styleAttributesToRules(html: string): string {
  const classes = new Map<string, string>();
  const rewritten = html.replace(
    /<([a-zA-Z][\w-]*)([^>]*?) style="([^"]*)"([^>]*)>/g,
    (_tag, name: string, before: string, style: string, after: string) => {
      const css = decodeAttribute(style);
      let className = classes.get(css);
      if (!className) {
        className = `nv-prerender-${classes.size}`;
        classes.set(css, className);
      }
      const attributes = `${before}${after}`;
      const withClass = / class="/.test(attributes)
        ? attributes.replace(/ class="([^"]*)"/, ` class="$1 ${className}"`)
        : `${attributes} class="${className}"`;
      return `<${name}${withClass}>`;
    },
  );
  if (classes.size === 0) return rewritten;
  const rules = [...classes]
    .map(([css, className]) => {
      const declarations = css
        .split(/;(?![^(]*\))/)
        .map((declaration) => declaration.trim())
        .filter(Boolean)
        .map((declaration) => `${declaration} !important`)
        .join(';');
      return `.${className}{${declarations}}`;
    })
    .join('');
  return `<style nonce="${NONCE_PLACEHOLDER}">${rules}</style>${rewritten}`;
}

function renderLandingPage(): string {
  return renderToString(
    <MemoryRouter>
      <UiProvider nonce={NONCE_PLACEHOLDER}>
        <LandingPage />
      </UiProvider>
    </MemoryRouter>,
  );
}

const release = newestRelease(path.resolve(__dirname, '..', 'dist'));
// The typefaces' @font-face rules come with the page the prerender goes into (the shell's
// index.html: @nivesh/build's fonts.ts).
const html = styleAttributesToRules(renderLandingPage());
fs.writeFileSync(path.join(release, PRERENDER_FILE), html);
console.info(
  `prerendered the landing page: ${path.relative(process.cwd(), release)}/${PRERENDER_FILE} (${html.length} bytes)`,
);
