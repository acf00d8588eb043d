/**
 * The one trading-mode switch: the sidebar, the Dashboard header and System Diagnostics all render
 * this component, driven by `useTradingModeSwitch()` from @nivesh/api-client (which owns the call,
 * the confirmation step and the failure sentence). It only shows the mode the server confirmed: a
 * click asks for a switch, and the switch moves when the server's answer is in the cache.
 *
 * Specification: part 2, sections 2, 4, 7 and 8 (paper or real; confirm before real money; alert on
 * success; disabled while switching), part 1, sections 2 and 4 (the Dashboard's live/paper switch,
 * a failure keeps the prior mode and shows an error), and mock mode from System Diagnostics.
 *
 * Real money is checked before it is confirmed: the dialog opens either to confirm (the server
 * would switch) or to say why it would not, with the ways to fix it as links, where the operator
 * is looking rather than in small print under the switch.
 */
import type { MouseEvent } from 'react';
import { Box, Button, HStack, Icon, Link, List, Stack, Switch, Text } from '@nivesh/ui/chakra';
import { LuFlaskConical, LuShieldCheck, LuShieldX, LuTriangleAlert, LuZap } from 'react-icons/lu';
import { ConfirmDialog } from './ConfirmDialog';
import { Eyebrow } from './Eyebrow';
import { notify } from '../theme/toaster';

/** The server's modes (the contract's `TradingMode`). */
export type SwitchTradingMode = 'live' | 'paper' | 'mock';

/** Why real trading cannot be switched on now, and where it is put right. */
export interface ModeRefusal {
  /** The server's sentence. */
  reason: string;
  /** Links to where it is fixed (a new broker token); empty when trying again later is all. */
  fixes: ReadonlyArray<{
    label: string;
    href: string;
    /** Follows the link inside the app (and closes the dialog). */
    onFollow(event: MouseEvent<HTMLAnchorElement>): void;
  }>;
}

/** What the switch needs to know and do; `useTradingModeSwitch()` returns exactly this. */
export interface TradingModeSwitchControl {
  /** The mode the server confirmed; undefined while loading or when it cannot be read. */
  mode: SwitchTradingMode | undefined;
  /** The first read of the mode is on its way. */
  loading: boolean;
  /** The latest read of the mode failed. */
  unavailable: boolean;
  retry(): void;
  /** A switch is on its way. */
  switching: boolean;
  /** Real trading is being checked with the server, before the confirmation. */
  checking: boolean;
  /** Why the latest switch failed (the server's sentence when it sent one), else null. */
  failure: string | null;
  /** Switching to live waits for the operator to confirm real-money trading. */
  confirming: boolean;
  /** Real trading was refused (by the check, or the switch after the confirmation): said in the dialog. */
  refusal: ModeRefusal | null;
  /**
   * Asks for `target`: live is checked first and opens the confirmation, or the refusal; other
   * modes switch at once. The new mode, or null.
   */
  request(target: SwitchTradingMode): Promise<SwitchTradingMode | null>;
  /** Confirms real-money trading and switches to live. The new mode, or null. */
  confirm(): Promise<SwitchTradingMode | null>;
  /** Closes the confirmation (or the refusal) without switching. */
  cancel(): void;
}

export interface TradingModeSwitchProps {
  control: TradingModeSwitchControl;
  /**
   * The mode the switch turns on; off is paper. Live everywhere the operator trades (sidebar,
   * Dashboard); mock only in System Diagnostics.
   */
  on?: 'live' | 'mock';
}

/** The alerts after a switch (specification part 2, section 4). */
export const MODE_ACTIVATED: Record<SwitchTradingMode, string> = {
  live: 'Real Trading Mode Activated! All trades will now be executed with real money.',
  paper: 'Paper Trading Mode Activated! All trades will be simulated for ML training.',
  mock: 'Mock Trading Mode Activated! All trades will be simulated on the simulated market.',
};

/** How each mode is named, with what it means for orders. */
const MODE_TEXT: Record<SwitchTradingMode, { label: string; note: string }> = {
  live: { label: 'Real', note: 'real money' },
  paper: { label: 'Paper', note: 'simulated orders' },
  mock: { label: 'Mock', note: 'simulated market' },
};

const SWITCH_LABEL: Record<'live' | 'mock', string> = {
  live: 'Real trading',
  mock: 'Mock mode',
};

export function TradingModeSwitch({ control, on = 'live' }: TradingModeSwitchProps) {
  const { mode, switching, checking, failure, confirming, refusal } = control;
  const real = mode === 'live';
  const checked = mode === on;

  async function announce(switched: Promise<SwitchTradingMode | null>) {
    const mode = await switched;
    if (mode) notify(mode === 'live' ? 'warning' : 'success', MODE_ACTIVATED[mode]);
  }

  return (
    <Box
      data-testid="trading-mode-switch"
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
            as={real ? LuZap : mode === 'mock' ? LuFlaskConical : LuShieldCheck}
            boxSize="4"
            color={real ? 'red.fg' : 'brand.fg'}
            flexShrink={0}
          />
          <Stack gap="0" minW="0">
            <Eyebrow>Trading mode</Eyebrow>
            {mode ? (
              // The note sits under the mode's name: side by side they do not fit beside the switch
              // in the sidebar, and ran under it.
              <Stack gap="0" data-testid="trading-mode-text">
                <Text textStyle="sm" fontWeight="semibold" color={real ? 'red.fg' : 'fg'}>
                  {MODE_TEXT[mode].label}
                </Text>
                <Text textStyle="xs" color={real ? 'red.fg' : 'fg.muted'}>
                  {MODE_TEXT[mode].note}
                </Text>
              </Stack>
            ) : (
              <Text textStyle="sm" color="fg.muted">
                {control.unavailable ? 'Mode unavailable' : 'Loading...'}
              </Text>
            )}
          </Stack>
        </HStack>
        <Switch.Root
          flexShrink={0}
          size="md"
          colorPalette={real ? 'red' : on === 'mock' ? 'orange' : 'brand'}
          checked={checked}
          disabled={switching || checking || mode === undefined}
        >
          {/*
            The switch only shows the mode the server confirmed: the click is taken over (no native
            toggle), and the checked state follows the answer.
          */}
          <Switch.HiddenInput
            onClick={(event) => {
              event.preventDefault();
              void announce(control.request(checked ? 'paper' : on));
            }}
          />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label srOnly>{SWITCH_LABEL[on]}</Switch.Label>
        </Switch.Root>
      </HStack>
      {control.unavailable && (
        <Button size="2xs" variant="plain" color="fg.muted" px="0" mt="1" onClick={() => control.retry()}>
          Retry
        </Button>
      )}
      {(switching || checking) && (
        <Text textStyle="xs" color="fg.muted" mt="1" role="status">
          {checking ? 'Checking the broker connection...' : 'Switching mode...'}
        </Text>
      )}
      {failure && !switching && (
        <Text textStyle="xs" color="loss" mt="1" role="alert">
          {failure}
        </Text>
      )}

      <ConfirmDialog
        open={confirming || refusal !== null}
        onOpenChange={(open) => {
          if (!open) control.cancel();
        }}
        title={refusal ? 'Real trading cannot be switched on' : 'Switch to Real Trading?'}
        icon={refusal ? LuShieldX : LuTriangleAlert}
        tone="danger"
        confirmLabel="Switch to Real Trading"
        loading={switching}
        finished={refusal !== null}
        onConfirm={() => void announce(control.confirm())}
      >
        {refusal ? (
          <Stack gap="3">
            <Text role="alert">{refusal.reason}</Text>
            <Text color="fg.muted" textStyle="sm">
              You stay in paper trading.
              {refusal.fixes.length === 0 && ' Try again in a moment.'}
            </Text>
            {refusal.fixes.length > 0 && (
              <Stack gap="1.5">
                <Text fontWeight="semibold" textStyle="sm">
                  To fix it
                </Text>
                <List.Root ps="5" gap="1" textStyle="sm" aria-label="How to fix it">
                  {refusal.fixes.map((fix) => (
                    <List.Item key={fix.href}>
                      <Link href={fix.href} onClick={fix.onFollow} color="brand.fg" variant="underline">
                        {fix.label}
                      </Link>
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            )}
          </Stack>
        ) : (
          <Stack gap="3">
            <Text>
              Real-money trades will execute. From now on every order is sent to your broker and settles with
              real money from your trading account.
            </Text>
            <Text color="fg.muted" textStyle="sm">
              You can switch back to paper trading at any time; orders already placed are not undone.
            </Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Box>
  );
}
