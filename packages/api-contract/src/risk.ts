/** Risk management (specification part 1 section 3, part 2 sections 2-4 and 9). */
import type { RouteDefinition } from './route';

export const riskRoutes = {} as const satisfies Record<string, RouteDefinition>;
