/** AI Recommendation tab: the AI's allocation for today, its confidence, risk view and reasoning. */
import { Badge, Button, List, SimpleGrid, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import { LuSparkles } from 'react-icons/lu';
import { queryView, useAiAllocationRecommendationQuery } from '@nivesh/api-client';
import { formatIstDateTime, formatNumber, formatRupees, Panel, QueryNotice, StatCard } from '@nivesh/ui';
import { ALLOCATION_UNAVAILABLE_TEXT } from './allocationForm';

const RISK_PALETTE = { Low: 'green', Medium: 'orange', High: 'red' } as const;

export function AiRecommendationTab({
  aiEnabled,
  onUseAi,
}: {
  aiEnabled: boolean | undefined;
  onUseAi: () => void;
}) {
  const view = queryView(useAiAllocationRecommendationQuery(), 'The allocation service did not answer.');
  const recommendation = view.data?.data;

  if (view.state === 'unavailable' || view.state === 'error') {
    return (
      <Stack pt="4">
        <Panel title="AI Recommendation">
          <QueryNotice
            view={view}
            unavailableTitle={ALLOCATION_UNAVAILABLE_TEXT}
            errorTitle="AI recommendation not available"
          />
        </Panel>
      </Stack>
    );
  }
  if (!recommendation) {
    return (
      <Stack pt="4" gap="3" aria-busy="true">
        <Skeleton height="24" />
        <Skeleton height="32" />
      </Stack>
    );
  }

  return (
    <Stack gap="5" pt="4">
      <QueryNotice view={view} unavailableTitle={ALLOCATION_UNAVAILABLE_TEXT} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard
          label="Recommended Amount"
          value={formatRupees(recommendation.allocation_amount)}
          help={`${recommendation.allocation_pct.toFixed(2)}% of capital`}
        />
        <StatCard label="Confidence" value={`${Math.round(recommendation.confidence * 100)}%`} />
        <StatCard
          label="Risk Assessment"
          value={
            <Badge colorPalette={RISK_PALETTE[recommendation.risk_assessment]} size="lg" variant="subtle">
              {recommendation.risk_assessment}
            </Badge>
          }
        />
        <StatCard
          label="Expected Opportunities"
          value={formatNumber(recommendation.expected_opportunities)}
        />
      </SimpleGrid>

      <Panel title="Why this allocation" subtitle={`As of ${formatIstDateTime(recommendation.as_of)}`}>
        {recommendation.reasoning.length === 0 ? (
          <Text color="fg.muted">The AI gave no reasons with this recommendation.</Text>
        ) : (
          <List.Root gap="2" ps="5">
            {recommendation.reasoning.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List.Root>
        )}
        <Stack mt="5" gap="2" align="flex-start">
          {!aiEnabled && (
            <Text textStyle="sm" color="fg.muted">
              AI-assisted allocation is off: this recommendation is not applied.
            </Text>
          )}
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            onClick={onUseAi}
            disabled={aiEnabled === undefined}
          >
            <LuSparkles /> Use AI Optimized strategy
          </Button>
        </Stack>
      </Panel>
    </Stack>
  );
}
