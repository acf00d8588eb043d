/**
 * The specification's service status values (part 1, section 4): checking, connected,
 * disconnected, error, warning. A page's status comes from the calls it shows (`combinedStatus`
 * in @nivesh/api-client); this badge is how every page shows it.
 */
import { Status } from '@nivesh/ui/chakra';

export type ServiceStatus = 'checking' | 'connected' | 'disconnected' | 'error' | 'warning';

const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  checking: 'Connecting...',
  connected: 'Connected',
  disconnected: 'Disconnected',
  error: 'Connection error',
  warning: 'Partially connected',
};

const SERVICE_STATUS_PALETTE: Record<ServiceStatus, string> = {
  checking: 'yellow',
  connected: 'green',
  disconnected: 'red',
  error: 'red',
  warning: 'orange',
};

interface ServiceStatusBadgeProps {
  status: ServiceStatus;
  /** What the status is of, for a screen reader: 'Connection' (default) reads 'Connection: Connected'. */
  subject?: string;
  /** A hover text, e.g. which calls the status covers or what failed. */
  title?: string;
}

/** A coloured dot with the status in words (the words are what a screen reader and a test read). */
export function ServiceStatusBadge({ status, subject = 'Connection', title }: ServiceStatusBadgeProps) {
  const label = SERVICE_STATUS_LABELS[status];
  return (
    <Status.Root
      colorPalette={SERVICE_STATUS_PALETTE[status]}
      size="sm"
      data-status={status}
      title={title}
      aria-label={`${subject}: ${label}`}
      role="status"
      px="2.5"
      py="1"
      rounded="full"
      borderWidth="1px"
      borderColor="border"
      bg="bg.subtle"
      fontWeight="medium"
      whiteSpace="nowrap"
    >
      <Status.Indicator />
      {label}
    </Status.Root>
  );
}
