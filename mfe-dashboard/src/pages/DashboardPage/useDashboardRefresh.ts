/**
 * Fetches again every call the Dashboard shows, or only the portfolio's (the connection banner's
 * Try Again). Goes through the api cache, so every block showing the data updates.
 */
import { useCallback, useState } from 'react';
import { brokerApi, mlApi, portfolioApi, systemApi, useAppDispatch } from '@nivesh/api-client';

const FORCE = { subscribe: false, forceRefetch: true } as const;

export function useDashboardRefresh() {
  const dispatch = useAppDispatch();
  const [refreshing, setRefreshing] = useState(false);

  const refreshPortfolio = useCallback(async () => {
    await Promise.allSettled([
      dispatch(portfolioApi.endpoints.portfolioOverview.initiate(undefined, FORCE)),
      dispatch(portfolioApi.endpoints.holdings.initiate(undefined, FORCE)),
      dispatch(portfolioApi.endpoints.activity.initiate(undefined, FORCE)),
    ]);
  }, [dispatch]);

  const refreshAll = useCallback(async () => {
    setRefreshing(true);
    try {
      await Promise.allSettled([
        refreshPortfolio(),
        dispatch(systemApi.endpoints.marketOverview.initiate(undefined, FORCE)),
        dispatch(systemApi.endpoints.marketStatus.initiate(undefined, FORCE)),
        dispatch(systemApi.endpoints.tradingMode.initiate(undefined, FORCE)),
        dispatch(brokerApi.endpoints.tokenStatus.initiate('upstox', FORCE)),
        dispatch(mlApi.endpoints.intelligenceMetrics.initiate(undefined, FORCE)),
        dispatch(mlApi.endpoints.marketSentiment.initiate(undefined, FORCE)),
        dispatch(mlApi.endpoints.enginesStatus.initiate(undefined, FORCE)),
        dispatch(mlApi.endpoints.news.initiate(undefined, FORCE)),
      ]);
    } finally {
      setRefreshing(false);
    }
  }, [dispatch, refreshPortfolio]);

  return { refreshAll, refreshPortfolio, refreshing };
}
