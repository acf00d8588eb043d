// The lint zones of eslint.config.mjs, each shown failing on a deliberate violation and passing
// on the allowed import next to it. Run by `pnpm lint` (node's test runner).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages eslint reports for `code` placed at `file`. */
async function zoneProblems(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases = [
  {
    file: 'mfe-risk/src/pages/RiskPage/zoneProbe.ts',
    refused: [
      "import { DashboardPage } from '@nivesh/mfe-dashboard';",
      "import { x } from '../../../../mfe-trading/src/exposes';",
      "import { App } from '@nivesh/shell';",
      "import { buildApp } from '@nivesh/server';",
      "import { buildApp } from '../../../../server/src/app';",
      "import { loadRemote } from '@module-federation/enhanced/runtime';",
    ],
    allowed: "import { api, loadRemoteModule } from '@nivesh/api-client';",
  },
  {
    file: 'shell/src/layout/zoneProbe.tsx',
    refused: [
      "import { RiskPage } from '../../../mfe-risk/src/pages/RiskPage/RiskPage';",
      "import { createTestApp } from '@nivesh/server/testing';",
    ],
    allowed: "import { Panel } from '@nivesh/ui';",
  },
  {
    file: 'packages/ui/src/zoneProbe.ts',
    refused: [
      "import { Layout } from '../../../shell/src/layout/Layout';",
      "import { x } from '@nivesh/mfe-landing';",
      "import { schema } from '@nivesh/server/db';",
    ],
    allowed: "import { apiError } from '@nivesh/api-contract';",
  },
];

describe('lint zones', () => {
  for (const { file, refused, allowed } of cases) {
    for (const line of refused) {
      it(`refuses in ${file}: ${line}`, async () => {
        const problems = await zoneProblems(file, `${line}\nexport const probe = 1;\n`);
        assert.equal(problems.length, 1, `expected one zone error, got ${JSON.stringify(problems)}`);
        assert.match(problems[0], /may not import/);
      });
    }
    it(`allows in ${file}: ${allowed}`, async () => {
      assert.deepEqual(await zoneProblems(file, `${allowed}\nexport const probe = 1;\n`), []);
    });
  }
});
