/**
 * `pnpm release <command>`: publish a remote's build and steer its rollout, against the running
 * server's API (the server owns the database; this command only copies files into the store).
 *
 *   pnpm release list
 *   pnpm release publish <remote> [--dir <build folder>]
 *   pnpm release canary <remote> <version> <percent>
 *   pnpm release percent <remote> <percent>
 *   pnpm release promote <remote> [version]   (a version: make it stable directly, without a canary)
 *   pnpm release rollback <remote> [version]
 *   pnpm release help | --help | -h            (this usage; cli.ts prints it, exit code 0)
 *
 * The server is NIVESH_URL (default this configuration's public URL). Sign-in: NIVESH_SESSION_TOKEN,
 * or the operator password from NIVESH_PASSWORD, or typed at the prompt.
 */
import path from 'node:path';
import type { z } from 'zod';
import {
  contract,
  fillPath,
  RemoteName,
  type RemoteReleases,
  type RouteDefinition,
} from '@nivesh/api-contract';
import type { Config } from '../config.js';
import { promptHidden } from '../terminal.js';
import { localBuilds } from './localBuilds.js';
import { createRemoteStore, readManifest } from './store.js';

export const RELEASE_USAGE = `Usage:
  pnpm release list
  pnpm release publish <remote> [--dir <build folder>]
  pnpm release canary <remote> <version> <percent>
  pnpm release percent <remote> <percent>
  pnpm release promote <remote> [version]
  pnpm release rollback <remote> [version]
Remotes: ${RemoteName.options.join(', ')}`;

export class ReleaseCommandError extends Error {
  override name = 'ReleaseCommandError';
}

interface Io {
  out(line: string): void;
  env: NodeJS.ProcessEnv;
}

function parseRemote(value: string | undefined): z.infer<typeof RemoteName> {
  const parsed = RemoteName.safeParse(value);
  if (!parsed.success) throw new ReleaseCommandError(`"${value ?? ''}" is not a remote.\n${RELEASE_USAGE}`);
  return parsed.data;
}

function parsePercent(value: string | undefined): number {
  const percent = Number(value);
  if (!value || !Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new ReleaseCommandError(
      `The percentage must be a whole number from 0 to 100, not "${value ?? ''}".`,
    );
  }
  return percent;
}

function describe(remote: RemoteReleases): string {
  const stable = remote.stable ? remote.stable.version : 'none';
  const canary = remote.canary
    ? `${remote.canary.version} at ${remote.canary.percent}% (${remote.canary.stats.failures} of ${remote.canary.stats.loads} browsers failed)`
    : 'none';
  return `${remote.name.padEnd(10)} stable ${stable}   canary ${canary}`;
}

export async function runReleaseCommand(args: string[], config: Config, io: Io): Promise<number> {
  const [command, ...rest] = args;
  const baseUrl = (io.env['NIVESH_URL'] ?? config.publicUrl).replace(/\/+$/, '');
  let token = io.env['NIVESH_SESSION_TOKEN'] ?? null;

  async function signIn(): Promise<string> {
    if (token) return token;
    const password =
      io.env['NIVESH_PASSWORD'] ?? (process.stdin.isTTY ? await promptHidden('Operator password: ') : '');
    if (!password) {
      throw new ReleaseCommandError(
        'Sign-in needed: set NIVESH_SESSION_TOKEN or NIVESH_PASSWORD, or run in a terminal.',
      );
    }
    const answer = await call(
      contract.auth.login,
      { body: { email: config.operatorEmail, password } },
      false,
    );
    token = (answer as { session_token: string }).session_token;
    return token;
  }

  async function call<R extends RouteDefinition>(
    route: R,
    request: { params?: Record<string, string>; body?: unknown },
    authenticated = true,
  ): Promise<z.output<R['responses'][200]>> {
    const url = `${baseUrl}${fillPath(route.path, request.params)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: route.method,
        headers: {
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(authenticated ? { authorization: `Bearer ${await signIn()}` } : {}),
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
    } catch (error) {
      throw new ReleaseCommandError(
        `The server at ${baseUrl} is not reachable (${(error as Error).message}). Is it running?`,
        {
          cause: error,
        },
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message =
        (body as { message?: string } | null)?.message ?? `${response.status} ${response.statusText}`;
      throw new ReleaseCommandError(message);
    }
    return route.responses[200].parse(body) as z.output<R['responses'][200]>;
  }

  switch (command) {
    case 'list': {
      const answer = await call(contract.remotes.releases, {});
      for (const remote of answer.data.remotes) io.out(describe(remote));
      return 0;
    }
    case 'publish': {
      const name = parseRemote(rest[0]);
      const dirFlag = rest.indexOf('--dir');
      // A relative --dir means relative to where the command was typed (pnpm runs it in server/).
      const given = dirFlag >= 0 ? rest[dirFlag + 1] : undefined;
      const dir = given
        ? path.resolve(io.env['INIT_CWD'] ?? process.cwd(), given)
        : localBuilds(config.appsDir, name)[0]?.dir;
      if (!dir) {
        throw new ReleaseCommandError(
          `No build of ${name} found: run pnpm --filter @nivesh/mfe-${name.replace('_', '-')} build, or pass --dir.`,
        );
      }
      const version = readManifest(dir, { name }).metaData.buildInfo.buildVersion;
      const known = await call(contract.remotes.releases, {});
      if (known.data.remotes.find((r) => r.name === name)?.releases.some((r) => r.version === version)) {
        throw new ReleaseCommandError(
          `${name} ${version} is already published; a published version never changes.`,
        );
      }
      const store = createRemoteStore({ dir: config.remotesStore, baseUrl: config.remotesBaseUrl });
      // Files copied by an earlier attempt that could not be recorded are reused, not copied again.
      if (!store.has(name, version)) store.copyIn(name, dir);
      const answer = await call(contract.remotes.publish, { params: { name }, body: { version } });
      io.out(answer.message);
      return 0;
    }
    case 'canary': {
      const name = parseRemote(rest[0]);
      const version = rest[1];
      if (!version) throw new ReleaseCommandError(`Which version? ${RELEASE_USAGE}`);
      const answer = await call(contract.remotes.startCanary, {
        params: { name },
        body: { version, percent: parsePercent(rest[2]) },
      });
      io.out(answer.message);
      return 0;
    }
    case 'percent': {
      const name = parseRemote(rest[0]);
      const answer = await call(contract.remotes.setCanaryPercent, {
        params: { name },
        body: { percent: parsePercent(rest[1]) },
      });
      io.out(answer.message);
      return 0;
    }
    case 'promote': {
      const answer = await call(contract.remotes.promote, {
        params: { name: parseRemote(rest[0]) },
        body: rest[1] ? { version: rest[1] } : {},
      });
      io.out(answer.message);
      return 0;
    }
    case 'rollback': {
      const name = parseRemote(rest[0]);
      const answer = await call(contract.remotes.rollback, {
        params: { name },
        body: rest[1] ? { version: rest[1] } : {},
      });
      io.out(answer.message);
      return 0;
    }
    default:
      // The error on a line of its own, then the usage.
      throw new ReleaseCommandError(
        `${command ? `Unknown release command "${command}".` : 'Which release command?'}\n${RELEASE_USAGE}`,
      );
  }
}
