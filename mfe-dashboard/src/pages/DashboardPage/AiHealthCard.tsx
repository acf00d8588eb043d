/**
 * The fifth summary card: the ML system's overall health from the live metrics, with its band,
 * and 'Learning Active' only while learning runs. Never a fixed figure: without metrics it says so.
 */
import { queryView, useIntelligenceMetricsQuery } from '@nivesh/api-client';
import { StaleNotice, StatCard } from '@nivesh/ui';
import { LuBrainCircuit } from 'react-icons/lu';
import { formatScore, healthBand, healthTone } from '../../features/mlHealth/healthBand';

const ML_METRICS_UNAVAILABLE = 'ML metrics unavailable';

export function AiHealthCard() {
  const view = queryView(useIntelligenceMetricsQuery());
  const metrics = view.data?.data;
  const health = metrics?.system_health.overall_health;

  return (
    <StatCard
      label="AI Health"
      icon={<LuBrainCircuit />}
      loading={view.state === 'loading'}
      value={health === undefined ? undefined : formatScore(health)}
      tone={health === undefined ? 'neutral' : healthTone(health)}
      help={
        metrics && health !== undefined ? (
          <>
            {[healthBand(health), metrics.learning_metrics.learning_active ? 'Learning Active' : null]
              .filter(Boolean)
              .join(' · ')}
            {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} />}
          </>
        ) : view.state === 'loading' ? undefined : (
          ML_METRICS_UNAVAILABLE
        )
      }
    />
  );
}
