/**
 * Protected routes: a full-screen 'Loading...' while the session resolves, the login screen for a
 * visitor who is not signed in, the page otherwise.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { selectSession, useAppSelector } from '@nivesh/api-client';
import { FullScreenLoading } from '@nivesh/ui';
import { LoginScreen } from './LoginScreen/LoginScreen';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAppSelector(selectSession);
  const location = useLocation();
  if (isLoading) return <FullScreenLoading label="Loading..." />;
  if (!isAuthenticated) return <LoginScreen redirectTo={location.pathname} />;
  return <>{children}</>;
}
