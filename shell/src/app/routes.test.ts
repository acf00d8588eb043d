import { LuShieldAlert } from 'react-icons/lu';
import { PAGE_PATHS, REMOTE_EXPOSES } from '@nivesh/api-contract';
import { PAGE_ROUTES, type PageRoute } from './routes';

describe('the route table', () => {
  it('mounts every page of PAGE_PATHS behind login once, except the landing page and login', () => {
    const routed = PAGE_ROUTES.map((page) => page.path);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(
      Object.values(PAGE_PATHS)
        .filter((path) => path !== PAGE_PATHS.landing && path !== PAGE_PATHS.login)
        .sort(),
    );
  });

  it('renders each page with a module its remote exposes, each module on one page', () => {
    for (const { renders } of PAGE_ROUTES) {
      expect(REMOTE_EXPOSES[renders.remote] as readonly string[]).toContain(renders.module);
    }
    const modules = PAGE_ROUTES.map((page) => `${page.renders.remote}/${page.renders.module}`);
    expect(new Set(modules).size).toBe(modules.length);
    expect(PAGE_ROUTES.find((page) => page.path === '/risk')?.renders).toEqual({
      remote: 'risk',
      module: 'RiskPage',
    });
  });

  it('does not compile a route to a misspelt module, or to another remote', () => {
    const page = { path: PAGE_PATHS.risk, label: 'Risk', title: 'Risk Management', icon: LuShieldAlert };
    const routes: PageRoute[] = [
      { ...page, renders: { remote: 'risk', module: 'RiskPage' } },
      // @ts-expect-error 'RiskPages' is not a module risk exposes
      { ...page, renders: { remote: 'risk', module: 'RiskPages' } },
      // @ts-expect-error RiskPage is exposed by risk, not trading
      { ...page, renders: { remote: 'trading', module: 'RiskPage' } },
    ];
    expect(routes).toHaveLength(3);
  });
});
