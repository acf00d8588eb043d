/**
 * Orders that have not filled yet (a limit order waiting for its price, a stop-loss order waiting
 * for its trigger, an order placed while the market was shut), with Cancel. Cancelling asks first;
 * the server's sentence says how it went.
 */
import { useState } from 'react';
import { Badge, Button, Skeleton, Stack, Table, Text } from '@nivesh/ui/chakra';
import type { Order } from '@nivesh/api-contract';
import { errorMessage, queryView, useCancelOrderMutation, useOpenOrdersQuery } from '@nivesh/api-client';
import {
  ConfirmDialog,
  formatIstDateTime,
  formatNumber,
  formatRupees,
  notify,
  Panel,
  QueryNotice,
} from '@nivesh/ui';
import { Section } from '../../features/layout/Section';

const rupees = (value: number) => formatRupees(value, { decimals: 2 });

/** 'Sell 10 INFY at market, trigger ₹1,480.00' (a stop names its trigger, and says once it has triggered). */
function describe(order: Order): string {
  const side = order.side === 'BUY' ? 'Buy' : 'Sell';
  const price =
    order.limit_price === null || order.order_type === 'SL-M'
      ? 'at market'
      : `at ${rupees(order.limit_price)}`;
  const trigger =
    order.trigger_price === null
      ? ''
      : order.triggered_at === null
        ? `, trigger ${rupees(order.trigger_price)}`
        : `, trigger ${rupees(order.trigger_price)} crossed`;
  return `${side} ${formatNumber(order.quantity)} ${order.symbol} ${price}${trigger}`;
}

function OrderBadges({ order }: { order: Order }) {
  return (
    <>
      <Badge size="xs" variant="outline">
        {order.product}
      </Badge>{' '}
      {order.trigger_price !== null && (
        <>
          <Badge size="xs" colorPalette="orange" variant="subtle">
            {order.order_type}
          </Badge>{' '}
        </>
      )}
      {order.account === 'live' && (
        <Badge size="xs" colorPalette="red" variant="solid">
          LIVE
        </Badge>
      )}
    </>
  );
}

export function OpenOrdersPanel() {
  const view = queryView(useOpenOrdersQuery(), 'The order service did not answer.');
  const orders = view.data?.data;
  const [cancelOrder, { isLoading: cancelling }] = useCancelOrderMutation();
  const [confirming, setConfirming] = useState<Order | null>(null);

  async function cancel(order: Order) {
    const result = await cancelOrder({ params: { orderId: order.order_id } });
    setConfirming(null);
    if ('error' in result) {
      notify('error', 'Order not cancelled', errorMessage(result.error, 'Please try again.'));
      return;
    }
    notify('success', 'Order cancelled', result.data.message);
  }

  return (
    <Section label="Open Orders">
      <Panel title="Open Orders" subtitle="Placed and waiting to fill">
        {view.state === 'loading' && <Skeleton height="9" aria-label="Loading open orders" />}
        <QueryNotice view={view} unavailableTitle="Open orders not available" />
        {orders &&
          (orders.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              No open orders.
            </Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
              <Table.Root size="sm" aria-label="Open orders">
                <Table.Header>
                  {/* On a phone, Product and Placed go under the order, so Cancel stays in view. */}
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>Order</Table.ColumnHeader>
                    <Table.ColumnHeader hideBelow="md">Product</Table.ColumnHeader>
                    <Table.ColumnHeader hideBelow="md">Placed</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Cancel</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body fontVariantNumeric="tabular-nums">
                  {orders.map((order) => (
                    <Table.Row key={order.order_id}>
                      <Table.Cell>
                        <Stack gap="0">
                          <Text fontWeight="medium">{describe(order)}</Text>
                          {order.status_message && (
                            <Text textStyle="xs" color="fg.muted">
                              {order.status_message}
                            </Text>
                          )}
                          <Text textStyle="xs" color="fg.muted" hideFrom="md" whiteSpace="normal">
                            <OrderBadges order={order} /> {formatIstDateTime(order.placed_at)}
                          </Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell hideBelow="md">
                        <OrderBadges order={order} />
                      </Table.Cell>
                      <Table.Cell hideBelow="md">{formatIstDateTime(order.placed_at)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <Button
                          size="2xs"
                          variant="outline"
                          colorPalette="red"
                          aria-label={`Cancel ${describe(order)}`}
                          onClick={() => setConfirming(order)}
                        >
                          Cancel
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ))}
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title="Cancel this order?"
          tone="neutral"
          confirmLabel="Cancel Order"
          cancelLabel="Keep It"
          loading={cancelling}
          onConfirm={() => {
            if (confirming) void cancel(confirming);
          }}
        >
          <Text>{confirming ? describe(confirming) : ''}</Text>
        </ConfirmDialog>
      </Panel>
    </Section>
  );
}
