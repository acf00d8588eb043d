import { PAGE_PATHS } from './pages';
import { REMOTE_EXPOSES, REMOTE_NAMES, type ExposedModule, type RemoteExposes } from './remoteNames';

describe('page paths', () => {
  it('gives every page its own absolute path', () => {
    const paths = Object.values(PAGE_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[a-z-]*$/);
    expect(PAGE_PATHS.risk).toBe('/risk');
    expect(PAGE_PATHS.paperTrading).toBe('/paper-trading');
  });
});

describe('exposed modules', () => {
  it('names the modules of every remote, each module exposed by one remote only', () => {
    expect(Object.keys(REMOTE_EXPOSES).sort()).toEqual([...REMOTE_NAMES].sort());
    const all = Object.values(REMOTE_EXPOSES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(REMOTE_EXPOSES.risk).toEqual(['RiskPage', 'RiskSettings']);
  });

  it('refuses, at compile time, a misspelt name or one that belongs to another remote', () => {
    const riskSettings: ExposedModule = { remote: 'risk', module: 'RiskSettings' };
    // @ts-expect-error 'RiskSetting' is not a module risk exposes
    const misspelt: ExposedModule = { remote: 'risk', module: 'RiskSetting' };
    // @ts-expect-error SettingsPage is the dashboard's, not risk's
    const otherRemote: ExposedModule = { remote: 'risk', module: 'SettingsPage' };
    expect([riskSettings, misspelt, otherRemote].map((m) => m.module)).toEqual([
      'RiskSettings',
      'RiskSetting',
      'SettingsPage',
    ]);
  });

  it("refuses, at compile time, a remote's exposes list with a misspelt or missing module", () => {
    const exact = {
      './RiskPage': './src/pages/RiskPage/RiskPage.tsx',
      './RiskSettings': './src/pages/RiskSettings/RiskSettings.tsx',
    } satisfies RemoteExposes<'risk'>;
    const misspelt = {
      './RiskPage': './src/pages/RiskPage/RiskPage.tsx',
      // @ts-expect-error './RiskSetting' is not a module risk exposes
      './RiskSetting': './src/pages/RiskSettings/RiskSettings.tsx',
    } satisfies RemoteExposes<'risk'>;
    // @ts-expect-error './RiskSettings' is missing
    const missing = { './RiskPage': './src/pages/RiskPage/RiskPage.tsx' } satisfies RemoteExposes<'risk'>;
    expect([exact, misspelt, missing].map((e) => Object.keys(e).length)).toEqual([2, 2, 1]);
  });
});
