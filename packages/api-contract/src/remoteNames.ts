/**
 * The names of the remotes and the modules each exposes: plain constants, without zod, so the
 * landing path (shell router, landing page) can import them through `@nivesh/api-contract/plain`
 * without loading the schemas. remotes.ts builds its schemas from these.
 */
export const REMOTE_NAMES = ['landing', 'dashboard', 'risk', 'trading', 'ml_ops'] as const;

/** A remote's federation name (remotes.ts parses it as `RemoteName`). */
type Name = (typeof REMOTE_NAMES)[number];

/**
 * The modules each remote exposes, by federation name. A remote's `src/exposes.ts` lists exactly
 * these (`satisfies RemoteExposes<name>`), and the shell's route table names only these, so a
 * misspelt or missing name is a compile error on both sides.
 */
export const REMOTE_EXPOSES = {
  landing: ['LandingPage'],
  dashboard: ['DashboardPage', 'PortfolioPage', 'ResearchPage', 'AllocationPage', 'SettingsPage'],
  risk: ['RiskPage', 'RiskSettings'],
  trading: ['TradeHistoryPage', 'PaperTradingPage', 'PerformancePage', 'BacktestsPage'],
  ml_ops: ['MlIntelligencePage', 'AutoScalingPage', 'ProductionScalingPage', 'TickStreamingPage'],
} as const satisfies Record<Name, readonly string[]>;

/** A module remote `R` exposes (for example `RiskSettings` of `risk`). */
export type ExposeName<R extends Name> = (typeof REMOTE_EXPOSES)[R][number];

/** One exposed module of one remote: a name that belongs to another remote does not compile. */
export type ExposedModule = { [R in Name]: { remote: R; module: ExposeName<R> } }[Name];

/** A remote's Module Federation `exposes` option: `./<name>` -> its source file, for exactly its names. */
export type RemoteExposes<R extends Name> = Record<`./${ExposeName<R>}`, string>;

/**
 * The paths of the remote catalogue (GET /api/remotes) and of the reports the shell sends
 * (remotesRoutes' own paths), and the id of the element in which the server hands the page its
 * catalogue (web/shell.ts): plain strings, for the shell's first page.
 */
export const REMOTE_CATALOGUE_PATHS = {
  list: '/api/remotes',
  reportLoad: '/api/remotes/:name/loads',
  reportFailure: '/api/remotes/:name/failures',
} as const;

/** The `<script type="application/json">` of the page that holds this browser's remote catalogue. */
export const REMOTE_CATALOGUE_ELEMENT_ID = 'remote-catalogue';
