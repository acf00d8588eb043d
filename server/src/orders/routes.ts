/** HTTP for orders (contract.orders): place, preview, list, cancel through the mode's broker. */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { OrdersService } from './service.js';

export function ordersHandlers(orders: OrdersService): DomainHandlers<Contract['orders'], Session> {
  return {
    place: async ({ body, session, request }) => {
      const { order, message } = await orders.place(body, session.user.email);
      request.log.info(
        { orderId: order.order_id, account: order.account, status: order.status },
        'order placed',
      );
      return { success: true, message, data: order };
    },
    preview: async ({ body }) => ({ success: true, data: await orders.preview(body) }),
    list: async ({ query }) => ({ success: true, data: await orders.list(query) }),
    cancel: async ({ params, session }) => {
      const { order, message } = await orders.cancel(params.orderId, session.user.email);
      return { success: true, message, data: order };
    },
  };
}
