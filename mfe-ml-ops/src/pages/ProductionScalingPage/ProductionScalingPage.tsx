/**
 * Production Scaling (specification part 2, Production Scaling and section 9). The phases and
 * safety limits are the specification's constants; the current phase and capital come from the
 * server, and when it does not answer the page says so instead of assuming Phase 1 and ₹25,000.
 */
import { Badge, Box, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuBellRing, LuShieldAlert } from 'react-icons/lu';
import {
  PRODUCTION_PHASES,
  SAFETY_LIMITS,
  phaseStatus,
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
  formatRupees,
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

function SafetyMechanisms() {
  const s = SAFETY_LIMITS;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <Panel title="Circuit Breakers" actions={<LuShieldAlert aria-hidden />}>
        <List.Root gap="2" ps="5" textStyle="sm">
          <List.Item>Stop trading if volatility exceeds {s.max_volatility_pct}%</List.Item>
          <List.Item>
            Auto-stop if the market drops more than {s.market_drop_pct}% in{' '}
            {s.market_drop_window_minutes / 60} hour
          </List.Item>
          <List.Item>Stop trading if the liquidity ratio falls below {s.min_liquidity_ratio_pct}%</List.Item>
        </List.Root>
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
      <Text color="fg.muted" mb="4">
        The system scales up to the next phase on consistent performance and scales down on losses.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="4" mb="6">
        {PRODUCTION_PHASES.map((phase, index) => (
          <PhaseCard key={phase.phase} phase={phase} status={statuses[index] ?? 'unknown'} />
        ))}
      </SimpleGrid>
      <SafetyMechanisms />
    </Box>
  );
}
