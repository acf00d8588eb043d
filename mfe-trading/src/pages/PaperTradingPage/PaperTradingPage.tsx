/**
 * Paper Trading (/paper-trading; specification part 2, sections 2-5, 7-9). The account summary is
 * the portfolio overview (GET /api/portfolio/overview) while paper mode is active; limits, balance
 * and reset are the paper-account calls. Without an answer the page says the account is not
 * connected and shows no figures (the original showed invented defaults).
 */
import { useState } from 'react';
import { Box, Button, SimpleGrid, Stack } from '@nivesh/ui/chakra';
import { LuRefreshCw, LuSettings2 } from 'react-icons/lu';
import { queryView, serverMessage, usePortfolioOverviewQuery } from '@nivesh/api-client';
import type { DataSource } from '@nivesh/api-contract';
import {
  ConnectionBanner,
  PageHeader,
  Panel,
  QueryNotice,
  StatCard,
  Unavailable,
  formatNumber,
  formatPercent,
  formatRupees,
} from '@nivesh/ui';
import { signedTone } from '../../features/format';
import { CashBalanceCard } from './CashBalanceCard';
import { ConfigurationPanel } from './ConfigurationPanel';
import { RiskLimitsStatus } from './RiskLimitsStatus';

/**
 * The specification's subtitle claims real market data; the paper engine fills on whatever feed the
 * server runs, which the account states (data_source: the feed behind the sidebar's Live/Simulated
 * badge). Until the paper account has answered, the subtitle names no source.
 */
function subtitle(source: DataSource | undefined): string {
  const base = 'Practice trading with virtual money';
  if (source === 'upstox') return `${base} using real market data`;
  if (source === 'simulated') return `${base} using simulated market data`;
  return base;
}

export default function PaperTradingPage() {
  const [configOpen, setConfigOpen] = useState(false);
  const overview = usePortfolioOverviewQuery();
  // After a failed refetch the last figures stay, marked stale.
  const view = queryView(overview);
  const answer = view.data?.data;
  // The overview follows the active trading mode: in live mode it is the live account, not this one.
  const liveMode = answer?.trading_mode === 'live';
  const account = liveMode ? undefined : answer;
  const loading = overview.isFetching && !answer;

  return (
    <Box>
      <PageHeader
        title="Paper Trading"
        subtitle={subtitle(account?.data_source)}
        actions={
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void overview.refetch()}
              loading={overview.isFetching}
            >
              <LuRefreshCw /> Refresh
            </Button>
            <Button
              size="sm"
              variant={configOpen ? 'subtle' : 'outline'}
              aria-expanded={configOpen}
              onClick={() => setConfigOpen((open) => !open)}
            >
              <LuSettings2 /> Configuration
            </Button>
          </>
        }
      />

      {view.failure && (
        <ConnectionBanner
          title="Paper Trading Account Not Connected"
          description={
            answer
              ? 'Unable to refresh the paper trading account. The figures below are the last ones received.'
              : 'Unable to load the paper trading account. Balances and limits are not shown until the service answers.'
          }
          onRetry={() => void overview.refetch()}
        >
          {serverMessage(overview.error)}
        </ConnectionBanner>
      )}
      {answer && <QueryNotice view={view} unavailableTitle="Paper Trading Account Not Connected" />}
      {liveMode && (
        <ConnectionBanner
          status="info"
          title="Live trading is active"
          description="The account figures now describe the live account. Switch the trading mode to paper to see the paper account here."
        />
      )}

      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mb="6">
        <CashBalanceCard
          balance={account?.cash_balance}
          split={account && { available: account.available_balance, blocked: account.blocked_funds }}
          loading={loading}
          editable={Boolean(account)}
        />
        <StatCard
          label="Portfolio Value"
          loading={loading}
          value={account && formatRupees(account.portfolio_value)}
          help={
            account &&
            `Cash\u00a0${formatRupees(account.cash_balance, { decimals: 2 })} + Holdings\u00a0${formatRupees(account.invested_value, { decimals: 2 })}`
          }
        />
        <StatCard
          label="Total Return"
          pnlBasis={account?.pnl_basis}
          loading={loading}
          tone={signedTone(account?.total_returns)}
          value={account && formatPercent(account.total_returns_percent)}
          help={account && formatRupees(account.total_returns, { sign: true })}
        />
        <StatCard
          label="Active Positions"
          loading={loading}
          value={account && formatNumber(account.active_positions)}
          help={
            account &&
            `${formatNumber(account.total_trades)} ${account.total_trades === 1 ? 'trade' : 'trades'} filled in all`
          }
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" mb="6">
        <Panel title="Today's Performance">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <StatCard
              label="Today's P&L"
              pnlBasis={account?.pnl_basis}
              loading={loading}
              tone={signedTone(account?.day_change)}
              value={account && formatRupees(account.day_change, { sign: true })}
              help={account && formatPercent(account.day_change_percent)}
            />
            <StatCard
              label="Trades Today"
              loading={loading}
              value={account && formatNumber(account.trades_today)}
            />
            <StatCard
              label="Unrealized P&L"
              pnlBasis={account?.pnl_basis}
              loading={loading}
              tone={signedTone(account?.unrealized_pnl)}
              value={account && formatRupees(account.unrealized_pnl, { sign: true })}
              help="Open shares at the last price, less their entry charges"
            />
          </SimpleGrid>
        </Panel>
        <Panel title="Risk Limits Status" subtitle="Checks of the paper engine against its limits">
          {account?.limits_status ? (
            <RiskLimitsStatus status={account.limits_status} />
          ) : (
            <Unavailable title="Limit checks not available">
              {loading ? 'Loading...' : 'They appear when the paper account answers.'}
            </Unavailable>
          )}
        </Panel>
      </SimpleGrid>

      {configOpen && (
        <Stack>
          <ConfigurationPanel />
        </Stack>
      )}
    </Box>
  );
}
