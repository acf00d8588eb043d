/**
 * Follows in-app links (`followInApp` of @nivesh/api-client/navigation) with the router it is
 * rendered in, as the shell does with its own: for the standalone harness and the test helpers,
 * which render their own routers.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { provideNavigator } from '../navigation';

export function RouterNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    provideNavigator((to) => void navigate(to));
    return () => provideNavigator(null);
  }, [navigate]);
  return null;
}
