/**
 * Limits: the limits exactly as the server holds them (no client-side rewriting), the model's
 * recommendations and the current status with warnings (part 2, section 2). "Edit limits" opens
 * the same editor RiskSettings uses.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Heading, List, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import type { RiskLimits } from '@nivesh/api-contract';
import { formatIstDateTime, formatNumber, formatRupees, PageLoading, Panel, Unavailable } from '@nivesh/ui';
import { RiskLimitsForm } from '../../../features/RiskLimitsForm';
import { formatFractionPercent, mlRiskTone } from '../../../features/riskFormat';
import { LOAD_ERRORS, RISK_TEXT } from '../../../features/riskText';

const REGIME_LABELS: Record<RiskLimits['ml_recommendations']['market_regime'], string> = {
  bullish: 'Bullish',
  bearish: 'Bearish',
  sideways: 'Sideways',
  volatile: 'Volatile',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box p="4" rounded="l3" borderWidth="1px" borderColor="border" bg="bg.subtle">
      <Heading as="h3" size="sm" mb="3">
        {title}
      </Heading>
      <Stack gap="0" divideY="1px">
        {children}
      </Stack>
    </Box>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Flex justify="space-between" gap="3" py="1.5">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text textStyle="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" textAlign="end">
        {value}
      </Text>
    </Flex>
  );
}

function LimitsView({ limits }: { limits: RiskLimits }) {
  const { position_limits: p, loss_limits: l, ml_recommendations: ml, current_status: status } = limits;
  const healthy = status.portfolio_health === 'good';
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Section title="Position Limits">
        <Row label="Max position size" value={formatRupees(p.max_position_size)} />
        <Row label="Max single stock" value={formatFractionPercent(p.max_single_stock, 1)} />
        <Row label="Max sector exposure" value={formatFractionPercent(p.max_sector_exposure, 1)} />
        <Row label="Min diversification" value={`${formatNumber(p.min_diversification)} positions`} />
      </Section>
      <Section title="Loss Limits">
        <Row label="Daily loss limit" value={formatRupees(l.daily_loss_limit)} />
        <Row label="Weekly loss limit" value={formatRupees(l.weekly_loss_limit)} />
        <Row label="Monthly loss limit" value={formatRupees(l.monthly_loss_limit)} />
        <Row label="Max drawdown limit" value={formatFractionPercent(l.max_drawdown_limit, 1)} />
      </Section>
      <Section title="ML Recommendations">
        <Row
          label="Current risk score"
          value={
            <Text as="span" color={`${mlRiskTone(ml.current_risk_score)}.fg`}>
              {formatFractionPercent(ml.current_risk_score, 0)}
            </Text>
          }
        />
        <Row
          label="Recommended cash allocation"
          value={formatFractionPercent(ml.recommended_cash_allocation, 1)}
        />
        <Row label="Market regime" value={REGIME_LABELS[ml.market_regime]} />
        <Row
          label="Suggested position sizing"
          value={`${formatFractionPercent(ml.suggested_position_sizing, 1)} of portfolio`}
        />
        <Row label="Next review" value={formatIstDateTime(ml.next_review_date)} />
      </Section>
      <Section title="Current Status">
        <Row
          label="Portfolio health"
          value={
            <Badge
              colorPalette={healthy ? 'green' : status.portfolio_health === 'critical' ? 'red' : 'yellow'}
            >
              {healthy ? 'Good' : status.portfolio_health === 'critical' ? 'Critical' : 'Warning'}
            </Badge>
          }
        />
        <Box py="2">
          {status.warnings.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              No limit warnings.
            </Text>
          ) : (
            <List.Root gap="1" textStyle="sm" color="orange.fg" aria-label="Limit warnings">
              {status.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      </Section>
    </SimpleGrid>
  );
}

export function LimitsTab({
  limits,
  loading,
  errorDetail,
}: {
  limits: RiskLimits | undefined;
  loading: boolean;
  errorDetail: string | null;
}) {
  const [editing, setEditing] = useState(false);
  let body;
  if (limits) {
    body = (
      <Stack gap="6">
        <LimitsView limits={limits} />
        <Text textStyle="xs" color="fg.muted">
          Limits updated {formatIstDateTime(limits.updated_at)}
        </Text>
        {editing && (
          <Box pt="2">
            <RiskLimitsForm />
          </Box>
        )}
      </Stack>
    );
  } else if (loading) {
    body = <PageLoading label={RISK_TEXT.loadingLimits} />;
  } else {
    body = <Unavailable title={LOAD_ERRORS.limits}>{errorDetail}</Unavailable>;
  }
  return (
    <Panel
      title={RISK_TEXT.limitsTitle}
      subtitle="Your position and loss limits with the risk model's current advice"
      actions={
        limits && (
          <Button size="sm" variant="outline" onClick={() => setEditing((open) => !open)}>
            {editing ? 'Close editor' : 'Edit limits'}
          </Button>
        )
      }
    >
      {body}
    </Panel>
  );
}
