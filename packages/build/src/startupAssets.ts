/**
 * Writes `startup-assets.json` next to the shell's index.html: the JavaScript the shell loads before
 * it shows a page, and the files of each shared singleton it provides. The per-route budget
 * (budget.ts) reads it; webpack's chunk graph is the only place that knows either.
 *
 * Before a page shows, the browser runs the entry (index.html's scripts), which crosses the async
 * boundary (`import('./bootstrap')`); bootstrap's chunks then wait for every shared module they
 * consume, which the shell serves from its own copies. Other dynamic imports load later, on demand.
 */
import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from 'webpack';

export const STARTUP_ASSETS_FILE = 'startup-assets.json';

export interface StartupAssets {
  /** The entry's files, then every chunk it waits for before the first render (JavaScript only). */
  startup: string[];
  /** Share key -> the JavaScript files of the shell's own copy. */
  shared: Record<string, string[]>;
}

const CONSUME_SHARED = 'consume-shared-module';
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

  const startup = new Set<string>();
  const visited = new Set<ChunkGroup>();
  const visit = (group: ChunkGroup) => {
    if (visited.has(group)) return;
    visited.add(group);
    for (const file of jsFiles(group)) startup.add(file);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        // The entry's dynamic import is the async boundary; past it, only shared-module fallbacks.
        if (group !== entry && module.type !== CONSUME_SHARED) continue;
        for (const block of module.blocks) {
          const next = chunkGraph.getBlockChunkGroup(block);
          if (next) visit(next);
        }
      }
    }
  };
  visit(entry);
  return { startup: [...startup], shared };
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
