/**
 * Writes `startup-assets.json` next to the shell's index.html: the JavaScript the shell loads before
 * it shows the public landing page, the JavaScript of each of its named parts that other pages
 * load first (SHELL_PARTS: the routed app, the signed-in parts), and the files of each shared
 * singleton it provides. The per-route budget (budget.ts) reads it; webpack's chunk graph is the
 * only place that knows these.
 *
 * Before a page shows, the browser runs the entry (index.html's scripts), which crosses the async
 * boundary (`import('./bootstrap')`); bootstrap's chunks then wait for every shared module they
 * consume, which the shell serves from its own copies. A part is the same from its dynamic import
 * (named with webpackChunkName): its chunks and the shared modules they consume. The entry's
 * providers of shared modules are only offers (a provider loads when something consumes it), and
 * other dynamic imports load later, on demand.
 */
import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from 'webpack';

export const STARTUP_ASSETS_FILE = 'startup-assets.json';

/** The shell's parts loaded before the signed-in pages show, by their webpackChunkName. */
export const SHELL_PARTS = ['routed-app', 'signed-in'] as const;
export type ShellPart = (typeof SHELL_PARTS)[number];

export interface StartupAssets {
  /** The entry's files, then every chunk it waits for before the first render (JavaScript only). */
  startup: string[];
  /** Each part's files and the files of the shared modules it consumes, less those of `startup`. */
  parts: Record<ShellPart, string[]>;
  /** Share key -> the JavaScript files of the shell's own copy. */
  shared: Record<string, string[]>;
}

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';
const ENTRY = 'main';

function jsFiles(group: ChunkGroup): string[] {
  return group.chunks.flatMap((chunk: Chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

function shareKey(module: Module): string | null {
  const options = (module as Module & { options?: { shareKey?: unknown } }).options;
  return typeof options?.shareKey === 'string' ? options.shareKey : null;
}

function collectStartupAssets(compilation: Compilation): StartupAssets {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(ENTRY);
  if (!entry) throw new Error(`StartupAssetsPlugin: the build has no "${ENTRY}" entry`);

  const shared: Record<string, string[]> = {};
  for (const module of compilation.modules) {
    const key = module.type === CONSUME_SHARED ? shareKey(module) : null;
    if (!key) continue;
    for (const block of module.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) shared[key] = [...new Set([...(shared[key] ?? []), ...jsFiles(group)])].sort();
    }
  }

  /** The files a chunk group loads before its code runs: its own and its consumed shared modules'. */
  const filesOf = (start: ChunkGroup, crossing: ChunkGroup | null): Set<string> => {
    const files = new Set<string>();
    const visited = new Set<ChunkGroup>();
    const visit = (group: ChunkGroup) => {
      if (visited.has(group)) return;
      visited.add(group);
      for (const file of jsFiles(group)) files.add(file);
      for (const chunk of group.chunks) {
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          if (module.type === PROVIDE_SHARED) continue;
          // The entry's dynamic import is the async boundary; past it, only shared-module fallbacks.
          if (group !== crossing && module.type !== CONSUME_SHARED) continue;
          for (const block of module.blocks) {
            const next = chunkGraph.getBlockChunkGroup(block);
            if (next) visit(next);
          }
        }
      }
    };
    visit(start);
    return files;
  };

  const startup = filesOf(entry, entry);
  const parts = {} as Record<ShellPart, string[]>;
  for (const name of SHELL_PARTS) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`StartupAssetsPlugin: the shell has no chunk named "${name}"`);
    parts[name] = [...filesOf(group, null)].filter((file) => !startup.has(file));
  }
  return { startup: [...startup], parts, shared };
}

export class StartupAssetsPlugin {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StartupAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes are final.
        { name: 'StartupAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const json = JSON.stringify(collectStartupAssets(compilation), null, 2);
          compilation.emitAsset(STARTUP_ASSETS_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}
