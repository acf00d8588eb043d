/** Daily investment allocation (specification part 1). */
import type { RouteDefinition } from './route';

export const allocationRoutes = {} as const satisfies Record<string, RouteDefinition>;
