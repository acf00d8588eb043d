/**
 * The account as the pages show it: the server's overview and holdings (re-fetched on the
 * endpoints' interval and after every order), moved to the latest prices of the tick stream for
 * the held symbols. The top bar, the Dashboard and the Portfolio page read the same figures.
 */
import { useMemo } from 'react';
import type { Holding, PortfolioOverview } from '@nivesh/api-contract';
import { useHoldingsQuery, usePortfolioOverviewQuery } from '../domains/portfolio';
import { queryView } from '../queryState/queryView';
import { useLiveTicks } from '../stream/useLiveTicks';
import { snapshotTime, valueHoldings, valueOverview } from './valuation';

export interface LivePortfolio {
  overviewQuery: ReturnType<typeof usePortfolioOverviewQuery>;
  holdingsQuery: ReturnType<typeof useHoldingsQuery>;
  /** The overview at live prices; undefined until a first answer (kept, stale, after a failed refetch). */
  overview: PortfolioOverview | undefined;
  /** The holdings at live prices; undefined until a first answer (kept, stale, after a failed refetch). */
  holdings: Holding[] | undefined;
  stream: ReturnType<typeof useLiveTicks>;
}

const NO_HOLDINGS: readonly Holding[] = [];

export function useLivePortfolio(): LivePortfolio {
  const overviewQuery = usePortfolioOverviewQuery();
  const holdingsQuery = useHoldingsQuery();
  // The last good answers, kept after a failed refetch (the pages mark them stale; see queryView).
  const serverOverview = queryView(overviewQuery).data?.data;
  const serverHoldings = queryView(holdingsQuery).data?.data;

  const symbolKey = [...new Set((serverHoldings ?? NO_HOLDINGS).map((holding) => holding.symbol))]
    .sort()
    .join(',');
  const symbols = useMemo(() => (symbolKey ? symbolKey.split(',') : []), [symbolKey]);
  const stream = useLiveTicks(symbols);

  const since = snapshotTime(serverOverview?.as_of);
  const holdings = useMemo(
    () => serverHoldings && valueHoldings(serverHoldings, stream.ticks, since),
    [serverHoldings, stream.ticks, since],
  );
  // Without holdings the price move cannot be known: the server's overview as it is.
  const overview = useMemo(
    () => serverOverview && valueOverview(serverOverview, serverHoldings ?? NO_HOLDINGS, stream.ticks),
    [serverOverview, serverHoldings, stream.ticks],
  );

  return { overviewQuery, holdingsQuery, overview, holdings, stream };
}
