/**
 * @nivesh/api-contract: the one definition of every endpoint. The server registers and validates
 * routes from `contract`; @nivesh/api-client builds its endpoints from the same objects.
 */
import { allocationRoutes } from './allocation';
import { authRoutes } from './auth';
import { backtestsRoutes } from './backtests';
import { brokerRoutes } from './broker';
import { dataSourcesRoutes } from './dataSources';
import { managementRoutes } from './management';
import { marketRoutes } from './market';
import { mlRoutes } from './ml';
import { opsRoutes } from './ops';
import { ordersRoutes } from './orders';
import { performanceRoutes } from './performance';
import { portfolioRoutes } from './portfolio';
import { remotesRoutes } from './remotes';
import { researchRoutes } from './research';
import { riskRoutes } from './risk';
import { settingsRoutes } from './settings';
import { streamRoutes } from './stream';
import type { RouteDefinition } from './route';
import { tradingRoutes } from './trading';

export * from './route';
export * from './common';
export * from './fieldRules';
export * from './time';
export * from './password';
export * from './auth';
export * from './remotes';
export * from './remoteNames';
export * from './pages';
export * from './market';
export * from './trading';
export * from './orders';
export * from './stream';
export * from './ops';
export * from './capitalPhases';
export * from './portfolio';
export * from './ml';
export * from './risk';
export * from './performance';
export * from './backtests';
export * from './research';
export * from './allocation';
export * from './broker';
export * from './dataSources';
export * from './management';
export * from './settings';

/** Every endpoint, by domain. */
export const contract = {
  auth: authRoutes,
  remotes: remotesRoutes,
  market: marketRoutes,
  trading: tradingRoutes,
  orders: ordersRoutes,
  stream: streamRoutes,
  ops: opsRoutes,
  portfolio: portfolioRoutes,
  ml: mlRoutes,
  risk: riskRoutes,
  performance: performanceRoutes,
  backtests: backtestsRoutes,
  research: researchRoutes,
  allocation: allocationRoutes,
  broker: brokerRoutes,
  dataSources: dataSourcesRoutes,
  management: managementRoutes,
  settings: settingsRoutes,
} as const;

export type Contract = typeof contract;

/** Every route as a flat list with a stable id (`domain.name`). */
export function listRoutes(): Array<{ id: string; route: RouteDefinition }> {
  return Object.entries(contract).flatMap(([domain, routes]) =>
    Object.entries(routes as Record<string, RouteDefinition>).map(([name, definition]) => ({
      id: `${domain}.${name}`,
      route: definition,
    })),
  );
}
