/**
 * HTTP for data sources (/api/data-sources/...): list, switch on/off, validate, add, edit and
 * refresh. The service decides; 400, 404 and 409 come from it as sentences.
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { DataSourcesService } from './service.js';

export function dataSourcesHandlers(
  service: DataSourcesService,
): DomainHandlers<Contract['dataSources'], Session> {
  return {
    list: async () => ({ success: true, sources: await service.list() }),
    toggle: async ({ params, body }) => ({
      success: true,
      message: await service.toggle(params.id, body.enabled),
    }),
    validate: ({ body }) => service.validate(body),
    add: ({ body }) => service.add(body),
    update: ({ params, body }) => service.update(params.id, body),
    refresh: ({ params }) => service.refresh(params.id),
  };
}
