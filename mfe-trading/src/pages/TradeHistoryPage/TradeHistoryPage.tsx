/**
 * Trading History (/trades; specification part 2, sections 2, 4, 7 and 8): live and paper trades
 * from GET /api/trading/history. Period, status, search, advanced filters and paging are all
 * applied by the server, which also sums the summary cards over every matching trade (not just
 * the page shown). When the service does not answer, the page says so and shows no figures.
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from '@nivesh/api-client/router';
import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Text,
} from '@nivesh/ui/chakra';
import { LuChartLine, LuDownload, LuFilter, LuRefreshCw, LuSearch } from 'react-icons/lu';
import {
  DEFAULT_TRADE_HISTORY_PERIOD,
  PAGE_PATHS,
  TradeHistoryPeriod,
  type TradeHistoryPeriod as Period,
  type TradeSummary,
} from '@nivesh/api-contract';
import { combinedStatus, queryView, serverMessage, useTradeHistoryQuery } from '@nivesh/api-client';
import {
  ConnectionBanner,
  PageHeader,
  PageLoading,
  Panel,
  QueryNotice,
  ServiceStatusBadge,
  StatCard,
  Unavailable,
  formatNumber,
  formatPercent,
  formatRupees,
} from '@nivesh/ui';
import { signedTone } from '../../features/format';
import { useDebouncedValue } from '../../features/useDebouncedValue';
import { AdvancedFilterPanel, activeFilterCount, type AdvancedFilter } from './AdvancedFilterPanel';
import { TradesTable } from './TradesTable';
import { useTradeExport, type TradeFilterQuery } from './useTradeExport';

export const TRADES_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/** The periods are rolling windows of IST days (see the contract). */
const PERIOD_LABELS: Record<Period, string> = {
  today: 'Today',
  week: 'Last 7 days',
  month: 'Last 30 days',
  quarter: 'Last 90 days',
  year: 'Last 365 days',
  all: 'All time',
};

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * What Total Trades counts: each closed round trip (an exit: selling 4 of 10 is one) and each
 * position still open; the orders listed that have not filled are not trades.
 */
function tradesCountText(summary: TradeSummary): string {
  const parts = `${count(summary.completed_trades, 'closed', 'closed')} + ${count(summary.open_positions, 'open', 'open')}`;
  return summary.unfilled_orders > 0
    ? `${parts}; ${count(summary.unfilled_orders, 'unfilled order', 'unfilled orders')} not counted`
    : parts;
}

/** The footer: rows shown, and how many of the rows are orders that have not filled. */
function showingText(shown: number, total: number, summary: TradeSummary): string {
  if (summary.unfilled_orders === 0) return `Showing ${shown} of ${total} trades`;
  return `Showing ${shown} of ${total}: ${count(summary.total_trades, 'trade', 'trades')} and ${count(summary.unfilled_orders, 'unfilled order', 'unfilled orders')}`;
}

/** The page's failure text (specification part 2, section 7). */
export const TRADING_NOT_CONNECTED = 'Trading service not connected';

export default function TradeHistoryPage() {
  const navigate = useNavigate();
  const [period, setPeriod] = useState<Period>(DEFAULT_TRADE_HISTORY_PERIOD);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [searchText, setSearchText] = useState('');
  const [advanced, setAdvanced] = useState<AdvancedFilter>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterPanelRef = useRef<HTMLDivElement>(null);

  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const filter = useMemo<TradeFilterQuery>(
    () => ({ period, status, ...(search ? { search } : {}), ...advanced }),
    [period, status, search, advanced],
  );
  // A page number belongs to one filter: a changed filter starts again at page 1.
  const [paging, setPaging] = useState({ filter, page: 1 });
  const currentPage = paging.filter === filter ? paging.page : 1;
  const setPage = (page: number) => setPaging({ filter, page });

  const history = useTradeHistoryQuery({
    query: { ...filter, page: currentPage, page_size: TRADES_PAGE_SIZE },
  });
  const { exportTrades, exporting } = useTradeExport(filter);

  // After a failed refetch the last answer for these filters stays, marked stale.
  const view = queryView(history);
  const answer = view.data;
  const summary = answer?.summary;
  const state = combinedStatus([view]);
  const totalPages = answer ? Math.max(1, Math.ceil(answer.total / answer.page_size)) : 1;
  const advancedCount = activeFilterCount(advanced);

  const openFilters = () => {
    setFiltersOpen(true);
    requestAnimationFrame(() =>
      filterPanelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };

  return (
    <Box>
      <PageHeader
        title="Trading History"
        subtitle="Live and paper trades, and the orders waiting to fill, with P&L after charges"
        actions={
          <>
            <ServiceStatusBadge status={state} />
            <Button
              size="sm"
              variant="outline"
              onClick={() => void history.refetch()}
              loading={history.isFetching}
            >
              <LuRefreshCw /> Refresh
            </Button>
            <Button
              size="sm"
              variant={filtersOpen ? 'subtle' : 'outline'}
              aria-expanded={filtersOpen}
              onClick={() => (filtersOpen ? setFiltersOpen(false) : openFilters())}
            >
              <LuFilter /> Advanced Filter
              {advancedCount > 0 && (
                <Badge size="xs" colorPalette="brand" variant="solid" aria-label={`${advancedCount} active`}>
                  {advancedCount}
                </Badge>
              )}
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => void exportTrades()}
              loading={exporting}
              disabled={!answer || answer.total === 0}
            >
              <LuDownload /> Export CSV
            </Button>
          </>
        }
      />

      {view.failure && (
        <ConnectionBanner
          title="Trading Data Connection Issues"
          description="Unable to connect to trading services. Trade history may not be current."
          onRetry={() => void history.refetch()}
        >
          <Text textStyle="sm" fontWeight="medium">
            {TRADING_NOT_CONNECTED}
          </Text>
          {serverMessage(history.error) && (
            <Text textStyle="xs" color="fg.muted">
              {serverMessage(history.error)}
            </Text>
          )}
        </ConnectionBanner>
      )}

      <Flex gap="3" mb="4" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'center' }}>
        <NativeSelect.Root size="sm" width={{ base: 'full', lg: '44' }}>
          <NativeSelect.Field
            aria-label="Period"
            value={period}
            onChange={(e) => setPeriod(TradeHistoryPeriod.parse(e.currentTarget.value))}
          >
            {TradeHistoryPeriod.options.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="1" role="group" aria-label="Status filter" wrap="wrap">
          {STATUS_FILTERS.map((s) => (
            <Button
              key={s.value}
              size="sm"
              variant={status === s.value ? 'solid' : 'ghost'}
              colorPalette={status === s.value ? 'brand' : 'gray'}
              aria-pressed={status === s.value}
              onClick={() => setStatus(s.value)}
            >
              {s.label}
            </Button>
          ))}
        </HStack>
        <InputGroup startElement={<LuSearch />} flex="1" maxW={{ lg: 'sm' }} ms={{ lg: 'auto' }}>
          <Input
            size="sm"
            type="search"
            placeholder="Search by symbol or trade ID..."
            maxLength={50}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </InputGroup>
      </Flex>

      {filtersOpen && (
        <Box ref={filterPanelRef} mb="4">
          <AdvancedFilterPanel
            applied={advanced}
            onApply={setAdvanced}
            onClose={() => setFiltersOpen(false)}
          />
        </Box>
      )}

      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4" mb="6">
        <StatCard
          label="Total Trades"
          loading={history.isFetching && !answer}
          value={summary && formatNumber(summary.total_trades)}
          help={summary && tradesCountText(summary)}
        />
        <StatCard
          label="Win Rate"
          loading={history.isFetching && !answer}
          value={
            summary?.win_rate != null
              ? formatPercent(summary.win_rate, { decimals: 1, sign: false })
              : undefined
          }
          help={
            summary &&
            `${summary.winning_trades}/${summary.completed_trades} completed trades in profit after charges`
          }
        />
        <StatCard
          label="Net P&L"
          pnlBasis="after_charges"
          loading={history.isFetching && !answer}
          value={summary && formatRupees(summary.net_pnl, { sign: true })}
          tone={signedTone(summary?.net_pnl)}
          help="Closed trades realised, open ones at the last price"
        />
        <StatCard
          label="Total Charges"
          loading={history.isFetching && !answer}
          value={summary && formatRupees(summary.total_charges, { decimals: 2 })}
          help="Brokerage, STT, exchange, SEBI, stamp, GST"
        />
        <StatCard
          label="Open Positions"
          loading={history.isFetching && !answer}
          value={summary && formatNumber(summary.open_positions)}
        />
      </SimpleGrid>

      <Panel title="Trades" subtitle={PERIOD_LABELS[period]}>
        {answer && <QueryNotice view={view} unavailableTitle={TRADING_NOT_CONNECTED} />}
        {!answer && view.failure ? (
          <Unavailable title="Unable to load trades">Trading service is currently unavailable</Unavailable>
        ) : !answer ? (
          <PageLoading label="Loading trades..." />
        ) : answer.data.length === 0 ? (
          <Unavailable title="No trades found">
            {answer.total > 0
              ? 'This page is empty: go back a page.'
              : 'No trades match the period and filters.'}
          </Unavailable>
        ) : (
          <TradesTable trades={answer.data} />
        )}
        {answer && (
          <Flex mt="4" justify="space-between" align="center" gap="3" wrap="wrap">
            <Text textStyle="sm" color="fg.muted">
              {showingText(answer.data.length, answer.total, answer.summary)}
            </Text>
            <HStack gap="2">
              <Button
                size="xs"
                variant="outline"
                disabled={currentPage <= 1 || history.isFetching}
                onClick={() => setPage(currentPage - 1)}
              >
                Previous
              </Button>
              <Text textStyle="sm" aria-live="polite">
                Page {currentPage} of {totalPages}
              </Text>
              <Button
                size="xs"
                variant="outline"
                disabled={currentPage >= totalPages || history.isFetching}
                onClick={() => setPage(currentPage + 1)}
              >
                Next
              </Button>
            </HStack>
          </Flex>
        )}
      </Panel>

      <Box mt="6">
        <Panel title="Quick Actions">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <Button
              variant="outline"
              onClick={() => void exportTrades()}
              loading={exporting}
              disabled={!answer || answer.total === 0}
            >
              <LuDownload /> Export Trade Report
            </Button>
            <Button variant="outline" onClick={() => navigate(PAGE_PATHS.performance)}>
              <LuChartLine /> Analyze Performance
            </Button>
            <Button variant="outline" onClick={openFilters}>
              <LuFilter /> Advanced Filters
            </Button>
          </SimpleGrid>
        </Panel>
      </Box>
    </Box>
  );
}
