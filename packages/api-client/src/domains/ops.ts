/** Endpoints of the ops domain (see @nivesh/api-contract). */
import { api } from '../api';

export const opsApi = api.injectEndpoints({
  endpoints: () => ({}),
});
