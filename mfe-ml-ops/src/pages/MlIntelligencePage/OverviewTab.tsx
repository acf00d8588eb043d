/** The System Overview tab (specification part 2, ML Intelligence). */
import {
  AbsoluteCenter,
  Badge,
  Box,
  Flex,
  HStack,
  ProgressCircle,
  SimpleGrid,
  Stack,
  Text,
} from '@nivesh/ui/chakra';
import { LuBrain, LuCpu, LuDatabase, LuNetwork, LuTrendingDown, LuTrendingUp, LuMinus } from 'react-icons/lu';
import type { MlIntelligenceMetrics, ModelStatus, TradingMode } from '@nivesh/api-contract';
import {
  describeModel,
  formatIstDateTime,
  ML_FIGURE_MISSING,
  NO_FIGURE,
  Panel,
  Unavailable,
  type ModelDescription,
} from '@nivesh/ui';
import { autonomousTiles } from '../../features/autonomousTiles';
import {
  activeLabel,
  formatCount,
  formatLearningRate,
  fractionPercent,
  humanizeKey,
  yesNo,
} from '../../features/format';
import { MetricRow } from '../../features/MetricRow';
import { ScoreBar, ScoreValue, SCORE_PALETTE, scoreTone } from '../../features/score';
import { StatusCard } from '../../features/StatusCard';
import type { MlIntelligenceData } from './useMlIntelligenceData';

type Overview = MlIntelligenceData['overview'];

/** Shown in a status card whose call failed (the specification's words). */
const NOT_CONNECTED = 'Not Connected (Future Enhancement)';
/** Lists of patterns and insights show at most this many items. */
const PATTERN_LIST_LIMIT = 3;

/** Keys of system_health shown elsewhere on the card, not in the grid. */
const HEALTH_META_KEYS = new Set([
  'health_trend',
  'monitoring_active',
  'critical_alerts',
  'emergency_alerts',
]);

const MODE_LABEL: Record<TradingMode, string> = { live: 'Live', paper: 'Paper', mock: 'Mock' };

function NotConnected({ text = NOT_CONNECTED }: { text?: string }) {
  return (
    <Text textStyle="sm" color="fg.muted" py="2">
      {text}
    </Text>
  );
}

function StateBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {activeLabel(active)}
    </Badge>
  );
}

function TrendLabel({ trend }: { trend: MlIntelligenceMetrics['system_health']['health_trend'] }) {
  if (trend === 'improving')
    return (
      <HStack gap="1" color="gain">
        <LuTrendingUp /> <Text as="span">Improving</Text>
      </HStack>
    );
  // The original showed every other trend as Stable; a declining trend is said as such.
  if (trend === 'declining')
    return (
      <HStack gap="1" color="loss">
        <LuTrendingDown /> <Text as="span">Declining</Text>
      </HStack>
    );
  return (
    <HStack gap="1" color="fg.muted">
      <LuMinus /> <Text as="span">Stable</Text>
    </HStack>
  );
}

/** Why a system_health entry is null (the contract: no model, nothing measured, no engine). */
function healthMissing(key: string, model: ModelDescription): string {
  // The Model panel above says why and when one will be ready.
  if (key === 'overall_health' || key === 'model_health') return model.headline;
  if (key === 'learning_health') return ML_FIGURE_MISSING.learning;
  if (key === 'engine_health') return ML_FIGURE_MISSING.engines;
  return 'Not measured yet.';
}

function SystemHealthCard({ metrics }: { metrics: MlIntelligenceMetrics }) {
  const health = metrics.system_health;
  const model = describeModel(metrics.model);
  const entries = Object.entries(health).filter(([key]) => !HEALTH_META_KEYS.has(key));
  return (
    <Panel
      title="System Health Overview"
      actions={
        <HStack gap="3" textStyle="sm">
          <TrendLabel trend={health.health_trend} />
          <Badge colorPalette={health.monitoring_active ? 'green' : 'gray'} variant="subtle">
            {health.monitoring_active ? 'Monitoring Active' : 'Monitoring Off'}
          </Badge>
        </HStack>
      }
    >
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="4">
        {entries.map(([key, value]) => (
          <Stack key={key} gap="1" role="group" aria-label={humanizeKey(key)}>
            <Text textStyle="xs" color="fg.muted">
              {humanizeKey(key)}
            </Text>
            {typeof value === 'number' ? (
              <ScoreValue score={value} size="lg" />
            ) : value === null ? (
              <>
                <Text fontWeight="semibold" textStyle="xl" color="fg.muted">
                  {NO_FIGURE}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {healthMissing(key, model)}
                </Text>
              </>
            ) : (
              <Text fontWeight="semibold">{typeof value === 'boolean' ? yesNo(value) : value}</Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
      <HStack gap="3" mt="4" wrap="wrap">
        {health.critical_alerts === 0 ? (
          <Badge colorPalette="green" variant="subtle">
            No Critical Alerts
          </Badge>
        ) : (
          <Badge colorPalette="red" variant="solid">
            {health.critical_alerts} Critical Alert{health.critical_alerts === 1 ? '' : 's'}
          </Badge>
        )}
        {health.emergency_alerts > 0 && (
          <Badge colorPalette="red" variant="solid">
            {health.emergency_alerts} Emergency Alert{health.emergency_alerts === 1 ? '' : 's'}
          </Badge>
        )}
      </HStack>
    </Panel>
  );
}

const MODEL_PALETTE = { ok: 'green', pending: 'blue', problem: 'orange' } as const;

/**
 * Where the model stands: its state in words (being trained and when it should be ready, failed
 * and why, learning off), the version in use and every time in IST.
 */
function ModelPanel({ model }: { model: ModelStatus }) {
  const text = describeModel(model);
  const time = (value: string | null) => (value === null ? null : formatIstDateTime(value));
  return (
    <Panel
      title="Model"
      subtitle="The model the allocator's confidence comes from"
      actions={
        <Badge colorPalette={MODEL_PALETTE[text.tone]} variant="subtle" data-testid="model-state">
          {text.headline}
        </Badge>
      }
    >
      <Stack gap="3">
        <Text textStyle="sm" role="status" aria-label="Model state">
          {text.detail}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} rowGap="1" columnGap="6">
          <MetricRow label="Model Version" missing={text.headline}>
            {model.version}
          </MetricRow>
          <MetricRow label="Trained" missing="No model yet.">
            {time(model.trained_at)}
          </MetricRow>
          <MetricRow label="Last Full Training" missing="None has stored a model yet.">
            {time(model.last_full_training_at)}
          </MetricRow>
          <MetricRow
            label="Next Learning Pass"
            missing="The learner does not run on this server (NIVESH_LEARNING_OFF)."
          >
            {time(model.next_pass_at)}
          </MetricRow>
        </SimpleGrid>
      </Stack>
    </Panel>
  );
}

function StatusCards({ overview }: { overview: Overview }) {
  const { memory, knowledgeGraph, learning, engines } = overview;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
      <StatusCard title="Memory System" icon={LuDatabase}>
        {memory.data ? (
          <>
            <MetricRow label="Total Memories">{formatCount(memory.data.total_memories)}</MetricRow>
            <MetricRow label="Active Patterns">{formatCount(memory.data.active_patterns)}</MetricRow>
            <MetricRow label="Retention Rate" missing={ML_FIGURE_MISSING.retention}>
              {memory.data.retention_rate === null ? null : fractionPercent(memory.data.retention_rate)}
            </MetricRow>
            <MetricRow label="Memory Health" missing={ML_FIGURE_MISSING.memoryHealth}>
              {memory.data.memory_health === null ? null : <ScoreValue score={memory.data.memory_health} />}
            </MetricRow>
            {memory.data.memory_health !== null && (
              <ScoreBar score={memory.data.memory_health} label="Memory health" />
            )}
          </>
        ) : (
          <NotConnected />
        )}
      </StatusCard>
      <StatusCard title="Knowledge Graph" icon={LuNetwork}>
        {knowledgeGraph.data ? (
          <>
            <MetricRow label="Nodes">{formatCount(knowledgeGraph.data.total_nodes)}</MetricRow>
            <MetricRow label="Relationships">
              {formatCount(knowledgeGraph.data.total_relationships)}
            </MetricRow>
            <MetricRow label="Active Concepts">{formatCount(knowledgeGraph.data.active_concepts)}</MetricRow>
            <MetricRow label="Knowledge Depth">
              <ScoreValue score={knowledgeGraph.data.knowledge_depth} />
            </MetricRow>
            <ScoreBar score={knowledgeGraph.data.knowledge_depth} label="Knowledge depth" />
          </>
        ) : (
          <NotConnected />
        )}
      </StatusCard>
      <StatusCard title="Learning Engine" icon={LuBrain}>
        {learning.data ? (
          <>
            <MetricRow label="Status">{activeLabel(learning.data.learning_active)}</MetricRow>
            <MetricRow label="Success Rate" missing={ML_FIGURE_MISSING.learning}>
              {learning.data.adaptation_success_rate === null ? null : (
                <ScoreValue score={learning.data.adaptation_success_rate} />
              )}
            </MetricRow>
            <MetricRow label="Recent Adaptations">{formatCount(learning.data.recent_adaptations)}</MetricRow>
            <MetricRow label="Learning Rate">{formatLearningRate(learning.data.learning_rate)}</MetricRow>
          </>
        ) : (
          <NotConnected />
        )}
      </StatusCard>
      <StatusCard title="Orchestrator" icon={LuCpu}>
        {engines.data ? (
          <>
            <MetricRow label="Engines Active">
              {engines.data.engines_active}/{engines.data.total_engines}
            </MetricRow>
            <MetricRow label="Synchronized">{yesNo(engines.data.synchronized)}</MetricRow>
            <MetricRow label="Trading Mode">{MODE_LABEL[engines.data.trading_mode]}</MetricRow>
          </>
        ) : (
          <NotConnected text="Status Unavailable" />
        )}
      </StatusCard>
    </SimpleGrid>
  );
}

function CountTile({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap="0.5" bg="bg.subtle" rounded="l2" p="3" role="group" aria-label={label}>
      <Text textStyle="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {formatCount(value)}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

function ActiveLearningMetrics({ learning }: { learning: Overview['learning'] }) {
  const data = learning.data;
  return (
    <Panel title="Active Learning Metrics" subtitle="Learning events of the last 24 hours">
      {data ? (
        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'center' }}>
          <Stack gap="4" flex="1">
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
              <CountTile label="Model Updates" value={data.learning_event_breakdown.model_updates} />
              <CountTile
                label="Pattern Recognition"
                value={data.learning_event_breakdown.pattern_recognition}
              />
              <CountTile
                label="Strategy Refinements"
                value={data.learning_event_breakdown.strategy_refinements}
              />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <MetricRow label="Adaptation Score" missing={ML_FIGURE_MISSING.learning}>
                {data.adaptation_score === null ? null : <ScoreValue score={data.adaptation_score} />}
              </MetricRow>
              <MetricRow label="Adaptation Success Rate" missing={ML_FIGURE_MISSING.learning}>
                {data.adaptation_success_rate === null ? null : (
                  <ScoreValue score={data.adaptation_success_rate} />
                )}
              </MetricRow>
            </SimpleGrid>
          </Stack>
          <Stack align="center" gap="2" minW="40" role="group" aria-label="Learning health status">
            <ProgressCircle.Root
              value={data.learning_health === null ? 0 : Math.round(data.learning_health * 1000) / 10}
              size="xl"
              colorPalette={
                data.learning_health === null ? 'gray' : SCORE_PALETTE[scoreTone(data.learning_health)]
              }
            >
              <ProgressCircle.Circle>
                <ProgressCircle.Track />
                <ProgressCircle.Range />
              </ProgressCircle.Circle>
              <AbsoluteCenter>
                <ProgressCircle.ValueText>
                  {data.learning_health === null ? NO_FIGURE : fractionPercent(data.learning_health)}
                </ProgressCircle.ValueText>
              </AbsoluteCenter>
            </ProgressCircle.Root>
            <Text textStyle="xs" color="fg.muted">
              Learning Health
            </Text>
            {data.learning_health === null && (
              <Text textStyle="xs" color="fg.muted" textAlign="center" maxW="48">
                {ML_FIGURE_MISSING.learning}
              </Text>
            )}
            <HStack gap="2">
              <StateBadge active={data.learning_active} />
              <Badge variant="outline" colorPalette={data.adapting ? 'blue' : 'gray'}>
                Adapting: {yesNo(data.adapting)}
              </Badge>
            </HStack>
          </Stack>
        </Flex>
      ) : (
        <Unavailable title="Learning metrics not available" />
      )}
    </Panel>
  );
}

function AutonomousLearning({ status }: { status: Overview['autonomousStatus'] }) {
  const tiles = status.data ? autonomousTiles(status.data) : [];
  return (
    <Panel title="Autonomous Learning System">
      {!status.data ? (
        <Unavailable title="Autonomous learning status not available" />
      ) : tiles.length === 0 ? (
        <Unavailable title="The autonomous learner reported no status values" />
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {tiles.map((tile) => (
            <Stack
              key={tile.key}
              gap="1"
              bg="bg.subtle"
              rounded="l2"
              p="3"
              role="group"
              aria-label={tile.label}
            >
              <Text textStyle="xs" color="fg.muted">
                {tile.label}
              </Text>
              <Text
                fontWeight="semibold"
                fontVariantNumeric="tabular-nums"
                color={tile.active === undefined ? 'fg' : tile.active ? 'gain' : 'fg.muted'}
                wordBreak="break-word"
              >
                {tile.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Panel>
  );
}

function ShownOf({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <Text textStyle="xs" color="fg.muted">
      {shown} of {total} shown
    </Text>
  );
}

function PatternsAndInsights({ patterns }: { patterns: Overview['autonomousPatterns'] }) {
  const data = patterns.data;
  return (
    <Panel title="Learned Patterns & Insights">
      {!data ? (
        <Unavailable title="Learned patterns not available" />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Stack gap="3" as="section" aria-label="Learned Patterns">
            <Text fontWeight="semibold">Learned Patterns</Text>
            {data.learned_patterns.length === 0 && (
              <Text textStyle="sm" color="fg.muted">
                No patterns learned yet.
              </Text>
            )}
            {data.learned_patterns.slice(0, PATTERN_LIST_LIMIT).map((pattern) => (
              <Box key={pattern.name} borderLeftWidth="3px" borderColor="brand.solid" pl="3">
                <Flex justify="space-between" gap="2">
                  <Text fontWeight="medium">{pattern.name}</Text>
                  <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums" flexShrink="0">
                    {fractionPercent(pattern.confidence)} · {formatCount(pattern.occurrences)}×
                  </Text>
                </Flex>
                <Text textStyle="sm" color="fg.muted">
                  {pattern.description}
                </Text>
              </Box>
            ))}
            <ShownOf shown={PATTERN_LIST_LIMIT} total={data.learned_patterns.length} />
          </Stack>
          <Stack gap="3" as="section" aria-label="Insights">
            <Text fontWeight="semibold">Insights</Text>
            {data.insights.length === 0 && (
              <Text textStyle="sm" color="fg.muted">
                No insights yet.
              </Text>
            )}
            {data.insights.slice(0, PATTERN_LIST_LIMIT).map((insight) => (
              <Box
                key={`${insight.title}-${insight.generated_at}`}
                borderLeftWidth="3px"
                borderColor="blue.solid"
                pl="3"
              >
                <Text fontWeight="medium">{insight.title}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {insight.description}
                </Text>
              </Box>
            ))}
            <ShownOf shown={PATTERN_LIST_LIMIT} total={data.insights.length} />
          </Stack>
        </SimpleGrid>
      )}
    </Panel>
  );
}

const PRIORITY_PALETTE = { high: 'red', medium: 'yellow' } as const;

function Recommendations({ metrics }: { metrics: Overview['metrics'] }) {
  const recommendations = metrics.data?.shortcomings_analysis.recommendations;
  return (
    <Panel title="AI System Recommendations & Gap Analysis">
      {!recommendations ? (
        <Unavailable title="Recommendations not available">
          The ML intelligence metrics are not connected.
        </Unavailable>
      ) : recommendations.length === 0 ? (
        <Unavailable title="No recommendations right now">
          The ML system reports no gaps to address.
        </Unavailable>
      ) : (
        <Stack gap="3">
          {recommendations.map((item) => (
            <Box key={item.title} bg="bg.subtle" rounded="l2" p="3">
              <Flex justify="space-between" gap="3" align="flex-start">
                <Text fontWeight="medium">{item.title}</Text>
                <Badge
                  colorPalette={
                    item.priority === 'high' || item.priority === 'medium'
                      ? PRIORITY_PALETTE[item.priority]
                      : 'blue'
                  }
                  variant="subtle"
                  textTransform="capitalize"
                >
                  {item.priority}
                </Badge>
              </Flex>
              <Text textStyle="sm" color="fg.muted" mt="1">
                {item.description}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function OverviewTab({ overview }: { overview: Overview }) {
  return (
    <Stack gap="6">
      {overview.metrics.data && <ModelPanel model={overview.metrics.data.model} />}
      {overview.metrics.data && <SystemHealthCard metrics={overview.metrics.data} />}
      <StatusCards overview={overview} />
      <ActiveLearningMetrics learning={overview.learning} />
      <AutonomousLearning status={overview.autonomousStatus} />
      <PatternsAndInsights patterns={overview.autonomousPatterns} />
      <Recommendations metrics={overview.metrics} />
    </Stack>
  );
}
