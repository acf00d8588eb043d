/** Endpoints of the dataSources domain (see @nivesh/api-contract). */
import { api } from '../api';

export const dataSourcesApi = api.injectEndpoints({
  endpoints: () => ({}),
});
