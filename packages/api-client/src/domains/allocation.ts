/** Endpoints of the allocation domain (see @nivesh/api-contract). */
import { api } from '../api';

export const allocationApi = api.injectEndpoints({
  endpoints: () => ({}),
});
