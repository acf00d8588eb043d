import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { openDatabase } from './db/index.js';
import { createTestApp, OPERATOR_EMAIL, send } from './testing/index.js';

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

  it('explains its usage for an unknown command', async () => {
    const result = await runCli(['nonsense'], '', {});
    assert.equal(result.code, 2);
    assert.match(result.stderr, /Unknown command "nonsense"\. Usage: pnpm nivesh set-password/);
  });
});
