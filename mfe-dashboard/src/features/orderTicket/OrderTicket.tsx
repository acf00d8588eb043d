/**
 * The order ticket: buy or sell a symbol at market, at a limit, or with a stop-loss (SL: a limit
 * order once the price crosses the trigger; SL-M: a market order then), delivery or intraday. Before it
 * can be submitted it shows the server's estimate (price, value, every charge, the cash it takes or
 * brings) and, if a limit would refuse it, why. Submitting places the order in the mode the server
 * trades: a paper order, or, in live mode, a real-money order (red, named LIVE everywhere).
 * A refusal (422) shows the server's sentence, which names the limit and the figures; a placed
 * order closes the ticket with a toast, and the api cache fetches the account again.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Dialog, HStack, SimpleGrid, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { TradingMode } from '@nivesh/api-contract';
import { errorMessage, isNetworkError, usePlaceOrderMutation, useTradingModeQuery } from '@nivesh/api-client';
import { notify } from '@nivesh/ui';
import { WorkDialog } from '../layout/WorkDialog';
import { OrderEstimate } from './OrderEstimate';
import { OrderFields } from './OrderFields';
import { initialDraft, toOrderRequest, type OrderDraft, type OrderTicketPrefill } from './orderForm';
import { useOrderPreview } from './useOrderPreview';

const ORDER_NETWORK_ERROR =
  'Network error: the server did not confirm the order. Check your orders and recent activity before placing it again.';

/** How the ticket names the account an order goes to. */
function orderModeLabel(mode: TradingMode): { badge: string; detail: string; live: boolean } {
  if (mode === 'live')
    return { badge: 'LIVE order', detail: 'Executes with real money through the broker.', live: true };
  return {
    badge: 'Paper order',
    detail:
      mode === 'mock'
        ? 'Simulated fill on the paper account, against the simulated market.'
        : 'Simulated fill on the paper account, at market prices.',
    live: false,
  };
}

export interface OrderTicketProps {
  open: boolean;
  /** What the ticket starts with (a holding's Buy / Sell prefill its symbol, side and product). */
  prefill?: OrderTicketPrefill;
  /** Symbols offered while typing (the account's holdings). */
  knownSymbols?: readonly string[];
  onClose: () => void;
}

export function OrderTicket({ open, prefill, knownSymbols = [], onClose }: OrderTicketProps) {
  return (
    <WorkDialog
      open={open}
      onClose={onClose}
      title={<TicketTitle />}
      size="xl"
      closeLabel="Close order ticket"
    >
      <OrderTicketBody prefill={prefill} knownSymbols={knownSymbols} onClose={onClose} />
    </WorkDialog>
  );
}

function useOrderMode() {
  const query = useTradingModeQuery();
  const mode = query.isError ? undefined : query.data?.mode;
  return { mode, label: mode ? orderModeLabel(mode) : undefined, failed: query.isError };
}

function TicketTitle() {
  const { label, failed } = useOrderMode();
  return (
    <HStack gap="3" wrap="wrap">
      <span>Order ticket</span>
      {label ? (
        <Badge
          colorPalette={label.live ? 'red' : 'blue'}
          variant={label.live ? 'solid' : 'subtle'}
          data-testid="order-mode"
        >
          {label.badge}
        </Badge>
      ) : (
        <Badge colorPalette="orange" variant="subtle" data-testid="order-mode">
          {failed ? 'Mode unknown' : 'Checking mode...'}
        </Badge>
      )}
    </HStack>
  );
}

function OrderTicketBody({
  prefill,
  knownSymbols,
  onClose,
}: {
  prefill: OrderTicketPrefill | undefined;
  knownSymbols: readonly string[];
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(prefill));
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [placeOrder, { isLoading: placing }] = usePlaceOrderMutation();
  const { label, failed: modeFailed } = useOrderMode();
  const check = toOrderRequest(draft);
  const estimate = useOrderPreview(check);
  const refused = estimate.current && Boolean(estimate.preview?.rejection);
  const canPlace = check.ok && estimate.current && !refused && Boolean(label) && !placing;

  function change(changes: Partial<OrderDraft>) {
    setDraft((current) => ({ ...current, ...changes }));
    setPlaceError(null);
  }

  async function submit() {
    if (!check.ok) return;
    setPlaceError(null);
    const result = await placeOrder({ body: check.request });
    if ('error' in result) {
      // 422: refused by a limit; 400: the server's reason (unknown symbol…); 409: live mode without a token.
      setPlaceError(
        isNetworkError(result.error)
          ? ORDER_NETWORK_ERROR
          : errorMessage(result.error, 'The order could not be placed. Please try again.'),
      );
      return;
    }
    const order = result.data.data;
    notify('success', order.status === 'filled' ? 'Order filled' : 'Order placed', result.data.message);
    onClose();
  }

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          {label && (
            <Text
              textStyle="sm"
              color={label.live ? 'red.fg' : 'fg.muted'}
              fontWeight={label.live ? 'semibold' : 'normal'}
            >
              {label.detail}
            </Text>
          )}
          {modeFailed && (
            <Text textStyle="sm" color="loss" role="alert">
              The trading mode could not be read, so the order cannot be labelled paper or live. Close the
              ticket and try again.
            </Text>
          )}
          {/* From tablets up the fields and the estimate sit side by side, so the whole ticket,
              the refusal and the Place button included, fits a 1440 x 900 screen. */}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
            <OrderFields draft={draft} onChange={change} knownSymbols={knownSymbols} disabled={placing} />
            <Stack gap="2" as="section" aria-label="Estimate">
              {!check.ok && (
                <Text textStyle="sm" color="fg.muted" role="status">
                  {check.problem}
                </Text>
              )}
              {check.ok && estimate.errorText && (
                <Text textStyle="sm" color="loss" role="alert">
                  {estimate.errorText}
                </Text>
              )}
              {check.ok && !estimate.errorText && !estimate.preview && estimate.pending && (
                <Stack gap="2" aria-label="Estimating the order">
                  <Skeleton height="5" />
                  <Skeleton height="24" />
                </Stack>
              )}
              {check.ok && !estimate.errorText && estimate.preview && (
                <OrderEstimate preview={estimate.preview} side={draft.side} stale={!estimate.current} />
              )}
            </Stack>
          </SimpleGrid>
          {placeError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Order not placed</Alert.Title>
                <Alert.Description>{placeError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer gap="2" flexWrap="wrap">
        <Button variant="ghost" onClick={onClose} disabled={placing}>
          Cancel
        </Button>
        <Button
          colorPalette={label?.live ? 'red' : draft.side === 'BUY' ? 'green' : 'red'}
          data-account={label?.live ? 'live' : 'paper'}
          onClick={() => void submit()}
          disabled={!canPlace}
          loading={placing}
          loadingText="Placing..."
        >
          {`${label?.live ? 'Place LIVE' : 'Place paper'} ${draft.side === 'BUY' ? 'buy' : 'sell'} order`}
        </Button>
      </Dialog.Footer>
    </>
  );
}
