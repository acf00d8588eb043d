import type { ReactNode } from 'react';
import { Alert, Button, HStack, Stack } from '@nivesh/ui/chakra';

export interface ConnectionBannerProps {
  title: string;
  description?: ReactNode;
  status?: 'warning' | 'error' | 'info';
  onRetry?: () => void;
  retryLabel?: string;
  /** Reloads the page (the specification's 'Restart Page' / 'Restart'). */
  restartLabel?: string;
  children?: ReactNode;
}

/** A connection problem banner with Retry (and optionally a page restart). */
export function ConnectionBanner({
  title,
  description,
  status = 'warning',
  onRetry,
  retryLabel = 'Retry',
  restartLabel,
  children,
}: ConnectionBannerProps) {
  return (
    <Alert.Root status={status} rounded="l3" mb="6" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{title}</Alert.Title>
        {description && <Alert.Description>{description}</Alert.Description>}
        {children}
        {(onRetry || restartLabel) && (
          <HStack gap="2" pt="1">
            {onRetry && (
              <Button size="xs" variant="outline" onClick={onRetry}>
                {retryLabel}
              </Button>
            )}
            {restartLabel && (
              <Button size="xs" variant="ghost" onClick={() => window.location.reload()}>
                {restartLabel}
              </Button>
            )}
          </HStack>
        )}
      </Stack>
    </Alert.Root>
  );
}
