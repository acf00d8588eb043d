/** Two finished runs side by side: both equity curves on one chart with NIFTY 50, and their figures. */
import { Stack, Table, Text } from '@nivesh/ui/chakra';
import type { BacktestRun } from '@nivesh/api-contract';
import { Panel, formatNumber, formatRupees } from '@nivesh/ui';
import { MISSING, percentText, ratioText } from '../../features/format';
import { EquityCurves } from './EquityCurves';
import { runParameters } from './RunDetail';

interface Row {
  label: string;
  value: (run: BacktestRun) => string;
  /** Which run is better on this figure: higher or lower; absent when neither reading is better. */
  better?: 'higher' | 'lower';
  number?: (run: BacktestRun) => number | null;
}

const a = (run: BacktestRun) => run.result!.analytics;

const ROWS: Row[] = [
  {
    label: 'Final value',
    value: (r) => formatRupees(r.headline?.final_value ?? r.initial_capital),
  },
  {
    label: 'Total return',
    value: (r) => percentText(a(r).total_return),
    better: 'higher',
    number: (r) => a(r).total_return,
  },
  {
    label: 'Annualized return',
    value: (r) => percentText(a(r).annualized_return),
    better: 'higher',
    number: (r) => a(r).annualized_return,
  },
  { label: 'NIFTY 50, same days', value: (r) => percentText(r.headline?.benchmark_return) },
  {
    label: 'Sharpe ratio',
    value: (r) => ratioText(a(r).sharpe_ratio),
    better: 'higher',
    number: (r) => a(r).sharpe_ratio,
  },
  {
    label: 'Sortino ratio',
    value: (r) => ratioText(a(r).sortino_ratio),
    better: 'higher',
    number: (r) => a(r).sortino_ratio,
  },
  {
    label: 'Max drawdown',
    value: (r) => percentText(a(r).max_drawdown),
    better: 'higher',
    number: (r) => a(r).max_drawdown,
  },
  {
    label: 'Volatility',
    value: (r) => percentText(a(r).volatility, { sign: false }),
    better: 'lower',
    number: (r) => a(r).volatility,
  },
  {
    label: 'Win rate',
    value: (r) => percentText(a(r).win_rate, { sign: false, decimals: 1 }),
    better: 'higher',
    number: (r) => a(r).win_rate,
  },
  {
    label: 'Profit factor',
    value: (r) => ratioText(a(r).profit_factor),
    better: 'higher',
    number: (r) => a(r).profit_factor,
  },
  { label: 'Trades', value: (r) => formatNumber(a(r).total_trades) },
  { label: 'Beta to NIFTY 50', value: (r) => ratioText(a(r).beta) },
  { label: 'Alpha', value: (r) => percentText(a(r).alpha), better: 'higher', number: (r) => a(r).alpha },
];

function better(row: Row, run: BacktestRun, other: BacktestRun): boolean {
  if (!row.better || !row.number) return false;
  const mine = row.number(run);
  const theirs = row.number(other);
  if (mine === null || theirs === null || mine === theirs) return false;
  return row.better === 'higher' ? mine > theirs : mine < theirs;
}

export function CompareRuns({ first, second }: { first: BacktestRun; second: BacktestRun }) {
  const sameDays = first.from === second.from && first.to === second.to;
  return (
    <Stack gap="6">
      <Panel
        title="Comparison"
        subtitle={
          sameDays
            ? 'Both runs and NIFTY 50, rebased to 0% at the start'
            : "Both runs rebased to 0% at their own start; NIFTY 50 over the first run's days"
        }
      >
        <EquityCurves first={first} second={second} />
      </Panel>
      <Panel title="Figures side by side" subtitle="The better of the two in bold">
        <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
          <Table.Root size="sm" aria-label="Backtest comparison" fontVariantNumeric="tabular-nums">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>Figure</Table.ColumnHeader>
                {[first, second].map((run) => (
                  <Table.ColumnHeader key={run.id} textAlign="end" minW="36">
                    <Text>{run.name}</Text>
                    <Text textStyle="2xs" color="fg.muted" fontWeight="normal">
                      {runParameters(run)}
                    </Text>
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {ROWS.map((row) => (
                <Table.Row key={row.label}>
                  <Table.Cell>{row.label}</Table.Cell>
                  {[
                    [first, second],
                    [second, first],
                  ].map(([run, other]) => (
                    <Table.Cell
                      key={run!.id}
                      textAlign="end"
                      fontWeight={better(row, run!, other!) ? 'bold' : undefined}
                      data-better={better(row, run!, other!) || undefined}
                    >
                      <span>{run!.result ? row.value(run!) : MISSING}</span>
                      {better(row, run!, other!) && (
                        <Text as="span" srOnly>
                          {' '}
                          (the better)
                        </Text>
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Panel>
    </Stack>
  );
}
