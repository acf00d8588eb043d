/**
 * The ML system at a glance, from the live intelligence metrics (polled every 45 s): overall,
 * learning and model health, decision quality, recent performance and alerts, with a link to the
 * full ML Intelligence page.
 */
import type { ReactNode } from 'react';
import { Badge, HStack, Link, Progress, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { Link as RouterLink } from '@nivesh/api-client/router';
import { PAGE_PATHS } from '@nivesh/api-contract';
import { queryView, useIntelligenceMetricsQuery } from '@nivesh/api-client';
import { formatNumber, formatPercent, Panel, StaleNotice, Unavailable } from '@nivesh/ui';
import { LuArrowRight } from 'react-icons/lu';
import { formatScore, healthBand, healthTone } from '../../features/mlHealth/healthBand';
import { Section } from '../../features/layout/Section';

const TONE_PALETTE = { gain: 'green', warning: 'orange', loss: 'red' } as const;

function Figure({ label, children, tone }: { label: string; children: ReactNode; tone?: 'gain' | 'loss' }) {
  return (
    <Stack gap="0" minW="0">
      <Text textStyle="xs" color="fg.muted" truncate>
        {label}
      </Text>
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" color={tone ?? 'fg'}>
        {children}
      </Text>
    </Stack>
  );
}

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
        {metrics && (
          <Stack gap="4">
            {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} detail={view.failureText} />}
            <Stack gap="2">
              <HStack justify="space-between">
                <Text textStyle="sm" color="fg.muted">
                  Overall health
                </Text>
                <HStack gap="2">
                  <Text fontWeight="bold" textStyle="xl" fontVariantNumeric="tabular-nums">
                    {formatScore(metrics.system_health.overall_health)}
                  </Text>
                  <Badge
                    colorPalette={TONE_PALETTE[healthTone(metrics.system_health.overall_health)]}
                    variant="subtle"
                  >
                    {healthBand(metrics.system_health.overall_health)}
                  </Badge>
                </HStack>
              </HStack>
              <Progress.Root
                value={Math.min(100, Math.max(0, metrics.system_health.overall_health * 100))}
                size="sm"
                colorPalette={TONE_PALETTE[healthTone(metrics.system_health.overall_health)]}
                aria-label="Overall ML health"
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
            <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3">
              <Figure label="Learning health">{formatScore(metrics.system_health.learning_health)}</Figure>
              <Figure label="Model health">{formatScore(metrics.system_health.model_health)}</Figure>
              <Figure label="Decision quality">
                {formatScore(metrics.decision_quality.average_quality_score)}
              </Figure>
              <Figure label="Approval rate">
                {formatScore(metrics.decision_quality.approval_rates.approved)}
              </Figure>
              <Figure label="Win rate">
                {formatPercent(metrics.performance_trends.win_rate, { decimals: 1, sign: false })}
              </Figure>
              <Figure
                label="Sharpe ratio"
                tone={metrics.performance_trends.sharpe_ratio < 0 ? 'loss' : undefined}
              >
                {formatNumber(metrics.performance_trends.sharpe_ratio, 2)}
              </Figure>
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
              <Badge
                colorPalette={metrics.system_health.critical_alerts > 0 ? 'red' : 'green'}
                variant="subtle"
              >
                {metrics.system_health.critical_alerts > 0
                  ? `${formatNumber(metrics.system_health.critical_alerts)} critical alerts`
                  : 'No Critical Alerts'}
              </Badge>
            </HStack>
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
