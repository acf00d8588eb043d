/**
 * The backtest runs, newest first: what each traded over which days, its status (a progress bar
 * while it runs, the reason when it failed) and, once done, its headline figures. A row is opened
 * with its name, ticked to compare (two at a time), or deleted.
 */
import { useState } from 'react';
import { Badge, Button, Checkbox, HStack, IconButton, Progress, Stack, Table, Text } from '@nivesh/ui/chakra';
import { LuTrash2 } from 'react-icons/lu';
import { BACKTEST_STRATEGY_LABELS, type BacktestSummary } from '@nivesh/api-contract';
import { errorMessage, useDeleteBacktestMutation, type ApiCallError } from '@nivesh/api-client';
import { ConfirmDialog, Unavailable, formatNumber, notify } from '@nivesh/ui';
import { formatDay, percentText, ratioText, signedTone } from '../../features/format';

const TONE = { gain: 'gain', loss: 'loss', neutral: undefined } as const;
const STATUS_PALETTE = { running: 'blue', done: 'green', failed: 'red' } as const;

export function RunProgress({ run }: { run: Pick<BacktestSummary, 'name' | 'progress'> }) {
  const percent = Math.round(run.progress * 100);
  return (
    <Stack gap="1" minW="28">
      <Progress.Root
        value={percent}
        size="sm"
        colorPalette="blue"
        striped
        animated
        translations={{ value: () => `${run.name}: ${percent}% done` }}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text textStyle="xs" color="fg.muted">
        Running · {percent}%
      </Text>
    </Stack>
  );
}

export function RunsTable({
  runs,
  selected,
  compared,
  onSelect,
  onCompare,
}: {
  runs: readonly BacktestSummary[];
  selected: string | null;
  compared: readonly string[];
  onSelect: (id: string) => void;
  onCompare: (id: string, on: boolean) => void;
}) {
  const [deleting, setDeleting] = useState<BacktestSummary | null>(null);
  const [remove, { isLoading }] = useDeleteBacktestMutation();
  if (runs.length === 0)
    return <Unavailable title="No backtests yet">Start one with the form above.</Unavailable>;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove(deleting.id).unwrap();
      notify('success', answer.message);
    } catch (error) {
      notify(
        'error',
        'Not deleted',
        errorMessage(error as ApiCallError, 'The backtest service did not answer.'),
      );
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
        <Table.Root size="sm" aria-label="Backtest runs" fontVariantNumeric="tabular-nums">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Run</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Return</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">NIFTY 50</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sharpe</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Max DD</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Trades</Table.ColumnHeader>
              <Table.ColumnHeader>Compare</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {runs.map((run) => {
              const h = run.headline;
              return (
                <Table.Row
                  key={run.id}
                  bg={run.id === selected ? 'bg.muted' : undefined}
                  data-testid={`run-${run.id}`}
                >
                  <Table.Cell minW="48">
                    <Button
                      variant="plain"
                      size="sm"
                      px="0"
                      h="auto"
                      fontWeight="semibold"
                      aria-pressed={run.id === selected}
                      onClick={() => onSelect(run.id)}
                    >
                      {run.name}
                    </Button>
                    <Text textStyle="xs" color="fg.muted">
                      {BACKTEST_STRATEGY_LABELS[run.strategy]} · {formatDay(run.from)} – {formatDay(run.to)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {run.status === 'running' ? (
                      <RunProgress run={run} />
                    ) : (
                      <Badge
                        colorPalette={STATUS_PALETTE[run.status]}
                        variant="subtle"
                        title={run.error ?? undefined}
                      >
                        {run.status === 'done' ? 'Done' : 'Failed'}
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end" color={TONE[signedTone(h?.total_return)]}>
                    {percentText(h?.total_return)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{percentText(h?.benchmark_return)}</Table.Cell>
                  <Table.Cell textAlign="end">{ratioText(h?.sharpe_ratio)}</Table.Cell>
                  <Table.Cell textAlign="end" color={h && h.max_drawdown < 0 ? 'loss' : undefined}>
                    {percentText(h?.max_drawdown)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{h ? formatNumber(h.total_trades) : '--'}</Table.Cell>
                  <Table.Cell>
                    <Checkbox.Root
                      size="sm"
                      disabled={run.status !== 'done'}
                      checked={compared.includes(run.id)}
                      onCheckedChange={(e) => onCompare(run.id, e.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={`Compare ${run.name}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack justify="flex-end">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`Delete ${run.name}`}
                        onClick={() => setDeleting(run)}
                      >
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this backtest?"
        tone="danger"
        confirmLabel={deleting?.status === 'running' ? 'Stop and delete' : 'Delete'}
        loading={isLoading}
        onConfirm={() => void confirmDelete()}
      >
        {deleting?.status === 'running'
          ? `"${deleting.name}" is still running: it stops, and its progress is lost.`
          : `"${deleting?.name ?? ''}" and its trades and figures are deleted.`}
      </ConfirmDialog>
    </>
  );
}
