/** Endpoints of the performance domain (see @nivesh/api-contract). */
import { api } from '../api';

export const performanceApi = api.injectEndpoints({
  endpoints: () => ({}),
});
