/**
 * The bundle `npm start` runs (scripts/bundle.mjs): what the server loads before it can answer.
 * A dependency only some configurations use is imported where it is first needed, so a server on
 * the embedded defaults (PGlite, no NATS, no Upstox, no news feed read yet, no SMTP) starts
 * without loading it: each one statically imported would add its load time to every start and
 * its memory to every process.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Metafile {
  outputs: Record<
    string,
    { imports: Array<{ path: string; kind: string; external?: boolean }>; inputs: Record<string, unknown> }
  >;
}

/** Loaded only by the configurations that use them. */
const ON_DEMAND = [
  'pg',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
  'nats',
  'protobufjs',
  'rss-parser',
  'nodemailer',
];

describe('the server bundle', () => {
  let scratch: string;
  let main: { static: string[]; dynamic: string[]; inputs: string[] };

  before(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bundle-'));
    const metafile = path.join(scratch, 'meta.json');
    await promisify(execFile)(
      process.execPath,
      [path.join('scripts', 'bundle.mjs'), '--outdir', path.join(scratch, 'dist'), '--metafile', metafile],
      { cwd: serverDir },
    );
    const meta = JSON.parse(fs.readFileSync(metafile, 'utf8')) as Metafile;
    const [, output] = Object.entries(meta.outputs).find(([name]) => name.endsWith('/main.mjs'))!;
    const external = output.imports.filter((i) => i.external);
    main = {
      static: external.filter((i) => i.kind === 'import-statement').map((i) => i.path),
      dynamic: external.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
      inputs: Object.keys(output.inputs),
    };
  });
  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('loads at start what the embedded default runs on: PGlite and its drizzle driver, pino', () => {
    for (const name of ['@electric-sql/pglite', 'drizzle-orm/pglite', 'pino'])
      assert.ok(main.static.includes(name), `${name} is not imported at start`);
  });

  it('holds the plain JavaScript dependencies itself (one file to load, not hundreds)', () => {
    for (const name of [
      'fastify',
      'zod',
      'fastify-type-provider-zod',
      'trading-signals',
      'ml-random-forest',
      'ws',
    ])
      assert.ok(
        !main.static.includes(name) && !main.dynamic.includes(name),
        `${name} is loaded from node_modules, not from the bundle`,
      );
    assert.ok(main.inputs.some((input) => input.includes('/node_modules/fastify/')));
  });

  it('does not load the PostgreSQL driver, NATS, protobufjs, rss-parser or nodemailer at start', () => {
    assert.deepEqual(
      main.static.filter((name) => ON_DEMAND.includes(name)),
      [],
    );
  });

  it('imports the PostgreSQL driver, NATS, rss-parser and nodemailer when a configuration needs them', () => {
    for (const name of ['pg', 'drizzle-orm/node-postgres', 'nats', 'rss-parser', 'nodemailer'])
      assert.ok(main.dynamic.includes(name), `${name} is not imported on demand`);
  });
});
