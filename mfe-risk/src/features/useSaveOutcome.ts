import { useState } from 'react';
import { errorMessage, type ApiCallError } from '@nivesh/api-client';
import { RISK_TEXT } from './riskText';

/** What the last save of a settings form came to, shown under the form. */
export type SaveOutcome = { status: 'success' | 'error'; text: string };

/** The outcome of a risk settings form's save: the server's own message, or why it failed. */
export function useSaveOutcome() {
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);

  /** Runs `save`; on failure the text is `failure` followed by the server's reason. True when saved. */
  async function report(save: () => Promise<{ message: string }>, failure: string): Promise<boolean> {
    setOutcome(null);
    try {
      const answer = await save();
      setOutcome({ status: 'success', text: answer.message });
      return true;
    } catch (error) {
      setOutcome({
        status: 'error',
        text: `${failure} ${errorMessage(error as ApiCallError, RISK_TEXT.noAnswer)}`,
      });
      return false;
    }
  }

  return { outcome, setOutcome, report };
}
