/** Endpoints of the broker domain (see @nivesh/api-contract). */
import { api } from '../api';

export const brokerApi = api.injectEndpoints({
  endpoints: () => ({}),
});
