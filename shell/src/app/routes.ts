/**
 * The route table (specification part 2, section 2): every protected page, the remote module that
 * renders it, and its sidebar entry. The sidebar is drawn from this list, in this order.
 */
import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuBrain,
  LuChartCandlestick,
  LuChartLine,
  LuFlaskConical,
  LuGauge,
  LuHistory,
  LuLayoutDashboard,
  LuPiggyBank,
  LuRadio,
  LuServerCog,
  LuSettings,
  LuShieldAlert,
  LuWallet,
} from 'react-icons/lu';
import type { RemoteName } from '@nivesh/api-contract';

export interface PageRoute {
  path: string;
  /** Other paths that show the same page. */
  aliases?: string[];
  label: string;
  /** The page's own title, for messages. */
  title: string;
  remote: RemoteName;
  module: string;
  icon: IconType;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/dashboard',
    label: 'Dashboard',
    title: 'Dashboard',
    remote: 'dashboard',
    module: 'DashboardPage',
    icon: LuLayoutDashboard,
  },
  {
    path: '/portfolio',
    label: 'Portfolio',
    title: 'Portfolio',
    remote: 'dashboard',
    module: 'PortfolioPage',
    icon: LuWallet,
  },
  {
    path: '/research',
    label: 'Research',
    title: 'Research & Analysis',
    remote: 'dashboard',
    module: 'ResearchPage',
    icon: LuFlaskConical,
  },
  {
    path: '/performance',
    label: 'Performance',
    title: 'Performance Analytics',
    remote: 'trading',
    module: 'PerformancePage',
    icon: LuChartLine,
  },
  {
    path: '/trades',
    label: 'Trades',
    title: 'Trading History',
    remote: 'trading',
    module: 'TradeHistoryPage',
    icon: LuHistory,
  },
  {
    path: '/allocation',
    aliases: ['/admin/allocation'],
    label: 'Daily Allocation',
    title: 'Daily Investment Allocation',
    remote: 'dashboard',
    module: 'AllocationPage',
    icon: LuPiggyBank,
  },
  {
    path: '/paper-trading',
    label: 'Paper Trading',
    title: 'Paper Trading',
    remote: 'trading',
    module: 'PaperTradingPage',
    icon: LuChartCandlestick,
  },
  {
    path: '/risk',
    label: 'Risk Management',
    title: 'Risk Management',
    remote: 'risk',
    module: 'RiskPage',
    icon: LuShieldAlert,
  },
  {
    path: '/ml-intelligence',
    label: 'ML Intelligence',
    title: 'ML Intelligence',
    remote: 'ml_ops',
    module: 'MlIntelligencePage',
    icon: LuBrain,
  },
  {
    path: '/production-scaling',
    label: 'Production Scaling',
    title: 'Production Scaling',
    remote: 'ml_ops',
    module: 'ProductionScalingPage',
    icon: LuGauge,
  },
  {
    path: '/tick-streaming',
    label: 'Tick Streaming',
    title: 'Tick Streaming',
    remote: 'ml_ops',
    module: 'TickStreamingPage',
    icon: LuRadio,
  },
  {
    path: '/auto-scaling',
    label: 'Auto-Scaling',
    title: 'Auto-Scaling',
    remote: 'ml_ops',
    module: 'AutoScalingPage',
    icon: LuServerCog,
  },
  {
    path: '/settings',
    label: 'Settings',
    title: 'Settings',
    remote: 'dashboard',
    module: 'SettingsPage',
    icon: LuSettings,
  },
];

/** Where a signed-in operator lands. */
export const HOME_PATH = '/dashboard';

export const ACTIVITY_ICON = LuActivity;
