/**
 * Production Scaling (specification part 2, Production Scaling and section 9). The phases and
 * safety limits are the specification's constants; the current phase and capital, the progress
 * towards the phase's targets, the limits in force and the circuit breakers' figures come from the
 * server (which enforces them), and when it does not answer the page says so instead of assuming
 * Phase 1 and ₹25,000.
 */
import {
  Badge,
  Box,
  Flex,
  Heading,
  HStack,
  List,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@nivesh/ui/chakra';
import { LuBellRing, LuShieldAlert } from 'react-icons/lu';
import {
  PRODUCTION_PHASES,
  SAFETY_LIMITS,
  phaseStatus,
  type CircuitBreaker,
  type CircuitBreakerId,
  type PhaseStatus,
  type ProductionPhase,
  type ScalingProgress,
  type ScalingStatus,
} from '@nivesh/api-contract';
import { queryView, selectView, useScalingStatusQuery, type QueryView } from '@nivesh/api-client';
import {
  ConnectionBanner,
  PageHeader,
  Panel,
  QueryNotice,
  StatCard,
  formatDay,
  formatIstDateTime,
  formatRupees,
  formatPercent,
  formatRupeesCompact,
} from '@nivesh/ui';
import { formatCount, percent1 } from '../../features/format';
import { MetricRow } from '../../features/MetricRow';

const PROGRESS_LABEL: Record<ScalingProgress, string> = {
  in_progress: 'In progress',
  ready: 'Ready to scale up',
  scaled_down: 'Scaled down',
  stopped: 'Stopped',
};

/** A phase's status, or unknown while the capital is not known. */
type CardStatus = PhaseStatus | 'unknown';

const STATUS_BADGE: Record<CardStatus, { label: string; palette: string }> = {
  completed: { label: 'Completed', palette: 'green' },
  active: { label: 'Active', palette: 'blue' },
  locked: { label: 'Locked', palette: 'gray' },
  unknown: { label: 'Status unknown', palette: 'gray' },
};

function rangeLabel(phase: ProductionPhase): string {
  if (phase.max_capital === null) return `${formatRupeesCompact(phase.min_capital)}+`;
  return `${formatRupeesCompact(phase.min_capital)} – ${formatRupeesCompact(phase.max_capital)}`;
}

function PhaseCard({ phase, status }: { phase: ProductionPhase; status: CardStatus }) {
  const badge = STATUS_BADGE[status];
  const active = status === 'active';
  return (
    <Box
      as="section"
      aria-label={`Phase ${phase.phase} ${phase.name}`}
      data-status={status}
      bg="bg.panel"
      borderWidth={active ? '2px' : '1px'}
      borderColor={active ? 'blue.solid' : 'border'}
      opacity={status === 'locked' || status === 'unknown' ? 0.8 : 1}
      rounded="l3"
      p="4"
      shadow="xs"
    >
      {/*
        The badge shares the line of the small 'Phase N', not the name's: five cards across leave
        too little room beside a name such as 'Professional'. Where even that does not fit, it
        wraps under it, inside the card.
      */}
      <Flex justify="space-between" align="center" columnGap="2" rowGap="1" wrap="wrap">
        <Text textStyle="xs" color="fg.muted">
          Phase {phase.phase}
        </Text>
        <Badge colorPalette={badge.palette} variant={active ? 'solid' : 'subtle'} maxW="full">
          {badge.label}
        </Badge>
      </Flex>
      <Heading as="h3" size="md" mb="1">
        {phase.name}
      </Heading>
      <Text fontWeight="semibold" mb="3" fontVariantNumeric="tabular-nums">
        {rangeLabel(phase)}
      </Text>
      <Stack gap="0">
        <MetricRow label="Max position">{phase.max_position_pct}%</MetricRow>
        <MetricRow label="Max daily loss">{phase.max_daily_loss_pct}%</MetricRow>
        <MetricRow label="Min ML confidence">{phase.min_ml_confidence.toFixed(2)}</MetricRow>
        <MetricRow label="Emergency stop loss">{phase.emergency_stop_loss_pct}%</MetricRow>
        <MetricRow label="Success rate target">{phase.success_rate_target_pct}%</MetricRow>
        <MetricRow label="Profit target">{phase.profit_target_pct}%</MetricRow>
        <MetricRow label="Min days">{phase.min_days}</MetricRow>
      </Stack>
    </Box>
  );
}

function CurrentStatus({ view, refetch }: { view: QueryView<ScalingStatus>; refetch: () => void }) {
  const status = view.data;
  const isLoading = view.state === 'loading';
  const phase = status && PRODUCTION_PHASES.find((p) => p.phase === status.current_phase);
  if (!isLoading && !status) {
    return (
      <ConnectionBanner
        title="Scaling status not connected"
        onRetry={refetch}
        description={
          <>
            {view.failureText} The current phase and capital are unknown; the phases below show the fixed
            limits of each phase.
          </>
        }
      />
    );
  }
  return (
    <>
      <QueryNotice view={view} unavailableTitle="Scaling status not connected" />
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="4" mb="6">
        <StatCard
          label="Current Phase"
          loading={isLoading}
          value={status && `Phase ${status.current_phase}${phase ? ` · ${phase.name}` : ''}`}
        />
        <StatCard label="Capital" loading={isLoading} value={status && formatRupees(status.capital)} />
        <StatCard
          label="Success Rate"
          loading={isLoading}
          value={status && percent1(status.success_rate)}
          help={phase && `Target ${phase.success_rate_target_pct}%`}
        />
        <StatCard
          label="Days in Phase"
          loading={isLoading}
          value={status && formatCount(status.days_in_phase)}
          help={phase && `Minimum ${phase.min_days}`}
        />
        <StatCard label="Status" loading={isLoading} value={status && PROGRESS_LABEL[status.status]} />
      </SimpleGrid>
    </>
  );
}

/** A figure against its target: the bar fills as the figure reaches the target. */
function TargetBar({
  label,
  value,
  target,
  text,
  detail,
}: {
  label: string;
  value: number;
  target: number;
  /** The figure and its target, formatted. */
  text: string;
  detail?: string;
}) {
  const met = value >= target;
  const filled = target > 0 ? Math.min(100, Math.max(0, (value / target) * 100)) : 100;
  return (
    <Stack gap="1.5" role="group" aria-label={label} data-met={met}>
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text
          textStyle="sm"
          fontWeight="semibold"
          fontVariantNumeric="tabular-nums"
          color={met ? 'green.fg' : 'fg'}
        >
          {text}
        </Text>
      </Flex>
      <Progress.Root value={filled} max={100} size="sm" colorPalette={met ? 'green' : 'blue'}>
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {detail && (
        <Text textStyle="xs" color="fg.muted">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

/** A figure against a limit it must stay under: green, then orange from 80% of it, red at it. */
function LimitBar({
  label,
  value,
  limit,
  text,
}: {
  label: string;
  value: number;
  limit: number;
  text: string;
}) {
  const palette = value >= limit ? 'red' : value >= 0.8 * limit ? 'orange' : 'green';
  return (
    <Stack gap="1.5" role="group" aria-label={label} data-palette={palette}>
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={`${palette}.fg`}>
          {text}
        </Text>
      </Flex>
      <Progress.Root value={Math.min(100, (value / limit) * 100)} max={100} size="sm" colorPalette={palette}>
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

/** +1.2% / -0.4% / 0.0%: the shared formatter (a loss rounding to nothing shows no minus sign). */
const signedPercent = (value: number) => formatPercent(value, { decimals: 1, sign: Math.abs(value) >= 0.05 });

/** Where the account stands in its phase: the targets to move up and the limits in force. */
function PhaseProgress({ status, phase }: { status: ScalingStatus; phase: ProductionPhase }) {
  const next = PRODUCTION_PHASES.find((p) => p.phase === phase.phase + 1);
  return (
    <Stack gap="6" mb="6">
      {status.reasons.length > 0 && (
        <Panel title="Why this status">
          <List.Root gap="1.5" ps="5" textStyle="sm" aria-label="Status reasons">
            {status.reasons.map((reason) => (
              <List.Item key={reason} overflowWrap="anywhere">
                {reason}
              </List.Item>
            ))}
          </List.Root>
          <Text textStyle="xs" color="fg.muted" mt="3">
            As of {formatIstDateTime(status.as_of)}
          </Text>
        </Panel>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel
          title={next ? `Towards Phase ${next.phase} ${next.name}` : `Phase ${phase.phase} targets`}
          subtitle={`In Phase ${phase.phase} ${phase.name} since ${formatDay(status.phase_started_on)} · highest phase reached: ${status.highest_phase}`}
        >
          <Stack gap="4">
            <TargetBar
              label="Success rate since the phase began"
              value={status.success_rate}
              target={phase.success_rate_target_pct}
              text={`${percent1(status.success_rate)} / ${phase.success_rate_target_pct}%`}
              detail={`${formatCount(status.winning_trades)} of ${formatCount(status.closed_trades)} closed trades won since the phase began`}
            />
            <TargetBar
              label="Profit since the phase began"
              value={status.profit_since_phase_start_pct}
              target={phase.profit_target_pct}
              text={`${signedPercent(status.profit_since_phase_start_pct)} / ${phase.profit_target_pct}%`}
              detail="Time-weighted return since the phase began (deposits and withdrawals aside)"
            />
            <TargetBar
              label="Days in the phase"
              value={status.days_in_phase}
              target={phase.min_days}
              text={`${formatCount(status.days_in_phase)} / ${phase.min_days} days`}
            />
          </Stack>
        </Panel>
        <Panel
          title="Limits in force"
          subtitle={`Phase ${phase.phase} ${phase.name}'s limits: every order that opens a position is checked against them`}
        >
          <Stack gap="4">
            <MetricRow label="Largest position allowed">
              {phase.max_position_pct}% of capital (
              {formatRupees((status.capital * phase.max_position_pct) / 100)})
            </MetricRow>
            <LimitBar
              label="Today's loss"
              value={status.day_loss_pct}
              limit={phase.max_daily_loss_pct}
              text={`${percent1(status.day_loss_pct)} / ${phase.max_daily_loss_pct}% max daily loss`}
            />
            <LimitBar
              label="Below peak"
              value={status.drawdown_pct}
              limit={phase.emergency_stop_loss_pct}
              text={`${percent1(status.drawdown_pct)} / ${phase.emergency_stop_loss_pct}% emergency stop`}
            />
            <MetricRow label="Min ML confidence for automated entries">
              {phase.min_ml_confidence.toFixed(2)}
            </MetricRow>
          </Stack>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

/** The rule of each breaker, as the specification words it. */
const BREAKER_RULES: Record<CircuitBreakerId, string> = {
  volatility: `Stop trading if volatility exceeds ${SAFETY_LIMITS.max_volatility_pct}%`,
  market_drop: `Auto-stop if the market drops more than ${SAFETY_LIMITS.market_drop_pct}% in ${
    SAFETY_LIMITS.market_drop_window_minutes / 60
  } hour`,
  liquidity: `Stop trading if the liquidity ratio falls below ${SAFETY_LIMITS.min_liquidity_ratio_pct}%`,
};
const BREAKER_ORDER: CircuitBreakerId[] = ['volatility', 'market_drop', 'liquidity'];

/** A breaker's rule and, when measured, its figure against the threshold. */
function BreakerRow({ id, breaker }: { id: CircuitBreakerId; breaker?: CircuitBreaker }) {
  const state = !breaker
    ? null
    : breaker.tripped
      ? 'tripped'
      : breaker.value === null
        ? 'unmeasured'
        : 'clear';
  const badge = {
    tripped: { label: 'Tripped', palette: 'red' },
    clear: { label: 'Clear', palette: 'green' },
    unmeasured: { label: 'Not measured', palette: 'gray' },
  } as const;
  // The cash ratio must stay above its threshold (a 0-100 scale); the others below it (a scale to
  // twice the threshold, so the threshold sits mid-bar).
  const scaleMax = id === 'liquidity' ? 100 : 2 * (breaker?.threshold ?? 1);
  return (
    <Stack gap="1.5" role="group" aria-label={BREAKER_RULES[id]} data-state={state ?? 'unknown'}>
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Text textStyle="sm" flex="1 1 12rem" minW="0">
          {BREAKER_RULES[id]}
        </Text>
        {state && (
          <HStack gap="2">
            {breaker?.value !== null && breaker?.value !== undefined && (
              <Text textStyle="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {percent1(breaker.value)}
              </Text>
            )}
            <Badge colorPalette={badge[state].palette} variant={state === 'tripped' ? 'solid' : 'subtle'}>
              {badge[state].label}
            </Badge>
          </HStack>
        )}
      </Flex>
      {breaker && breaker.value !== null && (
        <Progress.Root
          value={Math.min(scaleMax, Math.max(0, breaker.value))}
          max={scaleMax}
          size="xs"
          colorPalette={breaker.tripped ? 'red' : 'green'}
        >
          <Progress.Track
            rounded="full"
            aria-label={`${breaker.label}: ${percent1(breaker.value)}, threshold ${breaker.threshold}%`}
          >
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {breaker && (
        <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
          {breaker.message}
        </Text>
      )}
    </Stack>
  );
}

function SafetyMechanisms({ breakers }: { breakers?: ScalingStatus['circuit_breakers'] }) {
  const s = SAFETY_LIMITS;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <Panel
        title="Circuit Breakers"
        subtitle={
          breakers &&
          (breakers.tripped
            ? 'Tripped: the automation opens no new position until every breaker clears.'
            : 'All clear: the automation may open positions.')
        }
        actions={<LuShieldAlert aria-hidden />}
      >
        <Stack gap="4">
          {BREAKER_ORDER.map((id) => (
            <BreakerRow key={id} id={id} breaker={breakers?.breakers.find((b) => b.id === id)} />
          ))}
        </Stack>
      </Panel>
      <Panel title="Email Alerts" actions={<LuBellRing aria-hidden />}>
        <List.Root gap="2" ps="5" textStyle="sm">
          <List.Item>Portfolio loss above {s.alert_portfolio_loss_pct}%</List.Item>
          <List.Item>Circuit breaker triggers</List.Item>
          <List.Item>ML confidence dropping significantly</List.Item>
        </List.Root>
      </Panel>
    </SimpleGrid>
  );
}

export default function ProductionScalingPage() {
  const query = useScalingStatusQuery();
  // After a failed refetch the last answer stays, marked stale with its age.
  const view = selectView(queryView(query), (answer) => answer.data);
  const status = view.data;
  const current = status && PRODUCTION_PHASES.find((p) => p.phase === status.current_phase);
  const statuses: CardStatus[] = PRODUCTION_PHASES.map((phase) =>
    status ? phaseStatus(phase, status.capital) : 'unknown',
  );
  return (
    <Box>
      <PageHeader
        title="Production Scaling"
        subtitle="Capital phases, the limits of each phase, and the safety mechanisms"
      />
      <CurrentStatus view={view} refetch={() => void query.refetch()} />
      {status && current && <PhaseProgress status={status} phase={current} />}
      <Text color="fg.muted" mb="4">
        The system scales up to the next phase on consistent performance and scales down on losses.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="4" mb="6">
        {PRODUCTION_PHASES.map((phase, index) => (
          <PhaseCard key={phase.phase} phase={phase} status={statuses[index] ?? 'unknown'} />
        ))}
      </SimpleGrid>
      <SafetyMechanisms breakers={status?.circuit_breakers} />
    </Box>
  );
}
