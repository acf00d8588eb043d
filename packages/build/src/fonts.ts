/**
 * Nivesh's two typefaces (Inter and Space Grotesk, variable, from Fontsource), given to every page
 * by its HTML instead of its JavaScript: FontFacesPlugin puts their `@font-face` rules in a
 * `<style>` of the page's head (index.html, with the page's nonce) and emits their woff2 files as
 * hashed assets (`assets/<file>.<hash>.woff2`, cached for a year). A browser then knows the faces
 * from the first bytes of the page (the prerendered landing page paints in them at once), and no
 * script carries a style sheet or the code that inserts it.
 *
 * The same rules, with each file written `__SHELL_ASSET__<file>`, went into landing prerenders
 * built before this (mfe-landing/scripts/prerender.tsx); the server resolves those names to the
 * shell's hashed files (server/src/web/prerender.ts), which keep these names.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';

/** The typefaces' style sheets (Fontsource's, with a rule per script subset). */
const FONT_CSS = [
  require.resolve('@fontsource-variable/inter/index.css'),
  require.resolve('@fontsource-variable/space-grotesk/index.css'),
];
const FILE_URL = /url\(\.\/files\/([\w.-]+\.woff2)\)/g;

interface FontFaces {
  /** The rules, comments and runs of white space dropped, each file's URL still `./files/<name>`. */
  css: string;
  /** Each woff2 file the rules name: its name -> its path. */
  files: Map<string, string>;
}

/** The `@font-face` rules of Nivesh's typefaces and the files they name. */
function fontFaces(): FontFaces {
  const files = new Map<string, string>();
  const css = FONT_CSS.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, font] of text.matchAll(FILE_URL)) {
      files.set(font!, path.join(path.dirname(file), 'files', font!));
    }
    return text;
  })
    .join('\n')
    .replace(/\/\*[^*]*\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (files.size === 0) throw new Error('The Fontsource CSS names no woff2 file: has Fontsource changed?');
  return { css, files };
}

/** `name.woff2` -> `name.<first 10 hex digits of its SHA-256>.woff2`, as webpack names hashed assets. */
function hashedName(name: string, content: Buffer): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return name.replace(/\.woff2$/, `.${hash}.woff2`);
}

/** Emits the typefaces' files and writes their rules into every page HtmlWebpackPlugin makes. */
export class FontFacesPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FontFacesPlugin', (compilation) => {
      const { css, files } = fontFaces();
      const urls = new Map<string, string>();
      compilation.hooks.processAssets.tap(
        { name: 'FontFacesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, file] of files) {
            const content = fs.readFileSync(file);
            const emitted = `assets/${hashedName(name, content)}`;
            compilation.emitAsset(emitted, new RawSource(content), { immutable: true });
            compilation.fileDependencies.add(file);
            urls.set(name, `/${emitted}`);
          }
        },
      );
      HtmlWebpackPlugin.getCompilationHooks(compilation).beforeEmit.tap('FontFacesPlugin', (data) => {
        const rules = css.replace(FILE_URL, (_match, name: string) => `url(${urls.get(name)})`);
        data.html = data.html.replace('</head>', `<style nonce="__CSP_NONCE__">${rules}</style></head>`);
        return data;
      });
    });
  }
}
