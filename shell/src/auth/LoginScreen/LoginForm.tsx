/** Login mode: the operator's email and password. */
import { useState, type FormEvent } from 'react';
import { Button, Code, Stack } from '@nivesh/ui/chakra';
import { LuKeyRound, LuLogIn } from 'react-icons/lu';
import { useLoginMutation, type SignedInSession } from '@nivesh/api-client';
import { MESSAGES, loginFailure, type LoginFailure } from './messages';
import { EmailInput, FormMessage, PasswordInput } from './parts';
import type { OperatorEmailHash } from './operatorEmail';
import { useOperatorEmailCheck } from './useOperatorEmailCheck';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The install's salt and the salted hash of the operator's address (the login screen's config). */
  operatorEmail: OperatorEmailHash | undefined;
  /** False on a fresh install: no password exists yet. */
  passwordSet: boolean | undefined;
  /** Signed in: the form stays visible but inert while the screen redirects. */
  done: boolean;
  onSignedIn: (session: SignedInSession & { message: string }) => void;
  onSetUpPassword: () => void;
}

export function LoginForm({
  email,
  onEmailChange,
  operatorEmail,
  passwordSet,
  done,
  onSignedIn,
  onSetUpPassword,
}: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const { checking, mayBeOperator } = useOperatorEmailCheck(operatorEmail);
  const [login, { isLoading }] = useLoginMutation();
  const busy = isLoading || checking;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    setFailure(null);
    if (!email.trim() || !password) {
      setFailure({ message: MESSAGES.loginRequired, setupRequired: false });
      return;
    }
    const allowed = await mayBeOperator(email);
    if (!allowed) {
      setFailure({ message: MESSAGES.loginRestricted, setupRequired: false });
      return;
    }
    const answer = await login({ body: { email: email.trim(), password } });
    if (answer.error) {
      setFailure(loginFailure(answer.error));
      return;
    }
    setPassword('');
    onSignedIn({
      token: answer.data.session_token,
      endsAt: answer.data.session_ends_at,
      user: answer.data.user,
      message: answer.data.message || MESSAGES.loginSucceeded,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        {passwordSet === false && (
          <FormMessage status="info" title="No password is set yet">
            Open the setup link the server printed when it started. The reset link below writes a new one to
            the server&apos;s output; on the server you can also run <Code>pnpm nivesh set-password</Code>.
          </FormMessage>
        )}
        <EmailInput value={email} onChange={onEmailChange} disabled={done} />
        <PasswordInput
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={done}
        />
        {failure && (
          <FormMessage status="error" title={failure.message}>
            {failure.setupRequired && (
              <Button
                type="button"
                variant="plain"
                size="sm"
                px="0"
                h="auto"
                color="brand.fg"
                onClick={onSetUpPassword}
              >
                Set up your password now
              </Button>
            )}
          </FormMessage>
        )}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={busy}
          loadingText="Signing in..."
          disabled={done}
        >
          <LuLogIn /> Sign in
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          colorPalette="brand"
          onClick={onSetUpPassword}
          disabled={done}
          whiteSpace="normal"
          h="auto"
          py="2"
        >
          <LuKeyRound /> Forgot password or first time here? Set up your password
        </Button>
      </Stack>
    </form>
  );
}
