/**
 * Protected routes: a full-screen 'Loading...' while the session resolves, the login screen for a
 * visitor who is not signed in, the page otherwise.
 */
import { useState, type ReactNode } from 'react';
import { useLocation } from '@nivesh/api-client/router';
import { selectSession, useAppSelector } from '@nivesh/api-client';
import { FullScreenLoading } from '@nivesh/ui';
import { LoginScreen } from './LoginScreen/LoginScreen';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAppSelector(selectSession);
  const location = useLocation();
  // The login screen shown here stays through its success message until it navigates (to this same
  // path: a new location), rather than vanishing the instant the session starts.
  const [loginShownAt, setLoginShownAt] = useState<string | null>(null);
  if (!isLoading && !isAuthenticated && loginShownAt !== location.key) setLoginShownAt(location.key);

  if (isLoading) return <FullScreenLoading label="Loading..." />;
  if (!isAuthenticated || loginShownAt === location.key)
    return <LoginScreen redirectTo={location.pathname} />;
  return <>{children}</>;
}
