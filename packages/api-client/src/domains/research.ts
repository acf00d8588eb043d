/** Endpoints of the research domain (see @nivesh/api-contract). */
import { api } from '../api';

export const researchApi = api.injectEndpoints({
  endpoints: () => ({}),
});
