import type { ReactNode } from 'react';
import { Alert } from '@nivesh/ui/chakra';
import type { TokenStatus } from '@nivesh/api-contract';
import { tokenBanner } from './tokenState';

/** 'Token Expired!', 'Token Invalid!' or 'Token Expiring Soon!' with its sentence; nothing otherwise. */
export function TokenBanner({ status, action }: { status: TokenStatus; action?: ReactNode }) {
  const banner = tokenBanner(status);
  if (!banner) return null;
  return (
    <Alert.Root role="alert" status={banner.severity} variant="surface" rounded="l2" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{banner.title}</Alert.Title>
        <Alert.Description>{banner.description}</Alert.Description>
      </Alert.Content>
      {action}
    </Alert.Root>
  );
}
