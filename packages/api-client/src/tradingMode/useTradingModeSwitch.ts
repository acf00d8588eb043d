/**
 * The one way to switch the trading mode. Every switch in the product (the sidebar, the Dashboard,
 * System Diagnostics) renders `TradingModeSwitch` from @nivesh/ui with this hook's answer.
 *
 * - The mode is the server's (GET /api/trading/mode); a switch is POST /api/trading/mode, and the
 *   mutation invalidates every account figure (tag 'Account'), so the pages show the new mode's
 *   account at once.
 * - Switching to live waits for the operator's confirmation (real money); other modes switch at
 *   once (specification part 2, section 4).
 * - A failed switch keeps the prior mode and gives one sentence: the server's when it sent one
 *   (Upstox refused the token, Upstox cannot be asked), else the specification's text.
 */
import { useState } from 'react';
import type { TradingMode } from '@nivesh/api-contract';
import type { TradingModeSwitchControl } from '@nivesh/ui';
import { useSetTradingModeMutation, useTradingModeQuery } from '../domains/system';
import { httpStatus, isNetworkError, serverMessage, type ApiCallError } from '../errors';

/** The failures of a switch without a sentence from the server (specification part 2, section 8). */
export const MODE_SWITCH_FAILED = 'Failed to change trading mode. Please try again.';
export const MODE_SWITCH_UNREACHABLE = 'Error: Could not change trading mode.';

/**
 * The sentence for a failed switch: the server's (a refusal, or 503 Upstox unreachable), else the
 * specification's text for the place the switch is in (`failed`: the shell's by default).
 */
export function modeSwitchFailure(error: ApiCallError, failed: string = MODE_SWITCH_FAILED): string {
  if (isNetworkError(error)) return MODE_SWITCH_UNREACHABLE;
  // A bare 500 says only 'Internal server error': the specification's sentence says more.
  const sentence = httpStatus(error) === 500 ? undefined : serverMessage(error);
  return sentence ?? failed;
}

/**
 * `failed`: the text when the server gave no sentence; the specification words it per place (the
 * shell's 'Failed to change trading mode. Please try again.', the Dashboard's 'Failed to switch
 * trading mode.').
 */
export function useTradingModeSwitch(options: { failed?: string } = {}): TradingModeSwitchControl {
  const modeQuery = useTradingModeQuery();
  const [setMode, mutation] = useSetTradingModeMutation();
  const [confirming, setConfirming] = useState(false);
  // A mode that could not be re-read is not shown as current.
  const mode = modeQuery.isError ? undefined : modeQuery.data?.mode;

  async function switchTo(target: TradingMode): Promise<TradingMode | null> {
    const result = await setMode({ body: { mode: target } });
    return result.data ? result.data.mode : null;
  }

  return {
    mode,
    loading: modeQuery.isLoading,
    unavailable: modeQuery.isError,
    retry: () => void modeQuery.refetch(),
    switching: mutation.isLoading,
    failure: mutation.isError ? modeSwitchFailure(mutation.error, options.failed) : null,
    confirming,
    async request(target) {
      if (target === mode || mutation.isLoading) return null;
      if (target === 'live') {
        setConfirming(true);
        return null;
      }
      return switchTo(target);
    },
    async confirm() {
      setConfirming(false);
      return switchTo('live');
    },
    cancel: () => setConfirming(false),
  };
}
