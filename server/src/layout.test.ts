/**
 * The server's folders follow the contract's domains (docs/ARCHITECTURE.md, "Inside the server"):
 * a folder that answers HTTP is named after a contract domain and holds `routes.ts` (HTTP only)
 * beside `service.ts` (the logic); a routes.ts never reaches the database itself; and app.ts is
 * the one place that registers a domain's routes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contract } from '@nivesh/api-contract';

/** A source file: its path under server/src ('/'-separated) and its text. */
interface SourceFile {
  path: string;
  text: string;
}

/** Modules that are the database: its drivers, the query builder, and server/src/db. */
const DATABASE_PACKAGES = ['drizzle-orm', 'pg', '@electric-sql/pglite', '@nivesh/server/db'];

/** Module specifiers a file imports or re-exports (static, side-effect, dynamic, require). */
function importsOf(text: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

/** What a specifier names: a path under src for a relative one ('db/index.js'), else the package. */
function target(from: string, specifier: string): string {
  return specifier.startsWith('.') ? path.posix.join(path.posix.dirname(from), specifier) : specifier;
}

function isDatabase(module: string): boolean {
  return (
    module === 'db' ||
    module.startsWith('db/') ||
    DATABASE_PACKAGES.some((name) => module === name || module.startsWith(`${name}/`))
  );
}

/** Every breach of the layout rules in these files, as a sentence naming the file. */
function layoutViolations(files: readonly SourceFile[], domains: readonly string[]): string[] {
  const problems: string[] = [];
  const paths = new Set(files.map((file) => file.path));
  const app = files.find((file) => file.path === 'app.ts');
  const registered = new Set(app ? importsOf(app.text).map((s) => target('app.ts', s)) : []);

  for (const file of files) {
    const imported = importsOf(file.text).map((specifier) => target(file.path, specifier));
    if (file.path !== 'app.ts') {
      for (const module of imported.filter((m) => m.endsWith('/routes.js'))) {
        problems.push(
          `${file.path} imports ${module.replace(/\.js$/, '.ts')}: only app.ts registers routes; share what both need through a service or http/.`,
        );
      }
    }
    if (path.posix.basename(file.path) !== 'routes.ts') continue;

    const folder = path.posix.dirname(file.path);
    if (folder.includes('/') || folder === '.') {
      problems.push(
        `${file.path}: routes.ts belongs directly in a domain folder, server/src/<domain>/routes.ts.`,
      );
      continue;
    }
    if (!domains.includes(folder)) {
      problems.push(
        `${file.path}: ${folder}/ is not a contract domain (${domains.join(', ')}); name the folder after the domain whose routes it answers.`,
      );
    }
    if (!paths.has(`${folder}/service.ts`)) {
      problems.push(`${file.path} has no ${folder}/service.ts beside it: the domain's logic goes there.`);
    }
    for (const module of imported.filter(isDatabase)) {
      problems.push(
        `${file.path} imports ${module}: a routes.ts reaches the database only through ${folder}/service.ts.`,
      );
    }
    if (!registered.has(`${folder}/routes.js`)) {
      problems.push(`${file.path} is not registered: app.ts registers every domain's routes.`);
    }
  }
  return problems;
}

/** The server's TypeScript sources (tests included: a test is code that could break the rules too). */
function serverSources(): SourceFile[] {
  const root = path.dirname(fileURLToPath(import.meta.url));
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({
      path: name.split(path.sep).join('/'),
      text: fs.readFileSync(path.join(root, name), 'utf8'),
    }));
}

const DOMAINS = Object.keys(contract);

/** app.ts registering the given domains' routes, as the real one does. */
function appRegistering(...domains: string[]): SourceFile {
  return {
    path: 'app.ts',
    text: domains.map((d) => `import { ${d}Handlers } from './${d}/routes.js';`).join('\n'),
  };
}

const HTTP_ONLY = `import type { DomainHandlers } from '../http/contract.js';\nimport type { OrdersService } from './service.js';\n`;

describe('the server layout', () => {
  it('holds in server/src: every routes.ts is a contract domain beside its service.ts, registered in app.ts, and reaches no database', () => {
    const files = serverSources();
    assert.ok(files.some((file) => file.path === 'market/routes.ts'));
    assert.deepEqual(layoutViolations(files, DOMAINS), []);
  });

  it('reports a domain folder whose routes.ts has no service.ts', () => {
    const files = [
      appRegistering('orders', 'risk'),
      { path: 'orders/routes.ts', text: HTTP_ONLY },
      { path: 'orders/service.ts', text: '' },
      { path: 'risk/routes.ts', text: HTTP_ONLY },
      { path: 'risk/limits.ts', text: '' },
    ];
    assert.deepEqual(layoutViolations(files, DOMAINS), [
      "risk/routes.ts has no risk/service.ts beside it: the domain's logic goes there.",
    ]);
  });

  it('reports a routes.ts that imports the database, however it is written, and lets its service.ts do so', () => {
    const files = [
      appRegistering('orders'),
      {
        path: 'orders/routes.ts',
        text: [
          `import { eq } from 'drizzle-orm';`,
          `import {\n  schema,\n  type Db,\n} from '../db/index.js';`,
          `export { orders } from "../db/schema.js";`,
          `const pg = await import('@electric-sql/pglite');`,
          `// A comment that mentions from '../db/index.js' mid-line is not an import.`,
          HTTP_ONLY,
        ].join('\n'),
      },
      { path: 'orders/service.ts', text: `import { schema, type Db } from '../db/index.js';` },
    ];
    assert.deepEqual(layoutViolations(files, DOMAINS), [
      'orders/routes.ts imports drizzle-orm: a routes.ts reaches the database only through orders/service.ts.',
      'orders/routes.ts imports db/index.js: a routes.ts reaches the database only through orders/service.ts.',
      'orders/routes.ts imports db/schema.js: a routes.ts reaches the database only through orders/service.ts.',
      'orders/routes.ts imports @electric-sql/pglite: a routes.ts reaches the database only through orders/service.ts.',
    ]);
  });

  it('reports routes outside a contract domain folder, routes app.ts does not register, and routes imported elsewhere', () => {
    const files = [
      appRegistering('orders', 'billing'),
      { path: 'orders/routes.ts', text: HTTP_ONLY },
      { path: 'orders/service.ts', text: '' },
      { path: 'billing/routes.ts', text: HTTP_ONLY },
      { path: 'billing/service.ts', text: '' },
      { path: 'broker/upstox/routes.ts', text: HTTP_ONLY },
      { path: 'risk/routes.ts', text: HTTP_ONLY },
      { path: 'risk/service.ts', text: '' },
      { path: 'web/shell.ts', text: `import { IMMUTABLE } from '../orders/routes.js';` },
    ];
    assert.deepEqual(layoutViolations(files, DOMAINS), [
      `billing/routes.ts: billing/ is not a contract domain (${DOMAINS.join(', ')}); name the folder after the domain whose routes it answers.`,
      'broker/upstox/routes.ts: routes.ts belongs directly in a domain folder, server/src/<domain>/routes.ts.',
      "risk/routes.ts is not registered: app.ts registers every domain's routes.",
      'web/shell.ts imports orders/routes.ts: only app.ts registers routes; share what both need through a service or http/.',
    ]);
  });
});
