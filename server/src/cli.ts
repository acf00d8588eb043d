/**
 * Operator commands.
 *
 *   pnpm nivesh set-password      reads the new password from standard input (one line); works on
 *                                 the database directly, so with the embedded database the server
 *                                 must be stopped first (the data folder is locked)
 *   pnpm release <command>        publish and roll out remote releases through the running server
 *                                 (see remotes/releaseCli.ts)
 *   pnpm nivesh help | --help | -h  this usage
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createAuthService } from './auth/service.js';
import { ConfigError, loadConfig, repoRoot } from './config.js';
import { openDatabase } from './db/index.js';
import { DataDirLockedError } from './db/lock.js';
import { systemClock } from './clock.js';
import { HttpError } from './http/errors.js';
import { RELEASE_USAGE, ReleaseCommandError, runReleaseCommand } from './remotes/releaseCli.js';
import { StoreError } from './remotes/store.js';
import { promptHidden } from './terminal.js';

const USAGE =
  'Usage: pnpm nivesh set-password   (the password is read from standard input)\n' +
  '       pnpm release <command>     (pnpm release help lists them)';

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) return promptHidden('New password (at least 12 characters; input is hidden): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

function configuration() {
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return loadConfig(process.env, version);
}

async function setPassword(): Promise<number> {
  const config = configuration();
  const password = await readPassword();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir, templateDir: config.dbTemplateDir },
  );
  try {
    const auth = createAuthService({
      db: database.db,
      clock: systemClock,
      log: pino({ level: 'silent' }),
      operatorEmail: config.operatorEmail,
      operatorName: config.operatorName,
      publicUrl: config.publicUrl,
      mailer: null,
    });
    await auth.ensureOperator();
    await auth.setPasswordDirectly(password);
    process.stdout.write(`Password set for ${config.operatorEmail}. Existing sessions were signed out.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/** `help`, `--help` or `-h`: the usage is what was asked for, so it goes to standard output with success. */
function asksForHelp(args: readonly string[]): boolean {
  return args[0] === 'help' || args.some((arg) => arg === '--help' || arg === '-h');
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'release') {
    if (asksForHelp(rest)) {
      process.stdout.write(`${RELEASE_USAGE}\n`);
      return 0;
    }
    return runReleaseCommand(rest, configuration(), { out: (line) => console.log(line), env: process.env });
  }
  if (asksForHelp(args)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === 'set-password') return setPassword();
  // The error on a line of its own, then the usage.
  process.stderr.write(`${command ? `Unknown command "${command}".\n` : ''}${USAGE}\n`);
  return 2;
}

/** Exits once everything written has reached the pipe (process.exit alone can cut piped output). */
function exit(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

run(process.argv.slice(2)).then(exit, (error: unknown) => {
  const known =
    error instanceof HttpError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof ReleaseCommandError ||
    error instanceof StoreError;
  process.stderr.write(
    known
      ? `${(error as Error).message}\n`
      : `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  exit(1);
});
