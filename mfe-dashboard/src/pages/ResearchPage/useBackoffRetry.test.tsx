import { act, renderHook } from '@testing-library/react';
import { backoffDelay, useBackoffRetry, type BackoffRetryOptions } from './useBackoffRetry';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Renders the hook as a page would: the load fails, and each retry fails again after it runs. */
function renderFailingLoad() {
  const retry = jest.fn();
  const props: BackoffRetryOptions = { failed: true, succeeded: false, retry };
  const hook = renderHook((current: BackoffRetryOptions) => useBackoffRetry(current), {
    initialProps: props,
  });
  /** A retry starts a load (no longer failed), which then fails again. */
  const failAgain = () => {
    hook.rerender({ ...props, failed: false });
    hook.rerender({ ...props, failed: true });
  };
  return { hook, retry, props, failAgain };
}

describe('useBackoffRetry', () => {
  it('waits 2 s, then 4 s, then 8 s, and then stops retrying', () => {
    const { hook, retry, failAgain } = renderFailingLoad();
    expect(hook.result.current.nextDelayMs).toBe(2000);

    act(() => jest.advanceTimersByTime(1999));
    expect(retry).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(retry).toHaveBeenCalledTimes(1);
    failAgain();
    expect(hook.result.current.nextDelayMs).toBe(4000);

    act(() => jest.advanceTimersByTime(3999));
    expect(retry).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1));
    expect(retry).toHaveBeenCalledTimes(2);
    failAgain();
    expect(hook.result.current.nextDelayMs).toBe(8000);

    act(() => jest.advanceTimersByTime(7999));
    expect(retry).toHaveBeenCalledTimes(2);
    act(() => jest.advanceTimersByTime(1));
    expect(retry).toHaveBeenCalledTimes(3);
    failAgain();

    expect(hook.result.current.exhausted).toBe(true);
    expect(hook.result.current.nextDelayMs).toBeNull();
    act(() => jest.advanceTimersByTime(60_000));
    expect(retry).toHaveBeenCalledTimes(3);
  });

  it('does not retry while nothing failed, and starts afresh after a success', () => {
    const retry = jest.fn();
    const hook = renderHook((current: BackoffRetryOptions) => useBackoffRetry(current), {
      initialProps: { failed: false, succeeded: true, retry },
    });
    act(() => jest.advanceTimersByTime(30_000));
    expect(retry).not.toHaveBeenCalled();

    hook.rerender({ failed: true, succeeded: false, retry });
    act(() => jest.advanceTimersByTime(2000));
    expect(retry).toHaveBeenCalledTimes(1);
    hook.rerender({ failed: false, succeeded: false, retry });
    hook.rerender({ failed: false, succeeded: true, retry });
    expect(hook.result.current.retries).toBe(0);

    hook.rerender({ failed: true, succeeded: false, retry });
    expect(hook.result.current.nextDelayMs).toBe(2000);
  });

  it('a manual retry loads at once and allows the automatic retries again', () => {
    const { hook, retry, failAgain } = renderFailingLoad();
    for (let i = 0; i < 3; i += 1) {
      act(() => jest.runOnlyPendingTimers());
      failAgain();
    }
    expect(hook.result.current.exhausted).toBe(true);
    expect(retry).toHaveBeenCalledTimes(3);

    act(() => hook.result.current.retryNow());
    expect(retry).toHaveBeenCalledTimes(4);
    failAgain();
    expect(hook.result.current.exhausted).toBe(false);
    expect(hook.result.current.nextDelayMs).toBe(2000);
  });

  it('doubles from the base delay', () => {
    expect([0, 1, 2].map((made) => backoffDelay(made))).toEqual([2000, 4000, 8000]);
  });
});
