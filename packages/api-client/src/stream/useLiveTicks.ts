/**
 * `useLiveTicks(symbols)`: live prices for a page. Follows the symbols while the component is
 * mounted (one socket for every component of the page; see tickStream.ts) and reads them from the
 * `livePrices` slice.
 */
import { useEffect, useMemo } from 'react';
import { shallowEqual, useStore } from 'react-redux';
import type { DataSource, StreamTick } from '@nivesh/api-contract';
import { useAppSelector } from '../hooks';
import type { AppStore } from '../store';
import { selectLivePrices } from './livePricesSlice';
import { tickStreamFor } from './liveStream';
import type { TickStreamStatus } from './tickStream';

export interface LiveTicks {
  /** The latest tick of each asked-for symbol the stream has priced (absent until then). */
  ticks: Record<string, StreamTick>;
  status: TickStreamStatus;
  dataSource: DataSource | null;
  marketOpen: boolean | null;
}

const useAppStore = useStore.withTypes<AppStore>();

export function useLiveTicks(symbols: readonly string[]): LiveTicks {
  const store = useAppStore();
  // Callers may pass a new array each render: follow by content, not identity.
  const key = [...new Set(symbols)].sort().join(',');
  const wanted = useMemo(() => (key ? key.split(',') : []), [key]);

  useEffect(() => {
    if (wanted.length === 0) return undefined;
    return tickStreamFor(store).retain(wanted);
  }, [store, wanted]);

  const ticks = useAppSelector((state) => {
    const all = selectLivePrices(state).ticks;
    const picked: Record<string, StreamTick> = {};
    for (const symbol of wanted) {
      const tick = all[symbol];
      if (tick) picked[symbol] = tick;
    }
    return picked;
  }, shallowEqual);
  const status = useAppSelector((state) => selectLivePrices(state).status);
  const dataSource = useAppSelector((state) => selectLivePrices(state).dataSource);
  const marketOpen = useAppSelector((state) => selectLivePrices(state).marketOpen);

  return useMemo(() => ({ ticks, status, dataSource, marketOpen }), [ticks, status, dataSource, marketOpen]);
}
