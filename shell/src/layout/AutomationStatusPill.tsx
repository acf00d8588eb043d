/**
 * Whether automated execution is on, in the top bar on every page (GET /api/allocation/automation,
 * polled every 30 s): 'Automation on' with the next run, 'Automation paused', or 'Automation held'
 * when a circuit breaker or a halt holds new entries back. Links to the Daily Allocation page, where
 * it is switched. Nothing shows while the server does not run the automation.
 */
import { Box, HStack, Text } from '@nivesh/ui/chakra';
import { Link as RouterLink } from '@nivesh/api-client/router';
import { PAGE_PATHS, type AutomationStatus } from '@nivesh/api-contract';
import { queryView, useAutomationStatusQuery } from '@nivesh/api-client';
import { formatIstDateTime } from '@nivesh/ui';

function describe(status: AutomationStatus): { label: string; detail: string; palette: string } {
  if (!status.enabled)
    return {
      label: 'Automation paused',
      detail: 'No automated entries or exits until resumed',
      palette: 'gray',
    };
  if (status.blocked_by.length > 0)
    return { label: 'Automation held', detail: status.blocked_by.join(' '), palette: 'orange' };
  const next = status.next_run_at ? `next run ${formatIstDateTime(status.next_run_at)}` : 'no run scheduled';
  return {
    label: 'Automation on',
    detail: `${status.account === 'live' ? 'Live' : 'Paper'} account · ${next} · ${status.open_positions} open automated positions`,
    palette: 'blue',
  };
}

export function AutomationStatusPill() {
  const view = queryView(useAutomationStatusQuery());
  if (view.state !== 'ready' || !view.data) return null;
  const { label, detail, palette } = describe(view.data.data);
  return (
    <HStack
      asChild
      data-testid="automation-status"
      gap="2"
      px="2.5"
      py="1"
      rounded="full"
      borderWidth="1px"
      borderColor={`${palette}.muted`}
      bg={`${palette}.subtle`}
      title={detail}
      aria-label={`${label}: ${detail}`}
    >
      <RouterLink to={PAGE_PATHS.allocation}>
        <Box boxSize="2" rounded="full" bg={`${palette}.solid`} />
        <Text textStyle="xs" fontWeight="medium" whiteSpace="nowrap">
          {label}
        </Text>
      </RouterLink>
    </HStack>
  );
}
