/**
 * Decisions: what the allocator and the strategies decided each trading day, with the figures behind
 * each decision (confidence, price, stop, target, the expected move against the break-even after
 * charges) and what came of it (target, stop, time limit, return after charges). Signals the run
 * passed over are folded away behind a count. An ordered entry also shows the ML model's win
 * probability and its expected P&L after charges beside the realised one; above the days, the sums
 * of both over the resolved entries ("calibration in rupees", calibration.ts).
 */
import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { Decision, DecisionDay } from '@nivesh/api-contract';
import { queryView, useDecisionsQuery } from '@nivesh/api-client';
import {
  formatDay,
  formatIstTime,
  formatPercent,
  formatRupees,
  Panel,
  pnlColor,
  QueryNotice,
} from '@nivesh/ui';
import { RunStatusBadge } from './AutomationPanel';
import { rupeeCalibration } from './calibration';

const ACTION = {
  ordered: { label: 'Ordered', palette: 'blue' },
  exit: { label: 'Exit', palette: 'purple' },
  refused: { label: 'Refused', palette: 'red' },
  skipped: { label: 'Skipped', palette: 'gray' },
} as const;

/** A rupee figure coloured by its sign: gains green, losses red. */
function SignedRupees({ value }: { value: number }) {
  const tone = value < 0 ? 'loss' : 'gain';
  return (
    <Text as="span" fontWeight="medium" color={tone} data-tone={tone}>
      {formatRupees(value, { sign: true })}
    </Text>
  );
}

/** The ML figures of an ordered entry: its win probability, expected and realised P&L. */
function MlFigures({ decision }: { decision: Decision }) {
  const { outcome } = decision;
  return (
    <>
      <Text>
        {decision.ml_probability === null
          ? 'No ML model'
          : `ML win probability ${formatPercent(decision.ml_probability * 100, { decimals: 1, sign: false })}`}
      </Text>
      {decision.expected_pnl !== null && (
        <Text data-testid="expected-realised">
          Expected <SignedRupees value={decision.expected_pnl} /> · Realised{' '}
          {!outcome ? (
            'open'
          ) : outcome.kind === 'cancelled' ? (
            'not filled'
          ) : (
            <SignedRupees value={outcome.pnl} />
          )}
        </Text>
      )}
    </>
  );
}

function CalibrationSummary({ days }: { days: readonly DecisionDay[] }) {
  const { count, expected, realised } = rupeeCalibration(days);
  const span = `${days.length} day${days.length === 1 ? '' : 's'} listed`;
  return (
    <Box
      role="group"
      aria-label="Calibration in rupees"
      bg="bg.subtle"
      rounded="l2"
      px="3"
      py="2"
      fontVariantNumeric="tabular-nums"
    >
      <Text textStyle="sm" fontWeight="semibold">
        Calibration in rupees
      </Text>
      {count === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No resolved entry with a model expectation in the {span} yet.
        </Text>
      ) : (
        <>
          <Text textStyle="sm">
            Expected <SignedRupees value={expected} /> · Realised <SignedRupees value={realised} /> over{' '}
            {count} resolved entr{count === 1 ? 'y' : 'ies'}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Ordered entries with the model's expected P&L after charges that closed at their target, stop or
            time limit, in the {span}.
          </Text>
        </>
      )}
    </Box>
  );
}

const OUTCOME = {
  target: 'Target hit',
  stop: 'Stopped out',
  horizon: 'Time limit',
  manual: 'Closed by hand',
  cancelled: 'Not filled',
} as const;

function DecisionRow({ decision }: { decision: Decision }) {
  const action = ACTION[decision.action];
  const { outcome } = decision;
  const breakEven = decision.inputs.break_even_pct;
  const expected = decision.inputs.expected_move_pct;
  return (
    <Box borderTopWidth="1px" borderColor="border" py="2.5" data-testid="decision">
      <Flex gap="2" wrap="wrap" align="center">
        <Text fontWeight="semibold">{decision.symbol}</Text>
        <Text textStyle="sm" color="fg.muted">
          {decision.strategy}
        </Text>
        <Badge
          colorPalette={decision.signal === 'BUY' ? 'green' : decision.signal === 'SELL' ? 'red' : 'gray'}
          variant="outline"
        >
          {decision.signal}
        </Badge>
        <Badge colorPalette={action.palette} variant="subtle">
          {action.label}
        </Badge>
        <Text textStyle="xs" color="fg.muted">
          {formatIstTime(decision.decided_at)}
        </Text>
        <Box flex="1" />
        {outcome ? (
          <Text
            textStyle="sm"
            fontWeight="medium"
            color={outcome.kind === 'cancelled' ? 'fg.muted' : pnlColor(outcome.pnl)}
            fontVariantNumeric="tabular-nums"
          >
            {OUTCOME[outcome.kind]} · {formatRupees(outcome.pnl, { sign: true })} (
            {formatPercent(outcome.return_pct, { sign: true })} after charges)
          </Text>
        ) : decision.action === 'ordered' ? (
          <Text textStyle="sm" color="fg.muted">
            Open
          </Text>
        ) : null}
      </Flex>
      <Flex
        gap={{ base: '2', md: '4' }}
        wrap="wrap"
        textStyle="xs"
        color="fg.muted"
        fontVariantNumeric="tabular-nums"
        mt="1"
      >
        <Text>Confidence {formatPercent(decision.confidence * 100, { decimals: 0, sign: false })}</Text>
        {decision.action === 'ordered' && <MlFigures decision={decision} />}
        <Text>Price {formatRupees(decision.price)}</Text>
        {decision.quantity !== null && <Text>Qty {decision.quantity}</Text>}
        {decision.stop !== null && <Text>Stop {formatRupees(decision.stop)}</Text>}
        {decision.target !== null && <Text>Target {formatRupees(decision.target)}</Text>}
        {expected !== undefined && breakEven !== undefined && (
          <Text>
            Expected move {formatPercent(expected, { decimals: 2, sign: false })} vs break-even{' '}
            {formatPercent(breakEven, { decimals: 2, sign: false })}
          </Text>
        )}
        <Text>Time limit {decision.horizon_days} days</Text>
      </Flex>
      <Text textStyle="sm" mt="1">
        {decision.reason}
      </Text>
    </Box>
  );
}

function DayBlock({ day }: { day: DecisionDay }) {
  const [showSkipped, setShowSkipped] = useState(false);
  const skipped = day.decisions.filter((d) => d.action === 'skipped');
  const shown = showSkipped ? day.decisions : day.decisions.filter((d) => d.action !== 'skipped');
  return (
    <Box as="section" aria-label={`Decisions of ${day.trading_day}`}>
      <HStack gap="2" wrap="wrap" mb="1">
        <Text fontWeight="semibold">{formatDay(day.trading_day)}</Text>
        {day.run && <RunStatusBadge status={day.run.status} />}
        {day.run && (
          <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
            {formatRupees(day.run.spent)} of {formatRupees(day.run.amount)} · {day.run.orders_placed} orders
          </Text>
        )}
      </HStack>
      {day.run && day.run.lines.length > 0 && (
        <Text textStyle="sm" color="fg.muted" mb="1">
          {day.run.lines[day.run.lines.length - 1]}
        </Text>
      )}
      {shown.map((decision) => (
        <DecisionRow key={decision.id} decision={decision} />
      ))}
      {skipped.length > 0 && (
        <Button size="xs" variant="ghost" onClick={() => setShowSkipped(!showSkipped)}>
          {showSkipped ? 'Hide' : 'Show'} {skipped.length} signals passed over
        </Button>
      )}
    </Box>
  );
}

export function DecisionsPanel() {
  const view = queryView(useDecisionsQuery({ query: {} }), 'The decision log did not answer.');
  const days = view.data?.data;
  return (
    <Panel
      title="Decisions"
      subtitle="What the allocator and the strategies decided each day, and what came of it"
    >
      <QueryNotice
        view={view}
        unavailableTitle="Decisions not connected"
        errorTitle="Decisions not available"
      />
      {!days && view.state === 'loading' && <Skeleton height="24" />}
      {days && days.length === 0 && (
        <Text color="fg.muted">No decisions yet: they appear here after the first automated run.</Text>
      )}
      {days && days.length > 0 && (
        <Stack gap="5">
          <CalibrationSummary days={days} />
          {days.map((day) => (
            <DayBlock key={day.trading_day} day={day} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
