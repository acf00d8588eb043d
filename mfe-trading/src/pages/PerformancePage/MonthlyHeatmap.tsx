/**
 * Monthly returns as a year × month grid, every month since the account opened (the analytics of
 * all time, by month: the time-weighted return of each month's trading days), and each year's
 * months compounded. Cells are shaded by sign and size against the largest month.
 */
import { Table, Text } from '@nivesh/ui/chakra';
import type { MonthlyBreakdown } from '@nivesh/api-contract';
import { Unavailable } from '@nivesh/ui';
import { percentText } from '../../features/format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const OPACITY = [15, 30, 45, 60] as const;

/** A cell's background: green for a gain, red for a loss, stronger the larger it is. */
function shade(value: number, largest: number): string {
  if (value === 0 || largest === 0) return 'bg.muted';
  const step = Math.min(OPACITY.length - 1, Math.floor((Math.abs(value) / largest) * OPACITY.length));
  return `${value > 0 ? 'green' : 'red'}.500/${OPACITY[step]}`;
}

/** prod(1 + m) - 1 of monthly returns in percent, in percent. */
function compoundPercent(values: readonly number[]): number {
  return (values.reduce((growth, v) => growth * (1 + v / 100), 1) - 1) * 100;
}

const cellText = (value: number) => percentText(value, { decimals: 1 });

export function MonthlyHeatmap({ months }: { months: readonly MonthlyBreakdown[] }) {
  if (months.length === 0) return <Unavailable title="No monthly returns yet" />;
  const years = new Map<string, Map<number, number>>();
  for (const m of months) {
    const [year, month] = m.month.split('-') as [string, string];
    const row = years.get(year) ?? new Map<number, number>();
    row.set(Number(month) - 1, m.return_percent);
    years.set(year, row);
  }
  const largest = Math.max(...months.map((m) => Math.abs(m.return_percent)));
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" aria-label="Monthly returns" fontVariantNumeric="tabular-nums" textStyle="xs">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Year</Table.ColumnHeader>
            {MONTHS.map((m) => (
              <Table.ColumnHeader key={m} textAlign="center" px="1">
                {m}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">Year</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {[...years]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([year, row]) => {
              const total = compoundPercent([...row.values()]);
              return (
                <Table.Row key={year}>
                  <Table.Cell fontWeight="semibold">{year}</Table.Cell>
                  {MONTHS.map((_, month) => {
                    const value = row.get(month);
                    const key = `${year}-${String(month + 1).padStart(2, '0')}`;
                    return (
                      <Table.Cell
                        key={key}
                        data-testid={`month-${key}`}
                        title={
                          value === undefined
                            ? undefined
                            : `${monthName.format(new Date(`${key}-01T00:00:00Z`))}: ${percentText(value)}`
                        }
                        textAlign="center"
                        px="1"
                        minW="3.5rem"
                        bg={value === undefined ? undefined : shade(value, largest)}
                      >
                        {value === undefined ? '' : cellText(value)}
                      </Table.Cell>
                    );
                  })}
                  <Table.Cell textAlign="end" data-testid={`year-${year}`}>
                    <Text
                      as="span"
                      fontWeight="semibold"
                      color={total < 0 ? 'loss' : total > 0 ? 'gain' : undefined}
                    >
                      {cellText(total)}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              );
            })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
