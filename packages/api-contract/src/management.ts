/** Server management from the research page's diagnostics (specification part 1, sections 4 and 7). */
import type { RouteDefinition } from './route';

export const managementRoutes = {} as const satisfies Record<string, RouteDefinition>;
