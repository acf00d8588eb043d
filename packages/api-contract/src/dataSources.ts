/** Data sources (specification part 2, Settings). */
import type { RouteDefinition } from './route';

export const dataSourcesRoutes = {} as const satisfies Record<string, RouteDefinition>;
