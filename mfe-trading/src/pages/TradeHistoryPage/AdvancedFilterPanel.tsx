/**
 * Advanced filters: side, account, product, net P&L range and entry dates. Edits stay a draft
 * until Apply; the server applies them with the period, status and search.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Text } from '@nivesh/ui/chakra';
import { TradeMode, TradeProduct, TradeSide, type TradeHistoryFilter } from '@nivesh/api-contract';
import { Panel } from '@nivesh/ui';

export type AdvancedFilter = Partial<
  Pick<TradeHistoryFilter, 'side' | 'mode' | 'product' | 'min_pnl' | 'max_pnl' | 'from' | 'to'>
>;

/** How many advanced filters are set (shown on the button). */
export function activeFilterCount(filter: AdvancedFilter): number {
  return Object.values(filter).filter((value) => value !== undefined).length;
}

interface Draft {
  side: string;
  mode: string;
  product: string;
  minPnl: string;
  maxPnl: string;
  from: string;
  to: string;
}

function toDraft(filter: AdvancedFilter): Draft {
  return {
    side: filter.side ?? '',
    mode: filter.mode ?? '',
    product: filter.product ?? '',
    minPnl: filter.min_pnl === undefined ? '' : String(filter.min_pnl),
    maxPnl: filter.max_pnl === undefined ? '' : String(filter.max_pnl),
    from: filter.from ?? '',
    to: filter.to ?? '',
  };
}

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function fromDraft(draft: Draft): { filter: AdvancedFilter; problem?: string } {
  const filter: AdvancedFilter = {
    side: TradeSide.safeParse(draft.side).data,
    mode: TradeMode.safeParse(draft.mode).data,
    product: TradeProduct.safeParse(draft.product).data,
    min_pnl: optionalNumber(draft.minPnl),
    max_pnl: optionalNumber(draft.maxPnl),
    from: draft.from || undefined,
    to: draft.to || undefined,
  };
  if ([filter.min_pnl, filter.max_pnl].some((v) => v !== undefined && !Number.isFinite(v))) {
    return { filter, problem: 'Enter P&L bounds as numbers.' };
  }
  if (filter.min_pnl !== undefined && filter.max_pnl !== undefined && filter.min_pnl > filter.max_pnl) {
    return { filter, problem: 'Minimum P&L must not be above maximum P&L.' };
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    return { filter, problem: 'The start date must not be after the end date.' };
  }
  return { filter };
}

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">Any</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function AdvancedFilterPanel({
  applied,
  onApply,
  onClose,
}: {
  applied: AdvancedFilter;
  onApply: (filter: AdvancedFilter) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(applied));
  const [problem, setProblem] = useState<string>();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = fromDraft(draft);
    setProblem(result.problem);
    if (!result.problem) onApply(result.filter);
  };

  const clear = () => {
    setDraft(toDraft({}));
    setProblem(undefined);
    onApply({});
  };

  return (
    <Panel
      title="Advanced Filters"
      subtitle="Narrow the history; applied by the server together with the period, status and search."
      actions={
        <Button size="xs" variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      <form onSubmit={submit} aria-label="Advanced filters" noValidate>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          <Select
            label="Side"
            value={draft.side}
            onChange={set('side')}
            options={[
              { value: 'BUY', label: 'BUY' },
              { value: 'SELL', label: 'SELL' },
            ]}
          />
          <Select
            label="Mode"
            value={draft.mode}
            onChange={set('mode')}
            options={[
              { value: 'live', label: 'Live' },
              { value: 'paper', label: 'Paper' },
            ]}
          />
          <Select
            label="Product"
            value={draft.product}
            onChange={set('product')}
            options={[
              { value: 'CNC', label: 'CNC (delivery)' },
              { value: 'MIS', label: 'MIS (intraday)' },
            ]}
          />
          <Field.Root>
            <Field.Label>Min net P&L (₹)</Field.Label>
            <Input
              size="sm"
              type="number"
              step="1"
              value={draft.minPnl}
              onChange={(e) => set('minPnl')(e.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Max net P&L (₹)</Field.Label>
            <Input
              size="sm"
              type="number"
              step="1"
              value={draft.maxPnl}
              onChange={(e) => set('maxPnl')(e.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>From (entry date)</Field.Label>
            <Input size="sm" type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>To (entry date)</Field.Label>
            <Input size="sm" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
          </Field.Root>
        </SimpleGrid>
        {problem && (
          <Text role="alert" color="fg.error" textStyle="sm" mt="3">
            {problem}
          </Text>
        )}
        <HStack gap="2" mt="4" justify="flex-end">
          <Button size="sm" variant="outline" onClick={clear}>
            Clear
          </Button>
          <Button size="sm" type="submit" colorPalette="brand">
            Apply filters
          </Button>
        </HStack>
      </form>
    </Panel>
  );
}
