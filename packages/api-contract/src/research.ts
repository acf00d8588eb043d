/** Research and AI trading signals (specification part 1). */
import type { RouteDefinition } from './route';

export const researchRoutes = {} as const satisfies Record<string, RouteDefinition>;
