/** The broker (Upstox): token status, connection and credentials (specification parts 1 and 2). */
import type { RouteDefinition } from './route';

export const brokerRoutes = {} as const satisfies Record<string, RouteDefinition>;
