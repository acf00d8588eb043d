/**
 * Export CSV / Export Trade Report: every trade that matches the current filters (all pages,
 * fetched from the server in the largest page size), as one CSV download.
 */
import { useCallback, useState } from 'react';
import { errorMessage, useAppDispatch, type ApiCallError } from '@nivesh/api-client';
import { notify } from '@nivesh/ui';
import { downloadCsv, istFileDay } from '../../features/csv';
import { fetchAllTrades, type TradeFilterQuery } from '../../features/tradeHistory';
import { tradesToCsv } from '../../features/tradesCsv';

export type { TradeFilterQuery };

export function useTradeExport(filter: TradeFilterQuery) {
  const dispatch = useAppDispatch();
  const [exporting, setExporting] = useState(false);

  const exportTrades = useCallback(async () => {
    setExporting(true);
    try {
      const trades = await fetchAllTrades(dispatch, filter);
      if (trades.length === 0) {
        notify('info', 'No trades to export', 'No trades match the current filters.');
        return;
      }
      downloadCsv(
        `nivesh-trades-${filter.period ?? 'today'}-${istFileDay(new Date())}.csv`,
        tradesToCsv(trades),
      );
      notify('success', `Exported ${trades.length} ${trades.length === 1 ? 'trade' : 'trades'}`);
    } catch (error) {
      notify(
        'error',
        'Export failed',
        errorMessage(error as ApiCallError, 'Trading service is currently unavailable'),
      );
    } finally {
      setExporting(false);
    }
  }, [dispatch, filter]);

  return { exportTrades, exporting };
}
