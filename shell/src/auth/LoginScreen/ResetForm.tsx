/**
 * Reset mode: ask the server for a one-time password setup link. The link goes to the server log
 * (and email), where only the person at the server can read it, and the screen returns to login.
 * The specification also lets a server hand the token straight back (the screen then moves to
 * setup); this server never does.
 */
import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@nivesh/ui/chakra';
import { LuArrowLeft, LuMailCheck } from 'react-icons/lu';
import { useRequestPasswordSetupMutation } from '@nivesh/api-client';
import { MESSAGES, resetFailure } from './messages';
import { EmailInput, FormMessage } from './parts';
import type { OperatorEmailHash } from './operatorEmail';
import { useOperatorEmailCheck } from './useOperatorEmailCheck';

export interface ResetFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The install's salt and the salted hash of the operator's address (the login screen's config). */
  operatorEmail: OperatorEmailHash | undefined;
  /** The server's answer is showing and the screen is about to return to login. */
  done: boolean;
  onBack: () => void;
  onTokenIssued: (token: string, message: string) => void;
  onLinkSent: (message: string) => void;
}

export function ResetForm({
  email,
  onEmailChange,
  operatorEmail,
  done,
  onBack,
  onTokenIssued,
  onLinkSent,
}: ResetFormProps) {
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const { checking, mayBeOperator } = useOperatorEmailCheck(operatorEmail);
  const [requestSetup, { isLoading }] = useRequestPasswordSetupMutation();
  const busy = isLoading || checking;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    setFailure(null);
    if (!email.trim()) {
      setFailure({ message: MESSAGES.resetRequired });
      return;
    }
    const allowed = await mayBeOperator(email);
    if (!allowed) {
      setFailure({ message: MESSAGES.resetRestricted });
      return;
    }
    const answer = await requestSetup({ body: { email: email.trim() } });
    if (answer.error) {
      setFailure(resetFailure(answer.error));
      return;
    }
    if (answer.data.temp_token) onTokenIssued(answer.data.temp_token, answer.data.message);
    else onLinkSent(answer.data.message);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <EmailInput
          value={email}
          onChange={onEmailChange}
          disabled={done}
          helperText="The operator's address. A one-time setup link is issued, valid for 15 minutes."
        />
        {failure && (
          <FormMessage status="error" title={failure.message}>
            {failure.detail}
          </FormMessage>
        )}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={busy}
          loadingText="Sending..."
          disabled={done}
        >
          <LuMailCheck /> Send setup instructions
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <LuArrowLeft /> Back to Login
        </Button>
      </Stack>
    </form>
  );
}
