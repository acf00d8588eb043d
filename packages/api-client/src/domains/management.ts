/** Endpoints of the management domain (see @nivesh/api-contract). */
import { api } from '../api';

export const managementApi = api.injectEndpoints({
  endpoints: () => ({}),
});
