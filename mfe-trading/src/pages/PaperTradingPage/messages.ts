/** The paper account's messages (specification part 2, sections 5 and 8) and how failures map to them. */
import { PAPER_RESET_BALANCE, PaperBalanceRequest } from '@nivesh/api-contract';
import { httpStatus, isNetworkError, serverMessage, type ApiCallError } from '@nivesh/api-client';
import { formatNumber, formatRupees } from '@nivesh/ui';

const INVALID_BALANCE = 'Please enter a valid positive balance amount.';

export const RESET_CONFIRMATION = `WARNING: This will reset your entire paper trading account! All positions will be closed and balance reset to ${formatRupees(PAPER_RESET_BALANCE)}. Are you sure?`;

export const LIMITS_UPDATED = 'Trading limits updated successfully!';
const LIMITS_FAILED = 'Failed to update trading limits.';
const LIMITS_ERROR = 'Error updating trading limits.';
export const COSTS_UPDATED = 'Trading costs updated successfully!';
const COSTS_FAILED = 'Failed to update trading costs.';
const COSTS_ERROR = 'Error updating trading costs.';
export const RESET_DONE = 'Paper trading account reset successfully!';
export const RESET_FAILED = 'Failed to reset paper trading account.';

/** 'Balance updated successfully to ₹10,50,000' (en-IN grouping, paise only when present). */
export function balanceUpdated(amount: number): string {
  return `Balance updated successfully to ₹${formatNumber(amount, Number.isInteger(amount) ? 0 : 2)}`;
}

/**
 * A refused balance change: the server's reason when it gave one, a generic retry otherwise, and
 * a different sentence when the server could not be reached at all.
 */
export function balanceUpdateFailure(error: ApiCallError): string {
  if (isNetworkError(error)) return 'Error updating balance. Please try again.';
  const reason = typeof httpStatus(error) === 'number' ? serverMessage(error) : undefined;
  return reason ? `Failed to update balance: ${reason}` : 'Failed to update balance. Please try again.';
}

/** The title for a failed limits update: unreachable server, or a refusal. */
export function limitsUpdateFailure(error: ApiCallError): string {
  return isNetworkError(error) ? LIMITS_ERROR : LIMITS_FAILED;
}

/** The title for a failed costs update: unreachable server, or a refusal. */
export function costsUpdateFailure(error: ApiCallError): string {
  return isNetworkError(error) ? COSTS_ERROR : COSTS_FAILED;
}

/**
 * An amount typed into the balance field, or the sentence refusing it: the specification's for an
 * empty, non-numeric or negative amount, and the contract's (PaperBalanceRequest, as the server
 * refuses it) below the smallest capital phase's minimum or above the largest amount.
 */
export function checkBalance(text: string): { amount: number } | { problem: string } {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount) || amount < 0) return { problem: INVALID_BALANCE };
  const parsed = PaperBalanceRequest.safeParse({ balance: amount });
  return parsed.success ? { amount } : { problem: parsed.error.issues[0]?.message ?? INVALID_BALANCE };
}
