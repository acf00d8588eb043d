import { Status } from '@chakra-ui/react';
import { SERVICE_STATUS_LABELS, SERVICE_STATUS_PALETTE, type ServiceStatus } from './serviceStatus';

/** A coloured dot with the status in words (the words are what a screen reader and a test read). */
export function ConnectionIndicator({ status, title }: { status: ServiceStatus; title?: string }) {
  return (
    <Status.Root
      colorPalette={SERVICE_STATUS_PALETTE[status]}
      size="sm"
      data-status={status}
      title={title}
      aria-label={`Connection: ${SERVICE_STATUS_LABELS[status]}`}
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
      {SERVICE_STATUS_LABELS[status]}
    </Status.Root>
  );
}
