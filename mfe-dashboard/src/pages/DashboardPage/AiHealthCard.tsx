/**
 * The fifth summary card: the ML system's overall health from the live metrics, with its band,
 * and 'Learning Active' only while learning runs. Never a fixed figure: without metrics it says
 * so; without a model there is no health to score, and it says where the model stands instead
 * (being trained and when it should be ready, failed and why, or learning off). Critical alerts
 * link to the risk page's alerts, where each is dealt with.
 */
import { queryView, useIntelligenceMetricsQuery } from '@nivesh/api-client';
import { describeModel, StaleNotice, StatCard } from '@nivesh/ui';
import { Stack, Text } from '@nivesh/ui/chakra';
import { LuBrainCircuit } from 'react-icons/lu';
import { CriticalAlertsLink } from '../../features/mlHealth/CriticalAlertsLink';
import { formatScore, healthBand, healthTone } from '../../features/mlHealth/healthBand';

const ML_METRICS_UNAVAILABLE = 'ML metrics unavailable';
const MODEL_TONE = { ok: 'neutral', pending: 'neutral', problem: 'warning' } as const;

export function AiHealthCard() {
  const view = queryView(useIntelligenceMetricsQuery());
  const metrics = view.data?.data;
  const health = metrics?.system_health.overall_health ?? null;
  const model = metrics ? describeModel(metrics.model) : null;
  const critical = metrics?.system_health.critical_alerts ?? 0;

  const help = metrics ? (
    <Stack gap="1">
      {health !== null ? (
        <Text as="span">
          {[healthBand(health), metrics.learning_metrics.learning_active ? 'Learning Active' : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : (
        <Text as="span">
          {model!.headline}. {model!.detail}
        </Text>
      )}
      {critical > 0 && <CriticalAlertsLink count={critical} />}
      {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} />}
    </Stack>
  ) : view.state === 'loading' ? undefined : (
    ML_METRICS_UNAVAILABLE
  );

  return (
    <StatCard
      label="AI Health"
      icon={<LuBrainCircuit />}
      loading={view.state === 'loading'}
      value={health !== null ? formatScore(health) : model ? model.short : undefined}
      tone={health !== null ? healthTone(health) : model ? MODEL_TONE[model.tone] : 'neutral'}
      help={help}
    />
  );
}
