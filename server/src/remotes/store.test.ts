import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { send, signedInApp, testDatabases } from '../testing/index.js';
import { StoreError, readManifest } from './store.js';

/** A release folder holding a manifest that says `name` `version`. */
function writeManifest(dir: string, name: string, version: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { buildInfo: { buildVersion: version }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'RiskPage', path: './RiskPage' }],
    }),
  );
}

describe('readManifest', () => {
  it('refuses a release folder whose manifest names another version, naming both (409)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-store-'));
    try {
      writeManifest(dir, 'risk', '2.0.1');
      assert.throws(
        () => readManifest(dir, { name: 'risk', version: '2.0.0' }),
        (error: unknown) =>
          error instanceof StoreError &&
          error.statusCode === 409 &&
          error.message.startsWith('The release folder of risk 2.0.0 holds version 2.0.1'),
      );
      assert.equal(
        readManifest(dir, { name: 'risk', version: '2.0.1' }).metaData.buildInfo.buildVersion,
        '2.0.1',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const target of await testDatabases()) {
  describe(`publishing from the remote store on ${target.name}`, () => {
    const app = signedInApp(target);

    it('answers 409 with both versions when the folder holds another version, and records nothing', async () => {
      writeManifest(path.join(app.t.config.remotesStore, 'risk', '2.0.0'), 'risk', '2.0.1');
      const res = await send(app.t.app, 'POST', '/api/remotes/risk/releases', {
        token: app.token,
        body: { version: '2.0.0' },
      });
      assert.equal(res.statusCode, 409, res.body);
      const body = res.json<{ success: boolean; message: string; error: string }>();
      assert.equal(body.success, false);
      assert.equal(body.error, body.message);
      assert.match(body.message, /^The release folder of risk 2\.0\.0 holds version 2\.0\.1 \(/);
      const releases = await send(app.t.app, 'GET', '/api/remotes/releases', { token: app.token });
      const risk = releases
        .json<{ data: { remotes: Array<{ name: string; releases: unknown[] }> } }>()
        .data.remotes.find((r) => r.name === 'risk');
      assert.deepEqual(risk?.releases, []);
    });

    it('answers 409 with a sentence when the folder holds no readable manifest', async () => {
      const dir = path.join(app.t.config.remotesStore, 'risk', '3.0.0');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{ not json');
      const res = await send(app.t.app, 'POST', '/api/remotes/risk/releases', {
        token: app.token,
        body: { version: '3.0.0' },
      });
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json<{ message: string }>().message, /^No readable mf-manifest\.json in /);
    });
  });
}
