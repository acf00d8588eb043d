export function LoginScreen({ redirectTo }: { redirectTo?: string }) {
  return <div>login {redirectTo}</div>;
}
