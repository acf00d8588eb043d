/**
 * 'Emergency Stop All' and lifting it. The stop, after a confirmation with a reason: the server
 * halts order entry (only orders that close a position are accepted, in every process and after a
 * restart), cancels every open order that could open or grow a position (keeping the stop-losses
 * and targets that protect open positions) and, when ticked, squares off every open position at
 * market with its orders;
 * it answers with what it did. While halted the page shows who stopped trading, when and why, and
 * 'Lift emergency stop', a second confirmed action.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Field, HStack, List, Stack, Text, Textarea } from '@nivesh/ui/chakra';
import { LuOctagonX, LuPlay } from 'react-icons/lu';
import {
  errorMessage,
  useEmergencyStopMutation,
  useLiftEmergencyStopMutation,
  useTradingModeQuery,
  useTradingStateQuery,
  type ApiCallError,
} from '@nivesh/api-client';
import type { EmergencyStopResult, TradingHalt } from '@nivesh/api-contract';
import { ConfirmDialog, formatIstDateTime, formatIstTime, formatNumber, notify } from '@nivesh/ui';
import { RISK_TEXT } from '../../features/riskText';

function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

function StopResult({ message, result }: { message: string; result: EmergencyStopResult }) {
  return (
    <Stack gap="3" role="status">
      <Text fontWeight="semibold">{message}</Text>
      <Text>
        Cancelled {plural(result.cancelled_orders, 'open order', 'open orders')}
        {result.kept_protective_orders > 0 &&
          `; kept ${plural(result.kept_protective_orders, 'protective order', 'protective orders')} (stop-losses and targets of open positions)`}
        ; squared off {plural(result.squared_off.length, 'position', 'positions')}.
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
              {result.failures.map((failure, i) => (
                <List.Item key={`${failure.symbol}-${i}`}>
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

function FailureAlert({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert.Root status="error" rounded="l2">
      <Alert.Indicator />
      <Alert.Title>
        {title} {errorMessage(error as ApiCallError, RISK_TEXT.noAnswer)}
      </Alert.Title>
    </Alert.Root>
  );
}

const REASON_HINT = 'Say why you are stopping (3 to 500 characters).';

function EmergencyStopButton() {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [squareOff, setSquareOff] = useState(false);
  const [stop, state] = useEmergencyStopMutation();
  const mode = useTradingModeQuery(undefined, { skip: !open });
  const live = mode.data?.trading_mode === 'live';
  const reasonOk = reason.trim().length >= 3 && reason.trim().length <= 500;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      state.reset();
      setReason('');
      setSquareOff(false);
    }
  };

  const confirm = async () => {
    try {
      const answer = await stop({
        body: { confirm: true, reason: reason.trim(), square_off: squareOff },
      }).unwrap();
      notify(answer.data.failures.length > 0 ? 'warning' : 'success', 'Emergency stop done', answer.message);
    } catch {
      // The dialog shows the failure.
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={RISK_TEXT.emergencyStop}
      icon={LuOctagonX}
      tone="danger"
      trigger={
        <Button colorPalette="red" variant="solid">
          <LuOctagonX /> {RISK_TEXT.emergencyStop}
        </Button>
      }
      confirmLabel={squareOff ? 'Halt, cancel orders & square off' : 'Halt & cancel orders'}
      confirmDisabled={!reasonOk}
      loading={state.isLoading}
      finished={state.isSuccess}
      onConfirm={() => void confirm()}
    >
      {state.isSuccess && state.data ? (
        <StopResult message={state.data.message} result={state.data.data} />
      ) : (
        <Stack gap="4">
          <Text>
            This halts order entry at once: every open order that could open or grow a position is cancelled
            and, until you lift the stop, only orders that close a position are accepted (after a restart
            too). Stop-losses and targets of open positions stay in place
            {squareOff ? ', unless you square off: then they are cancelled with their positions' : ''}.
          </Text>
          {mode.data && (
            <Text fontWeight="semibold" color={live ? 'red.fg' : 'fg'}>
              {live
                ? 'Live trading: real-money orders will be cancelled and sent to your broker.'
                : `${mode.data.trading_mode_label}: orders are simulated.`}
            </Text>
          )}
          <Field.Root required invalid={reason.length > 0 && !reasonOk}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              placeholder="What went wrong?"
              maxLength={500}
              rows={2}
            />
            <Field.HelperText>Kept with your name and the time.</Field.HelperText>
            <Field.ErrorText>{REASON_HINT}</Field.ErrorText>
          </Field.Root>
          <Checkbox.Root
            checked={squareOff}
            onCheckedChange={(details) => setSquareOff(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Also square off every open position at market price</Checkbox.Label>
          </Checkbox.Root>
          {state.isError && <FailureAlert title="Emergency stop failed." error={state.error} />}
        </Stack>
      )}
    </ConfirmDialog>
  );
}

function LiftButton({ halt }: { halt: TradingHalt }) {
  const [open, setOpen] = useState(false);
  const [lift, state] = useLiftEmergencyStopMutation();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) state.reset();
  };

  const confirm = async () => {
    try {
      const answer = await lift({ body: { confirm: true } }).unwrap();
      notify(answer.data.state === 'normal' ? 'success' : 'warning', 'Emergency stop lifted', answer.message);
      setOpen(false);
    } catch {
      // The dialog shows the failure.
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Lift emergency stop"
      icon={LuPlay}
      tone="neutral"
      trigger={
        <Button colorPalette="green" variant="outline">
          <LuPlay /> Lift emergency stop
        </Button>
      }
      confirmLabel="Lift the stop"
      loading={state.isLoading}
      onConfirm={() => void confirm()}
    >
      <Stack gap="3">
        <Text>
          Trading was halted by {halt.halted_by} at {formatIstDateTime(halt.halted_at)}: “{halt.reason}”.
        </Text>
        <Text>Once lifted, orders may open and grow positions again (within your risk limits).</Text>
        {state.isError && <FailureAlert title="Lifting failed." error={state.error} />}
      </Stack>
    </ConfirmDialog>
  );
}

/** The page header's actions: Lift (while halted) and Emergency Stop All. */
export function EmergencyStopActions() {
  const { data } = useTradingStateQuery();
  const halt = data?.data.halt ?? null;
  return (
    <HStack gap="2" wrap="wrap">
      {halt && <LiftButton halt={halt} />}
      <EmergencyStopButton />
    </HStack>
  );
}
