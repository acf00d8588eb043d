import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { openDatabase } from './db/index.js';
import { createTestApp, OPERATOR_EMAIL, send, setUpOperator, STRONG_PASSWORD } from './testing/index.js';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');

function runCli(args: string[], input: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('pnpm nivesh set-password', () => {
  it('sets the password from standard input, and the operator can sign in with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-cli-'));
    try {
      const result = await runCli(['set-password'], 'Typed-From-Stdin-77\n', { NIVESH_DATA_DIR: dataDir });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /Password set for operator@nivesh\.local/);

      const database = await openDatabase({ kind: 'pglite', dataDir });
      const t = await createTestApp(database);
      try {
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: 'Typed-From-Stdin-77' },
        });
        assert.equal(login.statusCode, 200);
      } finally {
        await t.close();
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a weak password with the rule it breaks, and changes nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-cli-'));
    try {
      const result = await runCli(['set-password'], 'short\n', { NIVESH_DATA_DIR: dataDir });
      assert.equal(result.code, 1);
      assert.match(result.stderr, /Password must be at least 12 characters long/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('explains its usage for an unknown command, the error on a line of its own', async () => {
    const result = await runCli(['nonsense'], '', {});
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^Unknown command "nonsense"\.\nUsage: pnpm nivesh set-password/);
  });

  for (const flag of ['--help', '-h', 'help']) {
    it(`prints its usage with success for ${flag}`, async () => {
      const result = await runCli([flag], '', {});
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^Usage: pnpm nivesh set-password/);
      assert.equal(result.stderr, '');
    });
  }
});

describe('pnpm release', () => {
  it('publishes a build and steers its rollout through the running server', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const t = await createTestApp(database);
    try {
      await setUpOperator(t.app, STRONG_PASSWORD);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const build = (version: string) => {
        const dir = path.join(t.config.dataDir, 'builds', version);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(
          path.join(dir, 'mf-manifest.json'),
          JSON.stringify({
            name: 'risk',
            metaData: {
              buildInfo: { buildVersion: version },
              remoteEntry: { name: 'remoteEntry.js', path: '' },
            },
            exposes: [{ name: 'RiskPage', path: './RiskPage' }],
          }),
        );
        fs.writeFileSync(path.join(dir, 'remoteEntry.js'), '/* risk */');
        return dir;
      };
      const env = {
        NIVESH_URL: address,
        NIVESH_PASSWORD: STRONG_PASSWORD,
        NIVESH_DATA_DIR: t.config.dataDir,
      };
      const release = (...args: string[]) => runCli(['release', ...args], '', env);

      const first = await release('publish', 'risk', '--dir', build('1.0.0+a'));
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /risk 1\.0\.0\+a is published\. Browsers load it once a rollout says so\./);
      assert.ok(fs.existsSync(path.join(t.config.dataDir, 'remotes', 'risk', '1.0.0+a', 'remoteEntry.js')));

      const again = await release('publish', 'risk', '--dir', build('1.0.0+a'));
      assert.equal(again.code, 1);
      assert.match(again.stderr, /already published; a published version never changes/);

      const untouched = await send(t.app, 'GET', '/api/remotes');
      assert.equal(untouched.json().missing.includes('risk'), true, 'publishing alone changes nothing');

      const canaryWithoutStable = await release('canary', 'risk', '1.0.0+a', '10');
      assert.equal(canaryWithoutStable.code, 1);
      assert.match(canaryWithoutStable.stderr, /risk has no stable release yet/);

      const direct = await release('promote', 'risk', '1.0.0+a');
      assert.equal(direct.code, 0, direct.stderr);
      assert.match(direct.stdout, /risk 1\.0\.0\+a is now stable for every browser\./);

      assert.equal((await release('publish', 'risk', '--dir', build('1.0.0+b'))).code, 0);
      const canary = await release('canary', 'risk', '1.0.0+b', '10');
      assert.equal(canary.code, 0, canary.stderr);
      assert.match(canary.stdout, /risk 1\.0\.0\+b is now the canary for 10% of browsers\./);

      const badPercent = await release('percent', 'risk', '150');
      assert.equal(badPercent.code, 1);
      assert.match(badPercent.stderr, /The percentage must be a whole number from 0 to 100, not "150"\./);
      assert.equal((await release('percent', 'risk', '50')).code, 0);

      const list = await release('list');
      assert.equal(list.code, 0, list.stderr);
      assert.match(
        list.stdout,
        /risk\s+stable 1\.0\.0\+a\s+canary 1\.0\.0\+b at 50% \(0 of 0 browsers failed\)/,
      );

      assert.equal((await release('promote', 'risk')).code, 0);
      const rolledBack = await release('rollback', 'risk');
      assert.equal(rolledBack.code, 0, rolledBack.stderr);
      assert.match(rolledBack.stdout, /risk is rolled back: every browser loads 1\.0\.0\+a\./);
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('says so when the server is not reachable', async () => {
    const result = await runCli(['release', 'list'], '', {
      NIVESH_URL: 'http://127.0.0.1:9',
      NIVESH_SESSION_TOKEN: 'whatever',
    });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /The server at http:\/\/127\.0\.0\.1:9 is not reachable/);
  });

  it('explains its usage for an unknown command, the error on a line of its own', async () => {
    const result = await runCli(['release', 'deploy'], '', { NIVESH_SESSION_TOKEN: 'whatever' });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^Unknown release command "deploy"\.\nUsage:\n {2}pnpm release list/);
    assert.equal(result.stdout, '');
  });

  for (const args of [['--help'], ['-h'], ['help'], ['publish', '--help']]) {
    it(`prints its usage with success for ${args.join(' ')}`, async () => {
      const result = await runCli(['release', ...args], '', {});
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^Usage:\n {2}pnpm release list\n/);
      assert.match(result.stdout, /Remotes: landing, dashboard, risk, trading, ml_ops\n$/);
      assert.equal(result.stderr, '');
    });
  }
});
