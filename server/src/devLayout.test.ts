import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { devLayout } from '@nivesh/build/remotes';
import { ConfigError, loadConfig } from './config.js';
import { streamOrigins } from './stream/service.js';

describe('the `pnpm dev` layout (packages/build/src/remotes.ts)', () => {
  it('puts the shell on :3000, the remotes on :3001-3005 and the API on :4000 by default', () => {
    assert.deepEqual(devLayout({}), {
      shellPort: 3000,
      remotePorts: { landing: 3001, dashboard: 3002, risk: 3003, trading: 3004, ml_ops: 3005 },
      apiUrl: 'http://localhost:4000',
    });
  });

  it('moves every dev port with NIVESH_DEV_PORT_BASE and the proxy target with NIVESH_DEV_API_URL', () => {
    const layout = devLayout({ NIVESH_DEV_PORT_BASE: '5100', NIVESH_DEV_API_URL: 'http://127.0.0.1:4100/' });
    assert.equal(layout.shellPort, 5100);
    assert.equal(layout.remotePorts.ml_ops, 5105);
    assert.equal(layout.apiUrl, 'http://127.0.0.1:4100');
    assert.throws(() => devLayout({ NIVESH_DEV_PORT_BASE: 'abc' }), /NIVESH_DEV_PORT_BASE/);
    assert.throws(() => devLayout({ NIVESH_DEV_API_URL: 'localhost:4000' }), /NIVESH_DEV_API_URL/);
  });

  it('is what the server allows and links to under NIVESH_DEV_REMOTES', () => {
    const config = loadConfig({ NIVESH_DEV_REMOTES: '1', NIVESH_DEV_PORT_BASE: '5100' });
    assert.equal(config.publicUrl, 'http://localhost:5100');
    const origins = streamOrigins(config);
    for (let port = 5100; port <= 5105; port += 1) assert.ok(origins.includes(`http://localhost:${port}`));
    assert.ok(!origins.includes('http://localhost:3000'));

    assert.equal(loadConfig({}).devRemotes, null);
    assert.equal(loadConfig({}).publicUrl, 'http://localhost:4000');
    assert.equal(
      loadConfig({ NIVESH_DEV_REMOTES: '1', NIVESH_PUBLIC_URL: 'http://dev.test:8080' }).publicUrl,
      'http://dev.test:8080',
    );
    assert.throws(() => loadConfig({ NIVESH_DEV_REMOTES: '1', NIVESH_DEV_PORT_BASE: '70000' }), ConfigError);
  });
});
