/** Endpoints of the trading domain (see @nivesh/api-contract). */
import { api } from '../api';

export const tradingApi = api.injectEndpoints({
  endpoints: () => ({}),
});
