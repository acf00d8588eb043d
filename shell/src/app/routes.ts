/**
 * The route table (specification part 2, section 2): every protected page, the remote module that
 * renders it, and its sidebar entry. The sidebar is drawn from this list, in this order.
 */
import type { IconType } from 'react-icons';
import {
  LuBrain,
  LuChartCandlestick,
  LuChartLine,
  LuFlaskConical,
  LuGauge,
  LuHistory,
  LuLayoutDashboard,
  LuPiggyBank,
  LuRadio,
  LuRewind,
  LuServerCog,
  LuSettings,
  LuShieldAlert,
  LuWallet,
} from 'react-icons/lu';
import { PAGE_PATHS, type ExposedModule, type PagePath } from '@nivesh/api-contract/plain';

export interface PageRoute {
  path: PagePath;
  /** Other paths that show the same page. */
  aliases?: string[];
  label: string;
  /** The page's own title, for messages. */
  title: string;
  /** The remote and the module it exposes that render the page (a misspelt name does not compile). */
  renders: ExposedModule;
  icon: IconType;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: PAGE_PATHS.dashboard,
    label: 'Dashboard',
    title: 'Dashboard',
    renders: { remote: 'dashboard', module: 'DashboardPage' },
    icon: LuLayoutDashboard,
  },
  {
    path: PAGE_PATHS.portfolio,
    label: 'Portfolio',
    title: 'Portfolio',
    renders: { remote: 'dashboard', module: 'PortfolioPage' },
    icon: LuWallet,
  },
  {
    path: PAGE_PATHS.research,
    label: 'Research',
    title: 'Research & Analysis',
    renders: { remote: 'dashboard', module: 'ResearchPage' },
    icon: LuFlaskConical,
  },
  {
    path: PAGE_PATHS.performance,
    label: 'Performance',
    title: 'Performance Analytics',
    renders: { remote: 'trading', module: 'PerformancePage' },
    icon: LuChartLine,
  },
  {
    path: PAGE_PATHS.backtests,
    label: 'Backtests',
    title: 'Backtests',
    renders: { remote: 'trading', module: 'BacktestsPage' },
    icon: LuRewind,
  },
  {
    path: PAGE_PATHS.trades,
    label: 'Trades',
    title: 'Trading History',
    renders: { remote: 'trading', module: 'TradeHistoryPage' },
    icon: LuHistory,
  },
  {
    path: PAGE_PATHS.allocation,
    aliases: ['/admin/allocation'],
    label: 'Daily Allocation',
    title: 'Daily Investment Allocation',
    renders: { remote: 'dashboard', module: 'AllocationPage' },
    icon: LuPiggyBank,
  },
  {
    path: PAGE_PATHS.paperTrading,
    label: 'Paper Trading',
    title: 'Paper Trading',
    renders: { remote: 'trading', module: 'PaperTradingPage' },
    icon: LuChartCandlestick,
  },
  {
    path: PAGE_PATHS.risk,
    label: 'Risk Management',
    title: 'Risk Management',
    renders: { remote: 'risk', module: 'RiskPage' },
    icon: LuShieldAlert,
  },
  {
    path: PAGE_PATHS.mlIntelligence,
    label: 'ML Intelligence',
    title: 'ML Intelligence',
    renders: { remote: 'ml_ops', module: 'MlIntelligencePage' },
    icon: LuBrain,
  },
  {
    path: PAGE_PATHS.productionScaling,
    label: 'Production Scaling',
    title: 'Production Scaling',
    renders: { remote: 'ml_ops', module: 'ProductionScalingPage' },
    icon: LuGauge,
  },
  {
    path: PAGE_PATHS.tickStreaming,
    label: 'Tick Streaming',
    title: 'Tick Streaming',
    renders: { remote: 'ml_ops', module: 'TickStreamingPage' },
    icon: LuRadio,
  },
  {
    path: PAGE_PATHS.autoScaling,
    label: 'Auto-Scaling',
    title: 'Auto-Scaling',
    renders: { remote: 'ml_ops', module: 'AutoScalingPage' },
    icon: LuServerCog,
  },
  {
    path: PAGE_PATHS.settings,
    label: 'Settings',
    title: 'Settings',
    renders: { remote: 'dashboard', module: 'SettingsPage' },
    icon: LuSettings,
  },
];

/** Where a signed-in operator lands. */
export const HOME_PATH = PAGE_PATHS.dashboard;
