import { LoginScreen } from './LoginScreen/LoginScreen';
export function LoginRoute() {
  return <LoginScreen redirectTo="/dashboard" />;
}
