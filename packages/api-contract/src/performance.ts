/** Performance analytics (specification part 2). */
import type { RouteDefinition } from './route';

export const performanceRoutes = {} as const satisfies Record<string, RouteDefinition>;
