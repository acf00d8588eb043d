/**
 * The one way to switch the trading mode. Every switch in the product (the sidebar, the Dashboard,
 * System Diagnostics) renders `TradingModeSwitch` from @nivesh/ui with this hook's answer.
 *
 * - The mode is the server's (GET /api/trading/mode); a switch is POST /api/trading/mode, and the
 *   mutation invalidates every account figure (tag 'Account'), so the pages show the new mode's
 *   account at once.
 * - Switching to live is checked with the server first (POST /api/trading/mode/check: the switch's
 *   own checks, a usable token Upstox accepts, changing nothing). Only then is the operator asked to
 *   confirm real money; a refusal is said in the dialog, where the operator is looking, with the
 *   ways to fix it (paste a token on the Dashboard's broker panel, connect Upstox in Settings ›
 *   Data Sources). A switch refused after the confirmation is said in the dialog the same way.
 *   Other modes switch at once (specification part 2, section 4).
 * - A failed switch keeps the prior mode and gives one sentence: the server's when it sent one
 *   (Upstox refused the token, Upstox cannot be asked), else the specification's text.
 */
import { useState, type MouseEvent } from 'react';
import { PAGE_PATHS, SETTINGS_TAB_PATHS, type TradingMode } from '@nivesh/api-contract';
import type { ModeRefusal, TradingModeSwitchControl } from '@nivesh/ui';
import {
  useCheckTradingModeMutation,
  useSetTradingModeMutation,
  useTradingModeQuery,
} from '../domains/system';
import { httpStatus, isNetworkError, serverMessage, type ApiCallError } from '../errors';
import { followInApp } from '../navigation';

/** The failures of a switch without a sentence from the server (specification part 2, section 8). */
export const MODE_SWITCH_FAILED = 'Failed to change trading mode. Please try again.';
export const MODE_SWITCH_UNREACHABLE = 'Error: Could not change trading mode.';

/** Where a missing, expired or refused broker token is put right. */
export const TOKEN_FIXES = [
  { label: "Paste a new Upstox access token on the Dashboard's broker panel", href: PAGE_PATHS.dashboard },
  { label: 'Connect Upstox in Settings › Data Sources', href: SETTINGS_TAB_PATHS.dataSources },
] as const;

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

/** A 409 whose body names the token's state: a new token fixes it. */
function tokenRefusal(error: ApiCallError): boolean {
  if (httpStatus(error) !== 409 || !error || !('data' in error)) return false;
  const data = error.data as { token_state?: unknown } | undefined;
  return typeof data?.token_state === 'string';
}

/**
 * `failed`: the text when the server gave no sentence; the specification words it per place (the
 * shell's 'Failed to change trading mode. Please try again.', the Dashboard's 'Failed to switch
 * trading mode.').
 */
export function useTradingModeSwitch(options: { failed?: string } = {}): TradingModeSwitchControl {
  const modeQuery = useTradingModeQuery();
  const [setMode, mutation] = useSetTradingModeMutation();
  const [check, checkState] = useCheckTradingModeMutation();
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<{ reason: string; needsToken: boolean } | null>(null);
  // A mode that could not be re-read is not shown as current.
  const mode = modeQuery.isError ? undefined : modeQuery.data?.mode;

  function close() {
    setConfirming(false);
    setRefused(null);
  }

  const refusal: ModeRefusal | null = refused && {
    reason: refused.reason,
    fixes: refused.needsToken
      ? TOKEN_FIXES.map((fix) => ({
          ...fix,
          onFollow: (event: MouseEvent<HTMLAnchorElement>) => {
            close();
            followInApp(event);
          },
        }))
      : [],
  };

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
    checking: checkState.isLoading,
    // A refusal said in the dialog is not said again under the switch while the dialog shows it.
    failure: mutation.isError && !refused ? modeSwitchFailure(mutation.error, options.failed) : null,
    confirming,
    refusal,
    async request(target) {
      if (target === mode || mutation.isLoading || checkState.isLoading) return null;
      if (target !== 'live') return switchTo(target);
      setRefused(null);
      const result = await check({ body: { mode: 'live' } });
      if (result.data?.ready) setConfirming(true);
      else if (result.data) {
        setRefused({
          reason: result.data.reason ?? options.failed ?? MODE_SWITCH_FAILED,
          needsToken: result.data.needs_token,
        });
      } else {
        setRefused({ reason: modeSwitchFailure(result.error, options.failed), needsToken: false });
      }
      return null;
    },
    async confirm() {
      const result = await setMode({ body: { mode: 'live' } });
      setConfirming(false);
      if (result.data) return result.data.mode;
      setRefused({
        reason: modeSwitchFailure(result.error, options.failed),
        needsToken: tokenRefusal(result.error),
      });
      return null;
    },
    cancel: close,
  };
}
