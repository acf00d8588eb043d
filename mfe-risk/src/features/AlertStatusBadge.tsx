/**
 * The one rule for what an alert asks of the operator now, and its badge: an alert whose condition
 * has ended is "Resolved" (when, by whom or what, and how), never "Action required"; a standing
 * one that needs the operator is "Action required"; any other standing one is for information.
 */
import { Badge, Text } from '@nivesh/ui/chakra';
import type { RiskAlert } from '@nivesh/api-contract';
import { formatIstDateTime } from '@nivesh/ui';

export type AlertStatus = 'resolved' | 'action_required' | 'standing';

export function alertStatus(alert: Pick<RiskAlert, 'resolved' | 'action_required'>): AlertStatus {
  if (alert.resolved) return 'resolved';
  return alert.action_required ? 'action_required' : 'standing';
}

/** The alerts that still stand (not resolved): what the Alerts tab's count shows. */
export function standingAlerts(alerts: readonly RiskAlert[]): RiskAlert[] {
  return alerts.filter((alert) => alertStatus(alert) !== 'resolved');
}

export function AlertStatusBadge({ alert }: { alert: RiskAlert }) {
  const status = alertStatus(alert);
  if (status === 'resolved')
    return (
      <Badge colorPalette="green" variant="subtle">
        Resolved
      </Badge>
    );
  if (status === 'action_required') return <Badge colorPalette="red">Action required</Badge>;
  return null;
}

/** "Resolved 02 Mar 2026, 03:10 pm IST by system: circuit breakers. The breaker cleared: …" */
export function ResolutionText({ alert }: { alert: RiskAlert }) {
  if (!alert.resolved) return null;
  return (
    <Text textStyle="sm" color="green.fg">
      Resolved <time dateTime={alert.resolved.at}>{formatIstDateTime(alert.resolved.at)}</time> by{' '}
      {alert.resolved.by}. {alert.resolved.how}
    </Text>
  );
}
