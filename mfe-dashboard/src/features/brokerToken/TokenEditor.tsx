/**
 * Paste and save a broker access token: a text area, a Paste button that reads the clipboard, and
 * Update. The outcome shows in place: ✓ with the server's sentence, or ✗ with why it failed.
 */
import { useId, useState } from 'react';
import { Button, Field, HStack, Stack, Text, Textarea } from '@nivesh/ui/chakra';
import type { BrokerName, TokenStatus } from '@nivesh/api-contract';
import { LuClipboardPaste, LuSave } from 'react-icons/lu';
import { useUpdateBrokerToken } from './useBrokerToken';

const EMPTY_TOKEN_MESSAGE = 'Please paste your access token';
const CLIPBOARD_DENIED_MESSAGE = 'Please paste token manually.';

export interface TokenEditorProps {
  broker?: BrokerName;
  /** Sent with the token when the caller knows the broker app's client id. */
  clientId?: string;
  submitLabel?: string;
  /** The sentence for a blank token (Settings uses 'Please enter a valid access token'). */
  emptyMessage?: string;
  /** After a successful save, with the token's new status and the server's sentence. */
  onSaved?: (status: TokenStatus, message: string) => void;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
  /**
   * Settings' editor keeps Save disabled while the field is empty (part 2, section 5); a field of
   * only spaces still reaches the blank-token message.
   */
  disableWhenEmpty?: boolean;
}

type Feedback = { kind: 'success' | 'failure' | 'invalid' | 'hint'; text: string };

const FEEDBACK_COLOR = { success: 'gain', failure: 'loss', invalid: 'loss', hint: 'fg.muted' } as const;

export function TokenEditor({
  broker = 'upstox',
  clientId,
  submitLabel = 'Update Token',
  emptyMessage = EMPTY_TOKEN_MESSAGE,
  onSaved,
  onCancel,
  disableWhenEmpty = false,
}: TokenEditorProps) {
  const [token, setToken] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { submit, isSaving } = useUpdateBrokerToken(broker);
  const fieldId = useId();

  async function pasteFromClipboard() {
    try {
      if (!navigator.clipboard?.readText) throw new Error('Clipboard not available');
      const text = (await navigator.clipboard.readText()).trim();
      if (!text) throw new Error('Clipboard is empty');
      setToken(text);
      setFeedback(null);
    } catch {
      // Denied permission, no clipboard API, or nothing in it: the operator pastes by hand.
      setFeedback({ kind: 'hint', text: CLIPBOARD_DENIED_MESSAGE });
    }
  }

  async function save() {
    const trimmed = token.trim();
    if (!trimmed) {
      setFeedback({ kind: 'invalid', text: emptyMessage });
      return;
    }
    setFeedback(null);
    const outcome = await submit(trimmed, clientId);
    if (outcome.ok) {
      setToken('');
      setFeedback({ kind: 'success', text: `✓ ${outcome.message}` });
      onSaved?.(outcome.status, outcome.message);
    } else {
      setFeedback({ kind: 'failure', text: `✗ ${outcome.message}` });
    }
  }

  return (
    <Stack gap="3">
      <Field.Root invalid={feedback?.kind === 'invalid'}>
        <Field.Label htmlFor={fieldId}>Access token</Field.Label>
        <Textarea
          id={fieldId}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          placeholder="Paste the new access token (eyJ...)"
          rows={3}
          fontFamily="mono"
          textStyle="xs"
          spellCheck={false}
          autoComplete="off"
          wordBreak="break-all"
        />
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={pasteFromClipboard} disabled={isSaving}>
          <LuClipboardPaste /> Paste
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={save}
          loading={isSaving}
          loadingText="Updating..."
          disabled={disableWhenEmpty && token === ''}
        >
          <LuSave /> {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
        )}
      </HStack>
      {feedback && (
        <Text
          textStyle="sm"
          fontWeight="medium"
          color={FEEDBACK_COLOR[feedback.kind]}
          role={feedback.kind === 'success' ? 'status' : 'alert'}
          data-kind={feedback.kind}
        >
          {feedback.text}
        </Text>
      )}
    </Stack>
  );
}
