/**
 * The trading mode as the shell shows it. The server stores 'live' | 'paper' | 'mock'; the sidebar
 * calls live mode "real" (specification part 2, sections 2 and 4). Mock is paper trading against the
 * simulated market, so for the toggle it is a paper mode.
 */
import type { TradingMode } from '@nivesh/api-contract';

export type ShellTradingMode = 'real' | 'paper';

export function shellMode(mode: TradingMode): ShellTradingMode {
  return mode === 'live' ? 'real' : 'paper';
}

/** The alerts after a switch (specification part 2, section 4). */
export const MODE_ACTIVATED: Record<ShellTradingMode, string> = {
  real: 'Real Trading Mode Activated! All trades will now be executed with real money.',
  paper: 'Paper Trading Mode Activated! All trades will be simulated for ML training.',
};

/** The two failures of a switch (specification part 2, sections 7 and 8). */
export const MODE_SWITCH_FAILED = 'Failed to change trading mode. Please try again.';
export const MODE_SWITCH_UNREACHABLE = 'Error: Could not change trading mode.';
