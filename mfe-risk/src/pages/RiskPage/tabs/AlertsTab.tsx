/**
 * Alerts: active risk alerts with dismiss and Clear All (both stored on the server), and the
 * alert settings (part 2, section 2).
 */
import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@nivesh/ui/chakra';
import { LuCircleCheck, LuInfo, LuTriangleAlert, LuX } from 'react-icons/lu';
import {
  errorMessage,
  useClearRiskAlertsMutation,
  useDismissRiskAlertMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import type { RiskAlert } from '@nivesh/api-contract';
import { formatIstDateTime, notify, Panel, timeAgo, Unavailable } from '@nivesh/ui';
import { AlertSettingsForm } from '../../../features/AlertSettingsForm';
import {
  alertStatus,
  AlertStatusBadge,
  ResolutionText,
  standingAlerts,
} from '../../../features/AlertStatusBadge';
import { LOAD_ERRORS } from '../../../features/riskText';

const TYPE_STYLE = {
  warning: { label: 'Warning', palette: 'orange', Icon: LuTriangleAlert },
  info: { label: 'Info', palette: 'blue', Icon: LuInfo },
  success: { label: 'Success', palette: 'green', Icon: LuCircleCheck },
} as const;

const SEVERITY_PALETTE = { high: 'red', medium: 'yellow', low: 'gray' } as const;

function AlertItem({
  alert,
  onDismiss,
  dismissing,
}: {
  alert: RiskAlert;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const style = TYPE_STYLE[alert.type];
  const resolved = alertStatus(alert) === 'resolved';
  return (
    <Flex
      as="li"
      gap="3"
      p="3"
      rounded="l2"
      borderWidth="1px"
      borderColor="border"
      bg={resolved ? 'bg.panel' : 'bg.subtle'}
      align="flex-start"
      aria-label={`${resolved ? 'Resolved' : style.label}: ${alert.message}`}
      data-status={alertStatus(alert)}
    >
      {/* A resolved alert's mark is the check: what it was about has ended. */}
      <Box color={resolved ? 'green.fg' : `${style.palette}.fg`} pt="0.5" aria-hidden="true">
        {resolved ? <LuCircleCheck /> : <style.Icon />}
      </Box>
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={style.palette} variant="subtle">
            {style.label}
          </Badge>
          <Badge colorPalette={SEVERITY_PALETTE[alert.severity]} variant="outline">
            {alert.severity} severity
          </Badge>
          <AlertStatusBadge alert={alert} />
        </HStack>
        <Text color={resolved ? 'fg.muted' : undefined}>{alert.message}</Text>
        <ResolutionText alert={alert} />
        {alert.suggested_action && !resolved && (
          <Text textStyle="sm" color="fg.muted">
            Suggested: {alert.suggested_action}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted">
          <time dateTime={alert.timestamp}>{formatIstDateTime(alert.timestamp)}</time> ·{' '}
          {timeAgo(alert.timestamp)}
        </Text>
      </Stack>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`Dismiss alert: ${alert.message}`}
        onClick={onDismiss}
        loading={dismissing}
      >
        <LuX />
      </IconButton>
    </Flex>
  );
}

/** '2 standing · 1 resolved · newest first'. */
function alertsSummary(alerts: readonly RiskAlert[]): string {
  const standing = standingAlerts(alerts).length;
  const resolved = alerts.length - standing;
  return [`${standing} standing`, ...(resolved > 0 ? [`${resolved} resolved`] : []), 'newest first'].join(
    ' · ',
  );
}

export function AlertsTab({
  alerts,
  loading,
  errorDetail,
}: {
  alerts: RiskAlert[] | undefined;
  loading: boolean;
  errorDetail: string | null;
}) {
  const [dismiss, dismissState] = useDismissRiskAlertMutation();
  const [clear, clearState] = useClearRiskAlertsMutation();

  const onDismiss = async (alert: RiskAlert) => {
    try {
      await dismiss({ params: { id: alert.id } }).unwrap();
    } catch (error) {
      notify(
        'error',
        'Alert not dismissed',
        errorMessage(error as ApiCallError, 'The risk management system did not answer.'),
      );
    }
  };

  const onClear = async () => {
    try {
      const answer = await clear().unwrap();
      notify('success', 'Alerts cleared', answer.message);
    } catch (error) {
      notify(
        'error',
        'Alerts not cleared',
        errorMessage(error as ApiCallError, 'The risk management system did not answer.'),
      );
    }
  };

  let body;
  if (!alerts) {
    body = loading ? (
      <Stack gap="3" aria-busy="true">
        <Skeleton height="16" />
        <Skeleton height="16" />
      </Stack>
    ) : (
      <Unavailable title={LOAD_ERRORS.alerts}>{errorDetail}</Unavailable>
    );
  } else if (alerts.length === 0) {
    body = (
      <Unavailable title="No active risk alerts">
        New alerts appear here as soon as the risk system raises them.
      </Unavailable>
    );
  } else {
    body = (
      <Stack as="ul" gap="2" listStyle="none" aria-label="Risk alerts">
        {alerts.map((alert) => (
          <AlertItem
            key={alert.id}
            alert={alert}
            onDismiss={() => void onDismiss(alert)}
            dismissing={dismissState.isLoading && dismissState.originalArgs?.params.id === alert.id}
          />
        ))}
      </Stack>
    );
  }

  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
      <Box gridColumn={{ lg: 'span 2' }}>
        <Panel
          title="Risk Alerts"
          subtitle={alerts ? alertsSummary(alerts) : 'Newest first'}
          actions={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void onClear()}
              loading={clearState.isLoading}
              disabled={!alerts || alerts.length === 0}
            >
              Clear All
            </Button>
          }
        >
          {body}
        </Panel>
      </Box>
      <Panel title="Alert Settings" subtitle="Which alerts the risk system raises">
        <AlertSettingsForm />
      </Panel>
    </SimpleGrid>
  );
}
