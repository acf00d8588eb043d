import { combinedStatus, queryView } from './queryView';

const notConnected = {
  status: 503,
  data: { success: false, message: 'The portfolio service is not connected on this server.' },
};
const serverFault = { status: 500, data: { success: false, message: 'Internal error' } };
const overview = { portfolio_value: 1_234_568 };
// 20 Nov 2026, 09:45:00 UTC.
const ANSWERED_AT = Date.UTC(2026, 10, 20, 9, 45, 0);

describe('queryView', () => {
  it('is loading before the first answer, with nothing to show and nothing failed', () => {
    expect(queryView({ isFetching: true })).toEqual({
      state: 'loading',
      data: undefined,
      updatedAt: undefined,
      failure: undefined,
      failureText: undefined,
      error: undefined,
      fetching: true,
    });
  });

  it('is ready with the answer and when it arrived', () => {
    const view = queryView({ currentData: overview, fulfilledTimeStamp: ANSWERED_AT, isFetching: false });
    expect(view.state).toBe('ready');
    expect(view.data).toBe(overview);
    expect(view.updatedAt).toBe(ANSWERED_AT);
    expect(view.failureText).toBeUndefined();
  });

  it('keeps the last good answer after a failed refetch: stale, with its time and the server sentence', () => {
    const view = queryView({ currentData: overview, fulfilledTimeStamp: ANSWERED_AT, error: notConnected });
    expect(view.state).toBe('stale');
    expect(view.data).toBe(overview);
    expect(view.updatedAt).toBe(ANSWERED_AT);
    expect(view.failure).toBe('unavailable');
    expect(view.failureText).toBe('The portfolio service is not connected on this server.');
  });

  it('stays stale while it fetches again after a failure (RTK keeps the error until a success)', () => {
    const view = queryView({
      currentData: overview,
      fulfilledTimeStamp: ANSWERED_AT,
      error: serverFault,
      isFetching: true,
    });
    expect(view.state).toBe('stale');
    expect(view.failure).toBe('error');
    expect(view.fetching).toBe(true);
  });

  it('is unavailable when the first answer is a 503, with the server sentence', () => {
    const view = queryView({ error: notConnected });
    expect(view.state).toBe('unavailable');
    expect(view.data).toBeUndefined();
    expect(view.updatedAt).toBeUndefined();
    expect(view.failureText).toBe('The portfolio service is not connected on this server.');
  });

  it('is unavailable when the server cannot be reached, with the fallback sentence', () => {
    const view = queryView(
      { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } },
      'No answer.',
    );
    expect(view.state).toBe('unavailable');
    expect(view.failureText).toBe('No answer.');
  });

  it('is an error for any other failure without data', () => {
    const view = queryView({ error: serverFault });
    expect(view.state).toBe('error');
    expect(view.failure).toBe('error');
    expect(view.failureText).toBe('Internal error');
    expect(queryView({ error: { status: 404, data: {} } }).failureText).toBe('The server did not answer.');
  });
});

describe('combinedStatus', () => {
  const ready = queryView({ currentData: overview, fulfilledTimeStamp: ANSWERED_AT });
  const loading = queryView({ isFetching: true });
  const unavailable = queryView({ error: notConnected });
  const failed = queryView({ error: serverFault });
  const stale = queryView({ currentData: overview, fulfilledTimeStamp: ANSWERED_AT, error: notConnected });

  it('is connected only when every call answered', () => {
    expect(combinedStatus([ready, ready, ready])).toBe('connected');
  });

  it('is checking while calls load and none failed', () => {
    expect(combinedStatus([ready, loading])).toBe('checking');
    expect(combinedStatus([loading])).toBe('checking');
  });

  it('is partially connected (warning) when some answered and some failed', () => {
    // The Dashboard with four of its calls answering 503.
    expect(
      combinedStatus([ready, ready, ready, ready, unavailable, unavailable, unavailable, unavailable]),
    ).toBe('warning');
    expect(combinedStatus([ready, failed])).toBe('warning');
  });

  it('counts a stale call as failed: kept figures are not a connection', () => {
    expect(combinedStatus([ready, stale])).toBe('warning');
    expect(combinedStatus([stale])).toBe('disconnected');
  });

  it('is disconnected when nothing answered and every failure is "not connected"', () => {
    expect(combinedStatus([unavailable, unavailable])).toBe('disconnected');
    expect(combinedStatus([unavailable, loading])).toBe('disconnected');
  });

  it('is an error when nothing answered and a call failed another way', () => {
    expect(combinedStatus([unavailable, failed])).toBe('error');
  });
});
