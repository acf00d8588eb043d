/**
 * The ML system at a glance, from the live intelligence metrics (polled every 45 s): overall,
 * learning and model health, decision quality, recent performance and alerts, with a link to the
 * full ML Intelligence page. A figure the server cannot compute yet is "--" with its reason (no
 * decision, no trade, no model), never 0%; without a model the card says where it stands; critical
 * alerts link to where they are dealt with.
 */
import { Badge, HStack, Link, Progress, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { Link as RouterLink } from '@nivesh/api-client/router';
import { PAGE_PATHS } from '@nivesh/api-contract';
import { queryView, useIntelligenceMetricsQuery } from '@nivesh/api-client';
import {
  describeModel,
  Figure,
  formatNumber,
  formatPercent,
  ML_FIGURE_MISSING,
  Panel,
  StaleNotice,
  Unavailable,
} from '@nivesh/ui';
import { LuArrowRight } from 'react-icons/lu';
import { CriticalAlertsLink } from '../../features/mlHealth/CriticalAlertsLink';
import { formatScore, healthBand, healthTone } from '../../features/mlHealth/healthBand';
import { Section } from '../../features/layout/Section';

const TONE_PALETTE = { gain: 'green', warning: 'orange', loss: 'red' } as const;
const MODEL_PALETTE = { ok: 'green', pending: 'blue', problem: 'orange' } as const;

const score = (value: number | null) => (value === null ? null : formatScore(value));

export function MlIntelligenceCard() {
  const view = queryView(useIntelligenceMetricsQuery());
  const metrics = view.data?.data;

  const link = (
    <Link asChild colorPalette="brand" textStyle="sm" fontWeight="medium" whiteSpace="nowrap">
      <RouterLink to={PAGE_PATHS.mlIntelligence}>
        View Full Dashboard <LuArrowRight />
      </RouterLink>
    </Link>
  );

  const health = metrics?.system_health;
  const overall = health?.overall_health ?? null;
  const model = metrics ? describeModel(metrics.model) : null;
  const trends = metrics?.performance_trends;
  const quality = metrics?.decision_quality;

  return (
    <Section label="ML Intelligence">
      <Panel title="ML Intelligence" subtitle="Learning, model health and decision quality" actions={link}>
        {view.state === 'loading' && (
          <Unavailable title="System initializing...">Waiting for the first ML metrics.</Unavailable>
        )}
        {(view.state === 'unavailable' || view.state === 'error') && (
          <Unavailable title="ML metrics unavailable">
            The ML intelligence service is not answering; figures will appear when it connects.
          </Unavailable>
        )}
        {metrics && health && model && trends && quality && (
          <Stack gap="4">
            {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} detail={view.failureText} />}
            {overall !== null ? (
              <Stack gap="2">
                <HStack justify="space-between">
                  <Text textStyle="sm" color="fg.muted">
                    Overall health
                  </Text>
                  <HStack gap="2">
                    <Text fontWeight="bold" textStyle="xl" fontVariantNumeric="tabular-nums">
                      {formatScore(overall)}
                    </Text>
                    <Badge colorPalette={TONE_PALETTE[healthTone(overall)]} variant="subtle">
                      {healthBand(overall)}
                    </Badge>
                  </HStack>
                </HStack>
                <Progress.Root
                  value={Math.min(100, Math.max(0, overall * 100))}
                  size="sm"
                  colorPalette={TONE_PALETTE[healthTone(overall)]}
                  aria-label="Overall ML health"
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Stack>
            ) : (
              <Stack gap="1" role="status" aria-label="Model">
                <HStack gap="2">
                  <Badge colorPalette={MODEL_PALETTE[model.tone]} variant="subtle">
                    {model.headline}
                  </Badge>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {model.detail}
                </Text>
              </Stack>
            )}
            <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3">
              <Figure
                label="Learning health"
                value={score(health.learning_health)}
                missing={ML_FIGURE_MISSING.learning}
              />
              <Figure label="Model health" value={score(health.model_health)} missing={model.headline} />
              <Figure
                label="Decision quality"
                value={score(quality.average_quality_score)}
                missing={quality.missing.average_quality_score}
              />
              <Figure
                label="Approval rate"
                value={score(quality.approval_rates.approved)}
                missing={quality.missing.approved}
              />
              <Figure
                label="Win rate"
                value={
                  trends.win_rate === null
                    ? null
                    : formatPercent(trends.win_rate, { decimals: 1, sign: false })
                }
                missing={trends.missing.win_rate}
              />
              <Figure
                label="Sharpe ratio"
                value={trends.sharpe_ratio === null ? null : formatNumber(trends.sharpe_ratio, 2)}
                tone={trends.sharpe_ratio !== null && trends.sharpe_ratio < 0 ? 'loss' : 'neutral'}
                missing={trends.missing.sharpe_ratio}
              />
            </SimpleGrid>
            <HStack gap="2" wrap="wrap">
              <Badge
                colorPalette={metrics.learning_metrics.learning_active ? 'green' : 'gray'}
                variant="subtle"
              >
                {metrics.learning_metrics.learning_active ? 'Learning Active' : 'Learning Inactive'}
              </Badge>
              <Badge variant="outline">
                {formatNumber(metrics.learning_metrics.recent_learning_events)} recent learning events
              </Badge>
              {health.critical_alerts === 0 && (
                <Badge colorPalette="green" variant="subtle">
                  No Critical Alerts
                </Badge>
              )}
            </HStack>
            {health.critical_alerts > 0 && (
              <Text textStyle="sm">
                <CriticalAlertsLink count={health.critical_alerts} />
              </Text>
            )}
            {metrics.shortcomings_analysis.recommendations[0] && (
              <Text textStyle="sm" color="fg.muted">
                <Text as="span" fontWeight="medium" color="fg">
                  Top recommendation:
                </Text>{' '}
                {metrics.shortcomings_analysis.recommendations[0].title}
              </Text>
            )}
          </Stack>
        )}
      </Panel>
    </Section>
  );
}
