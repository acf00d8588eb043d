/**
 * The sidebar's trading-mode toggle: paper or real (specification part 2, sections 2, 4 and 7).
 * Paper to real asks for confirmation first, because from then on orders use real money; real to
 * paper needs none. The toggle is disabled while a switch is on its way. The cache holds the mode
 * the server answered, so the toggle never shows a mode the server has not confirmed.
 */
import { useState } from 'react';
import { Box, Button, HStack, Icon, Stack, Switch, Text } from '@chakra-ui/react';
import { LuShieldCheck, LuTriangleAlert, LuZap } from 'react-icons/lu';
import {
  isNetworkError,
  serverMessage,
  useSetTradingModeMutation,
  useTradingModeQuery,
} from '@nivesh/api-client';
import type { TradingMode } from '@nivesh/api-contract';
import { ConfirmDialog, notify } from '@nivesh/ui';
import {
  MODE_ACTIVATED,
  MODE_SWITCH_FAILED,
  MODE_SWITCH_UNREACHABLE,
  shellMode,
  type ShellTradingMode,
} from './tradingMode';

export function TradingModeToggle() {
  const modeQuery = useTradingModeQuery();
  const [setTradingMode, { isLoading: switching }] = useSetTradingModeMutation();
  const [confirming, setConfirming] = useState(false);

  const mode = modeQuery.data ? shellMode(modeQuery.data.mode) : null;
  const real = mode === 'real';

  async function switchTo(target: ShellTradingMode) {
    const result = await setTradingMode({ body: { mode: target } });
    if (result.error) {
      const unreachable = isNetworkError(result.error);
      notify(
        'error',
        unreachable ? MODE_SWITCH_UNREACHABLE : MODE_SWITCH_FAILED,
        unreachable ? undefined : serverMessage(result.error),
      );
      return;
    }
    notify(target === 'real' ? 'warning' : 'success', MODE_ACTIVATED[target]);
  }

  function requestMode(target: ShellTradingMode) {
    if (target === 'real') setConfirming(true);
    else void switchTo('paper');
  }

  function confirmReal() {
    setConfirming(false);
    void switchTo('real');
  }

  return (
    <Box
      data-testid="trading-mode"
      data-mode={mode ?? 'unknown'}
      rounded="l2"
      borderWidth="1px"
      borderColor={real ? 'red.solid' : 'border'}
      bg={real ? 'red.subtle' : 'bg.subtle'}
      px="3"
      py="2.5"
    >
      <HStack justify="space-between" gap="3">
        <HStack gap="2.5" minW="0">
          <Icon
            as={real ? LuZap : LuShieldCheck}
            boxSize="4"
            color={real ? 'red.fg' : 'brand.fg'}
            flexShrink={0}
          />
          <Stack gap="0" minW="0">
            <Text
              textStyle="xs"
              color="fg.muted"
              fontWeight="medium"
              textTransform="uppercase"
              letterSpacing="wider"
            >
              Trading mode
            </Text>
            <ModeLabel
              loading={modeQuery.isLoading}
              failed={modeQuery.isError && !modeQuery.data}
              mode={modeQuery.data?.mode ?? null}
            />
          </Stack>
        </HStack>
        <Switch.Root
          size="md"
          colorPalette={real ? 'red' : 'brand'}
          checked={real}
          disabled={switching || mode === null}
        >
          {/*
            The switch only shows the mode the server confirmed: the click is taken over (no native
            toggle), and the checked state follows the answer.
          */}
          <Switch.HiddenInput
            onClick={(event) => {
              event.preventDefault();
              requestMode(real ? 'paper' : 'real');
            }}
          />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label srOnly>Real trading</Switch.Label>
        </Switch.Root>
      </HStack>
      {modeQuery.isError && !modeQuery.data && (
        <Button
          size="2xs"
          variant="plain"
          color="fg.muted"
          px="0"
          mt="1"
          onClick={() => void modeQuery.refetch()}
        >
          Retry
        </Button>
      )}
      {switching && (
        <Text textStyle="xs" color="fg.muted" mt="1" role="status">
          Switching mode...
        </Text>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Switch to Real Trading?"
        icon={LuTriangleAlert}
        tone="danger"
        confirmLabel="Switch to Real Trading"
        onConfirm={confirmReal}
      >
        <Stack gap="3">
          <Text>
            Real-money trades will execute. From now on every order is sent to your broker and settles with
            real money from your trading account.
          </Text>
          <Text color="fg.muted" textStyle="sm">
            You can switch back to paper trading at any time; orders already placed are not undone.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Box>
  );
}

/** What each stored mode is called in the sidebar, with a short note on what it means for orders. */
const MODE_TEXT: Record<TradingMode, { label: string; note: string }> = {
  live: { label: 'Real', note: 'real money' },
  paper: { label: 'Paper', note: 'simulated orders' },
  mock: { label: 'Paper', note: 'simulated market' },
};

function ModeLabel({
  loading,
  failed,
  mode,
}: {
  loading: boolean;
  failed: boolean;
  mode: TradingMode | null;
}) {
  if (loading) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Loading...
      </Text>
    );
  }
  if (failed || mode === null) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Mode unavailable
      </Text>
    );
  }
  const real = mode === 'live';
  return (
    <HStack gap="1.5" data-testid="trading-mode-label" whiteSpace="nowrap">
      <Text textStyle="sm" fontWeight="semibold" color={real ? 'red.fg' : 'fg'}>
        {MODE_TEXT[mode].label}
      </Text>
      <Text textStyle="xs" color={real ? 'red.fg' : 'fg.muted'}>
        · {MODE_TEXT[mode].note}
      </Text>
    </HStack>
  );
}
