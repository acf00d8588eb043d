/**
 * The ML Enhancements tab. Every figure comes from the server: the original's defaults (6 models,
 * 3 methods, v1.0, Positive) are never shown in place of a missing answer.
 */
import { Alert, Badge, Code, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { LuGauge, LuLayers, LuMessageSquareText, LuRefreshCcw, LuSearchCode } from 'react-icons/lu';
import { serverMessage } from '@nivesh/api-client';
import { describeModel, PageLoading, Panel, StatCard, formatIstDateTime } from '@nivesh/ui';
import type { ModelSkill, ModelStatus } from '@nivesh/api-contract';
import { activeLabel, formatCount, fractionPercent } from '../../features/format';
import { StatusCard } from '../../features/StatusCard';
import type { MlIntelligenceData } from './useMlIntelligenceData';

type Enhancements = MlIntelligenceData['enhancements'];

const ENHANCEMENTS_ENDPOINT = '/api/ml/enhancements/status';

/** 60 -> 'hourly', 1440 -> 'daily', 10080 -> 'every 7 days', 120 -> 'every 2 h', else 'every N min'. */
export function updateCadence(minutes: number): string {
  if (minutes === 60) return 'hourly';
  if (minutes === 1440) return 'daily';
  if (minutes % 1440 === 0) return `every ${minutes / 1440} days`;
  if (minutes % 60 === 0) return `every ${minutes / 60} h`;
  return `every ${minutes} min`;
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant={active ? 'solid' : 'subtle'}>
      {activeLabel(active)}
    </Badge>
  );
}

function Detail({ children }: { children: string }) {
  return (
    <Text textStyle="sm" color="fg.muted">
      {children}
    </Text>
  );
}

/** '+2.1%' / '-0.4%': a Brier skill score as a signed percent. */
const signedPercent = (fraction: number) =>
  `${fraction < 0 ? '-' : '+'}${fractionPercent(Math.abs(fraction))}`;

/**
 * The model's skill out of sample, measured when its version was trained: its held-out AUC against
 * the bar for "clearly above chance", its Brier skill over the base rate, and, without skill, that
 * it cannot tell signals apart and what the allocator does then.
 */
function SkillDetails({ skill }: { skill: ModelSkill }) {
  return (
    <>
      <Detail>
        {skill.auc === null || skill.auc_needed === null
          ? `Out-of-sample AUC not measured: the ${formatCount(skill.samples)} held-out signals all won or all lost`
          : `Out-of-sample AUC ${skill.auc.toFixed(2)} on ${formatCount(skill.samples)} held-out signals (${skill.auc_needed.toFixed(2)} needed to beat chance)`}
      </Detail>
      <Detail>
        {skill.brier_skill === null
          ? 'Brier skill not measured'
          : `Brier skill ${signedPercent(skill.brier_skill)} over the ${fractionPercent(skill.base_rate)} base rate`}
      </Detail>
      {!skill.has_skill && (
        <Text textStyle="sm" color="orange.fg" fontWeight="medium">
          {"Cannot tell signals apart: the allocator uses each strategy's own confidence."}
        </Text>
      )}
    </>
  );
}

export function EnhancementsTab({
  enhancements,
  model,
}: {
  enhancements: Enhancements;
  /** Where the model stands (the intelligence metrics'); undefined when they did not answer. */
  model: ModelStatus | undefined;
}) {
  const { status, ensemble, explainability, onlineLearning, sentimentStatus, marketSentiment } = enhancements;
  const noModel = model ? describeModel(model).headline : 'No model yet';
  if (status.state === 'loading') return <PageLoading label="Loading ML enhancements..." />;
  if (!status.data) {
    const reason = serverMessage(status.error);
    return (
      <Alert.Root status="warning" rounded="l3">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>ML Enhancements API Not Available</Alert.Title>
          <Alert.Description>
            <Stack gap="1">
              {reason && <Text>{reason}</Text>}
              <Text>
                The enhancement service is expected to answer at <Code>{ENHANCEMENTS_ENDPOINT}</Code>.
              </Text>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  const { summary } = status.data;
  const methods = explainability.data?.methods;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <StatusCard
          title="Ensemble Methods"
          icon={LuLayers}
          badge={<ActiveBadge active={status.data.ensemble.active} />}
        >
          <Detail>
            {!ensemble.data
              ? 'Model details not reported'
              : ensemble.data.model_count === 0
                ? `${noModel}: no model fitted yet`
                : `${ensemble.data.model_count} models, ${ensemble.data.weighting} weighting`}
          </Detail>
          {ensemble.data?.skill && <SkillDetails skill={ensemble.data.skill} />}
        </StatusCard>
        {/* Not "(SHAP/LIME)" as in the original: the methods are whatever the server names. */}
        <StatusCard
          title="Explainability"
          icon={LuSearchCode}
          badge={<ActiveBadge active={status.data.explainability.active} />}
        >
          <Detail>
            {methods
              ? methods.length
                ? `Methods: ${methods.join(', ')}`
                : model && model.state !== 'ready'
                  ? `${noModel}: nothing to explain yet`
                  : 'No methods enabled'
              : 'Methods not reported'}
          </Detail>
        </StatusCard>
        <StatusCard
          title="Online Learning"
          icon={LuRefreshCcw}
          badge={<ActiveBadge active={status.data.online_learning.active} />}
        >
          <Detail>
            {!onlineLearning.data
              ? 'Update details not reported'
              : onlineLearning.data.model_version === null
                ? `${noModel}: updated ${updateCadence(onlineLearning.data.update_interval_minutes)} once there is one`
                : `Model ${onlineLearning.data.model_version}, updated ${updateCadence(onlineLearning.data.update_interval_minutes)}`}
          </Detail>
          {onlineLearning.data?.last_update && (
            <Detail>{`Last update ${formatIstDateTime(onlineLearning.data.last_update)}`}</Detail>
          )}
        </StatusCard>
        <StatusCard
          title="Sentiment Analysis"
          icon={LuMessageSquareText}
          badge={<ActiveBadge active={status.data.sentiment_analysis.active} />}
        >
          <Detail>
            {sentimentStatus.data
              ? `${sentimentStatus.data.sources.join(' + ') || 'No sources'}; ${formatCount(sentimentStatus.data.headlines_analyzed)} headlines analysed`
              : 'Source details not reported'}
          </Detail>
        </StatusCard>
      </SimpleGrid>

      <Panel title="Enhancement Summary" actions={<LuGauge aria-hidden />}>
        <Text fontWeight="medium" mb="4">
          {summary.active} of {summary.total} advanced AI capabilities are running
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard
            label="Ensemble Models"
            value={ensemble.data ? formatCount(ensemble.data.model_count) : undefined}
            help={ensemble.data ? undefined : 'Not reported'}
          />
          <StatCard
            label="Explainability Methods"
            value={methods ? formatCount(methods.length) : undefined}
            help={methods ? undefined : 'Not reported'}
          />
          <StatCard
            label="Model Version"
            value={onlineLearning.data?.model_version}
            missing={onlineLearning.data ? (model ? describeModel(model).detail : noModel) : 'Not reported'}
          />
          <StatCard
            label="Market Sentiment"
            value={marketSentiment.data?.overall.label}
            help={marketSentiment.data ? undefined : 'Not reported'}
          />
        </SimpleGrid>
      </Panel>
    </Stack>
  );
}
