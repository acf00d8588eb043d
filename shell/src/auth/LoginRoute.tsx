/**
 * /login (specification part 1, sections 2 and 6): an operator who is already signed in goes
 * straight to /dashboard; anyone else gets the login screen.
 */
import { useState } from 'react';
import { Navigate, useSearchParams } from '@nivesh/api-client/router';
import { selectSession, useAppSelector } from '@nivesh/api-client';
import { FullScreenLoading } from '@nivesh/ui';
import { HOME_PATH } from '../app/routes';
import { LoginScreen, SETUP_LINK_PARAM } from './LoginScreen/LoginScreen';

export function LoginRoute() {
  const { isLoading, isAuthenticated } = useAppSelector(selectSession);
  const [searchParams] = useSearchParams();
  // Once the screen has been shown (to a visitor, or for a setup link) it stays until it navigates
  // away itself: signing in on it must not cut its success message and 1.5 s redirect short.
  const wanted = !isLoading && (!isAuthenticated || searchParams.has(SETUP_LINK_PARAM));
  const [shown, setShown] = useState(false);
  if (wanted && !shown) setShown(true);

  if (isLoading) return <FullScreenLoading label="Loading..." />;
  if (isAuthenticated && !wanted && !shown) return <Navigate to={HOME_PATH} replace />;
  return <LoginScreen redirectTo={HOME_PATH} />;
}
