/**
 * One backtest run: while it runs, its progress; when it failed, why; when done, its headline
 * figures, its equity curve against NIFTY 50, the performance page's statistics over its days,
 * its trades, and what it assumed.
 */
import { Badge, Box, List, SimpleGrid, Stack, Table, Text } from '@nivesh/ui/chakra';
import {
  BACKTEST_STRATEGY_LABELS,
  type BacktestRun,
  type BacktestTrade,
  type PerformanceAnalytics,
} from '@nivesh/api-contract';
import { Panel, PnlLabel, StatCard, Unavailable, formatNumber, formatRupees } from '@nivesh/ui';
import { formatDay, percentText, ratioText, signedTone } from '../../features/format';
import {
  FigureGrid,
  TearSheet,
  allStatistics,
  keyStatistics,
  type Figure,
} from '../PerformancePage/Statistics';
import { EquityCurves } from './EquityCurves';
import { RunProgress } from './RunsTable';

const EXIT_LABELS: Record<BacktestTrade['exit_reason'], string> = {
  target: 'Target',
  stop: 'Stop',
  horizon: 'Horizon',
  end: 'End of test',
};

/** The run's parameters in a line: what, when, with how much. */
export function runParameters(run: BacktestRun): string {
  return [
    BACKTEST_STRATEGY_LABELS[run.strategy],
    `${formatDay(run.from)} – ${formatDay(run.to)}`,
    `${formatRupees(run.initial_capital)} capital`,
    run.daily_amount === null ? '2.5% of the account a day' : `${formatRupees(run.daily_amount)} a day`,
    run.seed === null ? 'market history' : `simulated market seed ${run.seed}`,
  ].join(' · ');
}

function TradesTable({ trades }: { trades: readonly BacktestTrade[] }) {
  if (trades.length === 0)
    return (
      <Unavailable title="No trades">No signal passed the plan and the limits in this range.</Unavailable>
    );
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2" maxH="96">
      <Table.Root size="sm" stickyHeader aria-label="Backtest trades" fontVariantNumeric="tabular-nums">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {[
              'Symbol',
              'Strategy',
              'Entry',
              'Exit',
              'Qty',
              'Entry ₹',
              'Exit ₹',
              'Charges',
              'Net P&L',
              'Exit reason',
            ].map((h, i) => (
              <Table.ColumnHeader key={h} textAlign={i >= 4 && i <= 8 ? 'end' : 'start'}>
                {h === 'Net P&L' ? <PnlLabel label={h} layout="stacked" /> : h}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {trades.map((t, i) => (
            <Table.Row key={`${t.symbol}-${t.entry_date}-${i}`}>
              <Table.Cell fontWeight="medium">{t.symbol}</Table.Cell>
              <Table.Cell>{t.strategy}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDay(t.entry_date)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDay(t.exit_date)}</Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(t.quantity)}</Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(t.entry_price, { decimals: 2 })}</Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(t.exit_price, { decimals: 2 })}</Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(t.charges, { decimals: 2 })}</Table.Cell>
              <Table.Cell textAlign="end" color={t.net_pnl < 0 ? 'loss' : t.net_pnl > 0 ? 'gain' : undefined}>
                {formatRupees(t.net_pnl, { sign: true, decimals: 2 })}
              </Table.Cell>
              <Table.Cell>{EXIT_LABELS[t.exit_reason]}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The performance page's key and full statistics, each figure once. */
function statistics(a: PerformanceAnalytics): Figure[] {
  const all = [...keyStatistics(a), ...allStatistics(a)];
  return all.filter((f, i) => all.findIndex((g) => g.label === f.label) === i);
}

export function RunDetail({ run }: { run: BacktestRun }) {
  const header = (
    <Stack gap="1" mb="4">
      <Text textStyle="lg" fontWeight="semibold">
        {run.name}
      </Text>
      <Text textStyle="sm" color="fg.muted">
        {runParameters(run)}
      </Text>
    </Stack>
  );
  if (run.status === 'running') {
    return (
      <Panel title="Selected run">
        {header}
        <RunProgress run={run} />
      </Panel>
    );
  }
  if (run.status === 'failed' || !run.result) {
    return (
      <Panel title="Selected run">
        {header}
        <Unavailable title="This backtest failed">{run.error ?? 'It stopped without a result.'}</Unavailable>
      </Panel>
    );
  }
  const { result } = run;
  const a = result.analytics;
  const h = run.headline;
  return (
    <Stack gap="6">
      <Panel title="Selected run">
        {header}
        <SimpleGrid columns={{ base: 2, lg: 3, '2xl': 6 }} gap="4">
          <StatCard
            label="Final Value"
            value={formatRupees(h?.final_value ?? run.initial_capital)}
            help={`From ${formatRupees(run.initial_capital)}`}
          />
          <StatCard
            label="Total Return"
            tone={signedTone(a.total_return)}
            value={percentText(a.total_return)}
            help={`Annualized ${percentText(a.annualized_return)}`}
          />
          <StatCard
            label="NIFTY 50"
            tone={signedTone(h?.benchmark_return)}
            value={percentText(h?.benchmark_return)}
            help="Same days, buy and hold"
          />
          <StatCard label="Sharpe Ratio" value={ratioText(a.sharpe_ratio)} help="Annualised, after costs" />
          <StatCard
            label="Max Drawdown"
            tone={a.max_drawdown < 0 ? 'loss' : 'neutral'}
            value={percentText(a.max_drawdown)}
            help="Deepest fall from a peak"
          />
          <StatCard
            label="Win Rate"
            value={percentText(a.win_rate, { sign: false, decimals: 1 })}
            help={`${formatNumber(a.winning_trades)}/${formatNumber(a.total_trades)} winning trades`}
          />
        </SimpleGrid>
      </Panel>
      <Panel title="Equity Curve vs NIFTY 50" subtitle="Growth since the run's start, both rebased to 0%">
        <EquityCurves first={run} />
      </Panel>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
        <Panel title="Statistics" subtitle="The performance page's figures over the run's days">
          <FigureGrid label="Backtest statistics" figures={statistics(a)} />
        </Panel>
        <Panel
          title="Against NIFTY 50"
          subtitle="Money-weighted return, alpha, beta and the deepest drawdowns"
        >
          <TearSheet analytics={a} />
        </Panel>
      </SimpleGrid>
      <Panel
        title="Trades"
        subtitle={`${formatNumber(result.trades.length)} closed · ${formatNumber(result.decisions.ordered)} bought, ${formatNumber(result.decisions.skipped)} passed over, ${formatNumber(result.decisions.refused)} refused by the limits`}
      >
        <TradesTable trades={result.trades} />
      </Panel>
      <Panel title="How it ran">
        <Stack gap="3">
          {result.refusals.length > 0 && (
            <Box>
              <Text textStyle="sm" fontWeight="medium" mb="1">
                Refused by the paper limits
              </Text>
              <List.Root gap="1" textStyle="sm" ps="4">
                {result.refusals.map((r) => (
                  <List.Item key={r.limit}>
                    <Badge size="xs" me="2">
                      {formatNumber(r.count)}×
                    </Badge>
                    {r.example}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
          <List.Root gap="1" textStyle="sm" color="fg.muted" ps="4">
            {result.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List.Root>
        </Stack>
      </Panel>
    </Stack>
  );
}
