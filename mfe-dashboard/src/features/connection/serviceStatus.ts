/**
 * The specification's service status values (part 1, section 4): checking, connected,
 * disconnected, error, warning. A page derives one from the load states of the calls it depends on.
 */
import type { LoadState } from '../queryState/loadState';

export type ServiceStatus = 'checking' | 'connected' | 'disconnected' | 'error' | 'warning';

/**
 * connected: every call answered; warning: some answered and some failed; disconnected: every
 * failed call is unreachable or not connected (503) and none answered; error: a call failed some
 * other way and none answered; checking: still waiting, nothing failed yet.
 */
export function combinedStatus(states: LoadState[]): ServiceStatus {
  const failed = states.filter((state) => state === 'unavailable' || state === 'error');
  const ready = states.filter((state) => state === 'ready');
  if (failed.length === 0) return ready.length === states.length ? 'connected' : 'checking';
  if (ready.length > 0) return 'warning';
  return failed.every((state) => state === 'unavailable') ? 'disconnected' : 'error';
}

export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  checking: 'Checking connection',
  connected: 'Connected',
  disconnected: 'Disconnected',
  error: 'Connection error',
  warning: 'Partially connected',
};

export const SERVICE_STATUS_PALETTE: Record<ServiceStatus, string> = {
  checking: 'gray',
  connected: 'green',
  disconnected: 'red',
  error: 'red',
  warning: 'orange',
};
