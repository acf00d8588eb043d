/** What a rollout action came to: the server's own sentence, success or refusal. */
import { errorMessage, type ApiCallError } from '@nivesh/api-client';

export interface Outcome {
  kind: 'success' | 'error';
  text: string;
}

const NO_ANSWER_TEXT =
  'The release registry did not answer. The history shows whether the change was made once the list refreshes.';

/** A settled mutation: its answer carries `message`; a refusal carries the server's sentence. */
export function outcomeOf(result: { data?: { message: string }; error?: ApiCallError }): Outcome {
  if (result.data) return { kind: 'success', text: result.data.message };
  return { kind: 'error', text: errorMessage(result.error, NO_ANSWER_TEXT) };
}
