/**
 * Live / paper switch. Live trades real money, so turning it on asks for confirmation first
 * (as the shell's toggle does); turning it off does not. The switch shows the server's mode: a
 * failed switch leaves it where it was and says 'Failed to switch trading mode.'
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { TRADING_MODE_LABELS } from '@nivesh/api-contract';
import { useSetTradingModeMutation, useTradingModeQuery } from '@nivesh/api-client';
import { ConfirmDialog, notify } from '@nivesh/ui';

export const TRADING_MODE_SWITCH_FAILED = 'Failed to switch trading mode.';

export function TradingModeSwitch() {
  const modeQuery = useTradingModeQuery();
  const [setMode, { isLoading: switching }] = useSetTradingModeMutation();
  const [failed, setFailed] = useState(false);
  const [confirmingLive, setConfirmingLive] = useState(false);
  const mode = modeQuery.isError ? undefined : modeQuery.data?.mode;
  const isLive = mode === 'live';
  const inputRef = useRef<HTMLInputElement>(null);

  // The switch is controlled by the server's mode, but a click flips the native checkbox before we
  // decide (confirmation, or a failed switch). Put it back so assistive technology reads the truth.
  useEffect(() => {
    if (inputRef.current) inputRef.current.checked = isLive;
  });

  async function switchTo(next: 'live' | 'paper') {
    setFailed(false);
    try {
      await setMode({ body: { mode: next } }).unwrap();
      notify(
        'success',
        next === 'live' ? 'Live trading active' : 'Paper trading active',
        next === 'live' ? 'Orders now execute with real money.' : 'Orders are now simulated.',
      );
    } catch {
      setFailed(true);
    }
  }

  return (
    <Stack gap="1" align={{ base: 'flex-start', md: 'flex-end' }}>
      <HStack
        gap="3"
        px="3"
        py="1.5"
        rounded="l2"
        borderWidth="1px"
        borderColor={isLive ? 'red.solid' : 'border'}
        bg={isLive ? 'red.subtle' : 'bg.subtle'}
      >
        <Switch.Root
          size="sm"
          colorPalette={isLive ? 'red' : 'brand'}
          checked={isLive}
          disabled={!mode || switching}
          onCheckedChange={(details) => {
            if (details.checked) setConfirmingLive(true);
            else void switchTo('paper');
          }}
        >
          <Switch.HiddenInput ref={inputRef} aria-label="Live trading" />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label fontWeight="medium">Live trading</Switch.Label>
        </Switch.Root>
        <Badge
          colorPalette={isLive ? 'red' : 'gray'}
          variant={isLive ? 'solid' : 'subtle'}
          data-testid="trading-mode"
        >
          {mode ? TRADING_MODE_LABELS[mode] : modeQuery.isError ? 'Mode unavailable' : 'Loading mode...'}
        </Badge>
      </HStack>
      {failed && (
        <Text textStyle="xs" color="loss" role="alert">
          {TRADING_MODE_SWITCH_FAILED}
        </Text>
      )}

      <ConfirmDialog
        open={confirmingLive}
        onOpenChange={setConfirmingLive}
        title="Switch to live trading?"
        tone="danger"
        confirmLabel="Switch to Live"
        onConfirm={() => {
          setConfirmingLive(false);
          void switchTo('live');
        }}
      >
        <Text>Orders will be sent to the broker and executed with real money.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
