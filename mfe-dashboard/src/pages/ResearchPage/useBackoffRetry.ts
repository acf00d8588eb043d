/**
 * Automatic retries of a failed load with exponential backoff (specification part 1, sections 4
 * and 9): the first retry 2 s after the failure, each next wait doubled, at most 3 retries; then
 * it stops and the page offers its manual actions. A success starts the count afresh.
 */
import { useCallback, useEffect, useState } from 'react';
import { RESEARCH_MAX_RETRIES, RESEARCH_RETRY_BASE_DELAY_MS } from '@nivesh/api-contract';

export interface BackoffRetryOptions {
  /** The latest load failed and no load is running. */
  failed: boolean;
  /** The latest load succeeded and no load is running. */
  succeeded: boolean;
  /** Starts another load. */
  retry: () => void;
  maxRetries?: number;
  baseDelayMs?: number;
}

export interface BackoffRetry {
  /** Automatic retries made since the last success (or manual retry). */
  retries: number;
  maxRetries: number;
  /** The wait before the next automatic retry, while one is scheduled. */
  nextDelayMs: number | null;
  /** Failed, and no automatic retry is left. */
  exhausted: boolean;
  /** A manual retry: loads now and allows the automatic retries again. */
  retryNow: () => void;
}

export function backoffDelay(
  retriesMade: number,
  baseDelayMs: number = RESEARCH_RETRY_BASE_DELAY_MS,
): number {
  return baseDelayMs * 2 ** retriesMade;
}

export function useBackoffRetry({
  failed,
  succeeded,
  retry,
  maxRetries = RESEARCH_MAX_RETRIES,
  baseDelayMs = RESEARCH_RETRY_BASE_DELAY_MS,
}: BackoffRetryOptions): BackoffRetry {
  const [retries, setRetries] = useState(0);
  const [wasSucceeded, setWasSucceeded] = useState(succeeded);
  // A success resets the count (adjusted while rendering, not in an effect).
  if (succeeded !== wasSucceeded) {
    setWasSucceeded(succeeded);
    if (succeeded && retries !== 0) setRetries(0);
  }

  const scheduled = failed && retries < maxRetries;
  const delay = scheduled ? backoffDelay(retries, baseDelayMs) : null;

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => {
      setRetries((made) => made + 1);
      retry();
    }, delay);
    return () => clearTimeout(timer);
  }, [delay, retry]);

  const retryNow = useCallback(() => {
    setRetries(0);
    retry();
  }, [retry]);

  return { retries, maxRetries, nextDelayMs: delay, exhausted: failed && retries >= maxRetries, retryNow };
}
