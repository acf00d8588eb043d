/** Endpoints of the risk domain (see @nivesh/api-contract). */
import { api } from '../api';

export const riskApi = api.injectEndpoints({
  endpoints: () => ({}),
});
