/**
 * Setup mode: choose a new password with a one-time setup token (from the reset request or from the
 * `?setup=` link the server prints), then sign in with the session the server returns.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Code, Field, HStack, IconButton, Input, Stack, Text } from '@nivesh/ui/chakra';
import { LuArrowLeft, LuCheck, LuCopy, LuEye, LuEyeOff, LuShieldCheck, LuSparkles } from 'react-icons/lu';
import { useSetPasswordMutation, type SignedInSession } from '@nivesh/api-client';
import { PASSWORD_MIN_STRENGTH, passwordProblem, passwordStrength } from '@nivesh/api-contract';
import { MESSAGES, setPasswordFailure } from './messages';
import { FormMessage, PasswordInput } from './parts';
import { StrengthMeter } from './StrengthMeter';
import { generatePassword } from './passwordGenerator';

export interface SetupFormProps {
  initialToken: string;
  /** Signed in: the form stays visible but inert while the screen redirects. */
  done: boolean;
  onBack: () => void;
  onSignedIn: (session: SignedInSession & { message: string }) => void;
}

export function SetupForm({ initialToken, done, onBack, onSignedIn }: SetupFormProps) {
  const [token, setToken] = useState(initialToken);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [generated, setGenerated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setPassword, { isLoading }] = useSetPasswordMutation();

  const strongEnough = passwordStrength(newPassword).score >= PASSWORD_MIN_STRENGTH;

  const generate = () => {
    const password = generatePassword();
    setNewPassword(password);
    setConfirmPassword(password);
    setGenerated(password);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || done) return;
    setError(null);
    if (!newPassword || !confirmPassword) return setError(MESSAGES.setupRequired);
    if (newPassword !== confirmPassword) return setError(MESSAGES.setupMismatch);
    const problem = passwordProblem(newPassword);
    if (problem) return setError(problem);
    if (!token.trim()) return setError(MESSAGES.setupTokenMissing);
    const answer = await setPassword({ body: { temp_token: token.trim(), new_password: newPassword } });
    if (answer.error) return setError(setPasswordFailure(answer.error));
    onSignedIn({
      token: answer.data.session_token,
      endsAt: answer.data.session_ends_at,
      user: answer.data.user,
      message: answer.data.message || MESSAGES.setPasswordSucceeded,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <Field.Root disabled={done}>
          <Field.Label>Setup token</Field.Label>
          <Input
            value={token}
            onChange={(event) => setToken(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
            textStyle="sm"
          />
          <Field.HelperText>From the setup link. It works once, for 15 minutes.</Field.HelperText>
        </Field.Root>
        <PasswordInput
          label="New password"
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            if (value !== generated) setGenerated(null);
          }}
          autoComplete="new-password"
          disabled={done}
        />
        <PasswordInput
          label="Confirm password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          autoComplete="new-password"
          disabled={done}
        />
        <StrengthMeter password={newPassword} />
        <Button type="button" variant="outline" colorPalette="brand" onClick={generate} disabled={done}>
          <LuSparkles /> Generate a strong password
        </Button>
        {generated && <GeneratedPassword password={generated} />}
        {error && <FormMessage status="error" title={error} />}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={isLoading}
          loadingText="Setting password..."
          disabled={done || !strongEnough}
        >
          <LuShieldCheck /> Set password and sign in
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <LuArrowLeft /> Back
        </Button>
      </Stack>
    </form>
  );
}

/** The generated password, hidden until revealed, with a copy button: save it before going on. */
function GeneratedPassword({ password }: { password: string }) {
  const [revealed, setRevealed] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyToClipboard = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Box borderWidth="1px" borderColor="brand.emphasized" bg="brand.subtle" rounded="l2" p="3">
      <Text textStyle="xs" fontWeight="semibold" color="brand.fg" mb="1.5">
        Generated password: save it in your password manager
      </Text>
      <HStack gap="2">
        <Code
          flex="1"
          minW="0"
          size="lg"
          variant="plain"
          fontFamily="mono"
          overflowWrap="anywhere"
          data-testid="generated-password"
        >
          {revealed ? password : '•'.repeat(password.length)}
        </Code>
        <IconButton
          aria-label={revealed ? 'Hide generated password' : 'Show generated password'}
          aria-pressed={revealed}
          size="sm"
          variant="ghost"
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? <LuEyeOff /> : <LuEye />}
        </IconButton>
        <IconButton aria-label="Copy generated password" size="sm" variant="ghost" onClick={copyToClipboard}>
          {copy === 'copied' ? <LuCheck /> : <LuCopy />}
        </IconButton>
      </HStack>
      {copy !== 'idle' && (
        <Text textStyle="xs" color={copy === 'copied' ? 'fg.success' : 'fg.error'} mt="1.5" role="status">
          {copy === 'copied' ? 'Copied to the clipboard' : 'Could not copy: reveal it and copy it by hand.'}
        </Text>
      )}
    </Box>
  );
}
