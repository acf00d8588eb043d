/**
 * The address of every page. The shell's router mounts the pages at these paths, and every link
 * from one page group to another (a remote linking to a page of another remote, the shell's
 * menus) takes its path from here, so a page moves in one place.
 */
export const PAGE_PATHS = {
  landing: '/',
  login: '/login',
  dashboard: '/dashboard',
  portfolio: '/portfolio',
  research: '/research',
  performance: '/performance',
  backtests: '/backtests',
  trades: '/trades',
  allocation: '/allocation',
  paperTrading: '/paper-trading',
  risk: '/risk',
  mlIntelligence: '/ml-intelligence',
  productionScaling: '/production-scaling',
  tickStreaming: '/tick-streaming',
  autoScaling: '/auto-scaling',
  settings: '/settings',
} as const;

/**
 * Settings tabs other pages link to (the Settings page opens the tab its `?tab=` names): Data
 * Sources holds the Upstox connection and access token.
 */
export const SETTINGS_TAB_PATHS = {
  dataSources: `${PAGE_PATHS.settings}?tab=data-sources`,
} as const;

/** A page's path (for example `/risk`). */
export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

/**
 * Where the operator keeps the Upstox credentials and token and the data sources, as a sentence
 * names it ("Add one in Settings › Data Sources"). The server's sentences use it; that tab itself
 * shows them with the place as "here".
 */
export const DATA_SOURCES_PLACE = 'Settings › Data Sources';

/**
 * The Risk Management page's tabs, the first the default. The open one is kept in the page's
 * address (`/risk?tab=alerts`), so another page links straight to one.
 */
export const RISK_TABS = ['overview', 'positions', 'limits', 'alerts'] as const;
export type RiskTab = (typeof RISK_TABS)[number];
