/**
 * The account as the pages show it: the server's overview and holdings (re-fetched on the
 * endpoints' interval and after every order), moved to the latest prices of the tick stream for
 * the held symbols. The top bar, the Dashboard and the Portfolio page read the same figures.
 */
import { useMemo } from 'react';
import type { Holding, PortfolioOverview } from '@nivesh/api-contract';
import { useHoldingsQuery, usePortfolioOverviewQuery } from '../domains/portfolio';
import { useLiveTicks } from '../stream/useLiveTicks';
import { snapshotTime, valueHoldings, valueOverview } from './valuation';

export interface LivePortfolio {
  overviewQuery: ReturnType<typeof usePortfolioOverviewQuery>;
  holdingsQuery: ReturnType<typeof useHoldingsQuery>;
  /** The overview at live prices; undefined while loading or when its latest call failed. */
  overview: PortfolioOverview | undefined;
  /** The holdings at live prices; undefined while loading or when their latest call failed. */
  holdings: Holding[] | undefined;
  stream: ReturnType<typeof useLiveTicks>;
}

const NO_HOLDINGS: readonly Holding[] = [];

export function useLivePortfolio(): LivePortfolio {
  const overviewQuery = usePortfolioOverviewQuery();
  const holdingsQuery = useHoldingsQuery();
  // A figure that could not be refreshed is not shown as current (the latest call failed).
  const serverOverview = overviewQuery.isError ? undefined : overviewQuery.data?.data;
  const serverHoldings = holdingsQuery.isError ? undefined : holdingsQuery.data?.data;

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
