/**
 * Backtests (/backtests): start a run of a strategy or the allocator over a range of history, watch
 * its progress, list the runs, and read one (its equity curve against NIFTY 50, the performance
 * page's figures, its trades) or compare two. The list and the open run poll while a run is
 * running (api-client's backtests domain); the runs themselves work on the server.
 */
import { useState } from 'react';
import { Box, Stack } from '@nivesh/ui/chakra';
import { combinedStatus, queryView, useBacktestRunQuery, useBacktestRunsQuery } from '@nivesh/api-client';
import { PageHeader, PageLoading, Panel, QueryNotice, ServiceStatusBadge } from '@nivesh/ui';
import { CompareRuns } from './CompareRuns';
import { RunDetail } from './RunDetail';
import { RunForm } from './RunForm';
import { RunsTable } from './RunsTable';

const NOT_CONNECTED = 'Backtests not connected';
const NO_ANSWER = 'The backtest service did not answer.';

export default function BacktestsPage() {
  const runs = useBacktestRunsQuery();
  const runsView = queryView(runs, NO_ANSWER);
  const list = runsView.data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [compared, setCompared] = useState<string[]>([]);
  // The run shown: the one chosen (while it is listed), else the newest.
  const selected = list.find((r) => r.id === chosen)?.id ?? list[0]?.id ?? null;
  const pair = compared.filter((id) => list.some((r) => r.id === id && r.status === 'done'));
  const comparing = pair.length === 2;

  const detail = useBacktestRunQuery(comparing ? pair[0]! : selected);
  const other = useBacktestRunQuery(comparing ? pair[1]! : null);
  const detailView = queryView(detail, NO_ANSWER);
  const otherView = queryView(other, NO_ANSWER);
  const running = list.some((r) => r.status === 'running');

  const compare = (id: string, on: boolean) =>
    setCompared((ids) => (on ? [...ids.filter((x) => x !== id), id].slice(-2) : ids.filter((x) => x !== id)));

  const first = detailView.data?.data;
  const second = otherView.data?.data;

  return (
    <Box>
      <PageHeader
        title="Backtests"
        subtitle="Strategies and the allocator over past days, through the paper engine's orders, costs and limits"
        actions={
          <ServiceStatusBadge status={combinedStatus(selected ? [runsView, detailView] : [runsView])} />
        }
      />
      <Stack gap="6">
        <Panel title="New backtest" subtitle="Decided each morning from the days before it: no look-ahead">
          <RunForm running={running} onStarted={(id) => setChosen(id)} />
        </Panel>

        <Panel
          title="Runs"
          subtitle={comparing ? 'Comparing the two ticked runs' : 'Tick two finished runs to compare them'}
        >
          <QueryNotice view={runsView} unavailableTitle={NOT_CONNECTED} />
          {runsView.data ? (
            <RunsTable
              runs={list}
              selected={comparing ? null : selected}
              compared={pair}
              onSelect={(id) => {
                setChosen(id);
                setCompared([]);
              }}
              onCompare={compare}
            />
          ) : runsView.state === 'loading' ? (
            <PageLoading label="Loading backtests..." />
          ) : null}
        </Panel>

        {comparing ? (
          first && second ? (
            <CompareRuns first={first} second={second} />
          ) : detailView.failure || otherView.failure ? (
            <QueryNotice
              view={detailView.failure ? detailView : otherView}
              unavailableTitle={NOT_CONNECTED}
            />
          ) : (
            <PageLoading label="Loading the two runs..." />
          )
        ) : selected === null ? null : first ? (
          <>
            <QueryNotice view={detailView} unavailableTitle={NOT_CONNECTED} />
            <RunDetail run={first} />
          </>
        ) : detailView.failure ? (
          <Panel>
            <QueryNotice view={detailView} unavailableTitle={NOT_CONNECTED} />
          </Panel>
        ) : (
          <PageLoading label="Loading the run..." />
        )}
      </Stack>
    </Box>
  );
}
