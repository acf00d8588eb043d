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
      "import { Box } from '@chakra-ui/react';",
      "import { Link } from 'react-router-dom';",
      "import { useNavigate } from 'react-router';",
    ],
    allowed: "import { api, loadRemoteModule } from '@nivesh/api-client';",
  },
  {
    file: 'mfe-risk/src/pages/RiskPage/routerProbe.tsx',
    refused: ["import { Link } from 'react-router-dom';"],
    allowed: "import { Link } from '@nivesh/api-client/router';",
  },
  {
    file: 'mfe-risk/src/pages/RiskPage/routerProbe.test.tsx',
    refused: ["import { App } from '@nivesh/shell';"],
    allowed: "import { MemoryRouter } from 'react-router-dom';",
  },
  {
    file: 'shell/src/layout/zoneProbe.tsx',
    refused: [
      "import { RiskPage } from '../../../mfe-risk/src/pages/RiskPage/RiskPage';",
      "import { createTestApp } from '@nivesh/server/testing';",
      "import { Box } from '@chakra-ui/react';",
      "import { RouterProvider } from 'react-router-dom';",
    ],
    allowed: "import { Panel } from '@nivesh/ui';",
  },
  {
    file: 'shell/src/layout/chakraProbe.tsx',
    refused: ["import { DatePicker } from '@chakra-ui/react';"],
    allowed: "import { Box } from '@nivesh/ui/chakra';",
  },
  {
    file: 'packages/ui/src/zoneProbe.ts',
    refused: [
      "import { Layout } from '../../../shell/src/layout/Layout';",
      "import { x } from '@nivesh/mfe-landing';",
      "import { schema } from '@nivesh/server/db';",
      "import { Box } from '@chakra-ui/react';",
      "import { Link } from 'react-router-dom';",
    ],
    allowed: "import { apiError } from '@nivesh/api-contract';",
  },
  {
    file: 'packages/ui/src/chakra.ts',
    refused: ["import { x } from '@nivesh/mfe-landing';"],
    allowed: "export { Box } from '@chakra-ui/react';",
  },
  {
    file: 'packages/ui/src/chakraCore.ts',
    refused: ["import { x } from '@nivesh/mfe-landing';"],
    allowed: "export { Box } from '@chakra-ui/react';",
  },
  {
    file: 'packages/api-client/src/router.ts',
    refused: ["import { Box } from '@chakra-ui/react';"],
    allowed: "export { Link } from 'react-router-dom';",
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
