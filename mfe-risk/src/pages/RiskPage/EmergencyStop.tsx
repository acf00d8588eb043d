/**
 * 'Emergency Stop All': after a confirmation, the server cancels every open order and squares off
 * every open position in the current trading mode, and answers with what it did.
 */
import { useState } from 'react';
import { Alert, Button, CloseButton, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { LuOctagonX } from 'react-icons/lu';
import {
  errorMessage,
  useEmergencyStopMutation,
  useTradingModeQuery,
  type ApiCallError,
} from '@nivesh/api-client';
import type { EmergencyStopResult } from '@nivesh/api-contract';
import { formatIstTime, formatNumber, notify } from '@nivesh/ui';
import { RISK_TEXT } from '../../features/riskText';

function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

function StopResult({ message, result }: { message: string; result: EmergencyStopResult }) {
  return (
    <Stack gap="3" role="status">
      <Text fontWeight="semibold">{message}</Text>
      <Text>
        Cancelled {plural(result.cancelled_orders, 'open order', 'open orders')}; squared off{' '}
        {plural(result.squared_off.length, 'position', 'positions')}.
      </Text>
      {result.squared_off.length > 0 && (
        <List.Root gap="1" textStyle="sm" aria-label="Squared off positions">
          {result.squared_off.map((item) => (
            <List.Item key={item.order_id}>
              {item.symbol}: {formatNumber(Math.abs(item.quantity))} shares (order {item.order_id})
            </List.Item>
          ))}
        </List.Root>
      )}
      {result.failures.length > 0 && (
        <Alert.Root status="error" rounded="l2">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Not everything could be stopped</Alert.Title>
            <List.Root gap="1" textStyle="sm">
              {result.failures.map((failure) => (
                <List.Item key={failure.symbol}>
                  {failure.symbol}: {failure.reason}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      <Text textStyle="xs" color="fg.muted">
        Done at {formatIstTime(result.executed_at)}
      </Text>
    </Stack>
  );
}

export function EmergencyStopButton() {
  const [open, setOpen] = useState(false);
  const [stop, state] = useEmergencyStopMutation();
  const mode = useTradingModeQuery(undefined, { skip: !open });
  const live = mode.data?.trading_mode === 'live';

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) state.reset();
  };

  const confirm = async () => {
    try {
      const answer = await stop({ body: { confirm: true } }).unwrap();
      notify(answer.data.failures.length > 0 ? 'warning' : 'success', 'Emergency stop done', answer.message);
    } catch {
      // The dialog shows the failure.
    }
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button colorPalette="red" variant="solid">
          <LuOctagonX /> {RISK_TEXT.emergencyStop}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{RISK_TEXT.emergencyStop}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {state.isSuccess && state.data ? (
                <StopResult message={state.data.message} result={state.data.data} />
              ) : (
                <Stack gap="3">
                  <Text>
                    This cancels every open order and squares off every open position at market price. It
                    cannot be undone.
                  </Text>
                  {mode.data && (
                    <Text fontWeight="semibold" color={live ? 'red.fg' : 'fg'}>
                      {live
                        ? 'Live trading: real-money orders will be sent to your broker.'
                        : `${mode.data.trading_mode_label}: orders are simulated.`}
                    </Text>
                  )}
                  {state.isError && (
                    <Alert.Root status="error" rounded="l2">
                      <Alert.Indicator />
                      <Alert.Title>
                        Emergency stop failed.{' '}
                        {errorMessage(state.error as ApiCallError, 'The server did not answer.')}
                      </Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {state.isSuccess ? (
                <Button onClick={() => onOpenChange(false)}>Close</Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => onOpenChange(false)} disabled={state.isLoading}>
                    Cancel
                  </Button>
                  <Button colorPalette="red" loading={state.isLoading} onClick={() => void confirm()}>
                    Cancel orders &amp; square off
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
