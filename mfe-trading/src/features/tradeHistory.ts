/**
 * The whole trade history that matches a filter, every page in the largest page size (the
 * history's exports), and the closed trades of a performance period for its report and export.
 */
import { useEffect, useState } from 'react';
import {
  TRADE_HISTORY_MAX_PAGE_SIZE,
  istDay,
  type Trade,
  type TradeHistoryQuery,
} from '@nivesh/api-contract';
import {
  tradingApi,
  useAppDispatch,
  type ApiCallError,
  type AppDispatch,
  type QueryResultLike,
} from '@nivesh/api-client';

export type TradeFilterQuery = Omit<TradeHistoryQuery, 'page' | 'page_size'>;

export async function fetchAllTrades(dispatch: AppDispatch, filter: TradeFilterQuery): Promise<Trade[]> {
  const trades: Trade[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await dispatch(
      tradingApi.endpoints.tradeHistory.initiate(
        { query: { ...filter, page, page_size: TRADE_HISTORY_MAX_PAGE_SIZE } },
        { subscribe: false, forceRefetch: true },
      ),
    ).unwrap();
    trades.push(...answer.data);
    if (answer.data.length === 0 || trades.length >= answer.total) break;
  }
  return trades;
}

/**
 * The paper account's trades closed on or after `periodStart` (every one for null), in the order
 * they closed: the trades a performance period counts (one per exit, as the analytics count them).
 * The history's own period filter counts by entry day, so the exit day is checked here.
 */
export async function fetchClosedTrades(dispatch: AppDispatch, periodStart: string | null): Promise<Trade[]> {
  const completed = await fetchAllTrades(dispatch, { period: 'all', status: 'completed', mode: 'paper' });
  return completed
    .filter((t) => t.exit_time !== null && (periodStart === null || istDay(t.exit_time) >= periodStart))
    .sort((a, b) => Date.parse(a.exit_time!) - Date.parse(b.exit_time!));
}

/**
 * `fetchClosedTrades` as a call a page reads through `queryView`: nothing until the period's first
 * day is known (`undefined`), then that period's trades or why they could not be read.
 */
export function useClosedTrades(periodStart: string | null | undefined): QueryResultLike<Trade[]> {
  const dispatch = useAppDispatch();
  const [result, setResult] = useState<QueryResultLike<Trade[]> & { start?: string | null }>({});
  useEffect(() => {
    if (periodStart === undefined) return;
    let current = true;
    fetchClosedTrades(dispatch, periodStart).then(
      (trades) => {
        if (current) setResult({ start: periodStart, currentData: trades, fulfilledTimeStamp: Date.now() });
      },
      (error: unknown) => {
        if (current) setResult({ start: periodStart, error: error as ApiCallError });
      },
    );
    return () => {
      current = false;
    };
  }, [dispatch, periodStart]);
  // What was read for another period is not this period's.
  if (periodStart === undefined || result.start !== periodStart)
    return { isFetching: periodStart !== undefined };
  return result;
}
