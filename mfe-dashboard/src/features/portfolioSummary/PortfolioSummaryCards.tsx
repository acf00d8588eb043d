/**
 * The four portfolio figures both the Dashboard and the Portfolio page open with: value (with how
 * cash and holdings make it up), the day's P&L, open positions and returns since the account
 * started, each P&L saying it is after charges (or, from a broker that reports none, before).
 * Rendered as bare cards so each page places them in its own grid (the Dashboard adds AI Health as
 * a fifth).
 */
import type { PortfolioOverview } from '@nivesh/api-contract';
import { formatNumber, formatPercent, formatRupees, StatCard } from '@nivesh/ui';
import { LuBriefcase, LuChartLine, LuTrendingUp, LuWallet } from 'react-icons/lu';
import { CashBreakdown } from './CashBreakdown';

export interface PortfolioSummaryLabels {
  value: string;
  dayPnl: string;
  positions: string;
  returns: string;
}

export const DASHBOARD_SUMMARY_LABELS: PortfolioSummaryLabels = {
  value: 'Portfolio Value',
  dayPnl: "Today's P&L",
  positions: 'Active Positions',
  returns: 'Total Returns',
};

export const PORTFOLIO_PAGE_SUMMARY_LABELS: PortfolioSummaryLabels = {
  value: 'Total Value',
  dayPnl: 'Daily P&L',
  positions: 'Active Positions',
  returns: 'Total Returns',
};

export interface PortfolioSummaryCardsProps {
  labels: PortfolioSummaryLabels;
  /** The latest overview; absent while loading or when the call failed. */
  overview: PortfolioOverview | undefined;
  loading: boolean;
  /** Shown under each '--' when the overview could not be had. */
  unavailableText: string;
}

function signedTone(value: number): 'gain' | 'loss' {
  return value < 0 ? 'loss' : 'gain';
}

export function PortfolioSummaryCards({
  labels,
  overview,
  loading,
  unavailableText,
}: PortfolioSummaryCardsProps) {
  const missing = !loading && !overview ? unavailableText : undefined;
  return (
    <>
      <StatCard
        label={labels.value}
        loading={loading}
        icon={<LuWallet />}
        value={overview && formatRupees(overview.portfolio_value)}
        help={overview ? <CashBreakdown overview={overview} /> : missing}
      />
      <StatCard
        label={labels.dayPnl}
        pnlBasis={overview?.pnl_basis}
        loading={loading}
        icon={<LuChartLine />}
        value={overview && formatRupees(overview.day_change, { sign: true })}
        tone={overview ? signedTone(overview.day_change) : 'neutral'}
        help={overview ? `${formatPercent(overview.day_change_percent)} since previous close` : missing}
      />
      <StatCard
        label={labels.positions}
        loading={loading}
        icon={<LuBriefcase />}
        value={overview && formatNumber(overview.active_positions)}
        help={
          overview
            ? `${formatNumber(overview.trades_today)} ${overview.trades_today === 1 ? 'trade' : 'trades'} today`
            : missing
        }
      />
      <StatCard
        label={labels.returns}
        pnlBasis={overview?.pnl_basis}
        loading={loading}
        icon={<LuTrendingUp />}
        value={overview && formatRupees(overview.total_returns, { sign: true })}
        tone={overview ? signedTone(overview.total_returns) : 'neutral'}
        help={overview ? `${formatPercent(overview.total_returns_percent)} overall` : missing}
      />
    </>
  );
}
