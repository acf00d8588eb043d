/**
 * The top bar (specification part 2, sections 2 and 7): the menu button on small screens, the
 * market status (GET /api/market/status, polled every 30 s), the portfolio value and today's P&L
 * (the account's overview, moved by the tick stream as the held symbols' prices change), the
 * colour-mode toggle and the user menu. A figure the server cannot give shows '--' and says why;
 * it is never made up.
 */
import type { ReactNode } from 'react';
import {
  Avatar,
  Box,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@nivesh/ui/chakra';
import { useNavigate } from '@nivesh/api-client/router';
import { LuChevronDown, LuLogOut, LuMenu, LuMoon, LuSettings, LuSun, LuTrendingUp } from 'react-icons/lu';
import {
  PAGE_PATHS,
  SIMULATED_SESSION_LABEL,
  SIMULATED_SESSION_NOTE,
  type MarketStatusResponse,
  type PnlBasis,
  type User,
} from '@nivesh/api-contract';
import {
  logout,
  queryView,
  selectUser,
  useAppDispatch,
  useAppSelector,
  useLivePortfolio,
  useMarketStatusQuery,
} from '@nivesh/api-client';
import {
  Eyebrow,
  formatIstDateTime,
  formatPercent,
  formatRupees,
  PnlLabel,
  StaleNotice,
  useColorMode,
} from '@nivesh/ui';
import { AutomationStatusPill } from './AutomationStatusPill';
import { SIDEBAR_ID } from './Sidebar';

export interface TopBarProps {
  sidebarOpen: boolean;
  onMenuClick(): void;
  live: boolean;
}

export function TopBar({ sidebarOpen, onMenuClick, live }: TopBarProps) {
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg.panel/90"
      backdropFilter="blur(8px)"
      borderBottomWidth="1px"
      borderColor={live ? 'red.muted' : 'border'}
      px={{ base: '3', md: '5' }}
      py="2"
      minH="14"
      align="center"
      gap={{ base: '2', md: '4' }}
      wrap="wrap"
    >
      <IconButton
        aria-label="Open menu"
        aria-controls={SIDEBAR_ID}
        aria-expanded={sidebarOpen}
        variant="ghost"
        size="sm"
        hideFrom="lg"
        onClick={onMenuClick}
      >
        <LuMenu />
      </IconButton>
      <MarketStatus />
      <AutomationStatusPill />
      <Box flex="1" />
      <HStack gap="1" order={{ base: 2, md: 1 }}>
        <ColorModeButton />
        <UserMenu />
      </HStack>
      <PortfolioFigures />
    </Flex>
  );
}

function marketDetail(status: MarketStatusResponse): string {
  const parts = [`NSE ${status.exchange_status.replace('_', '-').toLowerCase()}`];
  if (status.closed_reason === 'holiday')
    parts.push(`holiday${status.holiday_name ? `: ${status.holiday_name}` : ''}`);
  if (status.closed_reason === 'weekend') parts.push('weekend');
  if (status.exchange_status !== 'OPEN') parts.push(`next open ${formatIstDateTime(status.next_open)}`);
  else parts.push(`closes ${formatIstDateTime(status.next_close)}`);
  if (status.simulated_session_open) parts.push('the simulated market trades outside NSE hours');
  return parts.join(' · ');
}

/**
 * The active/inactive dot and 'Market Open' / 'Market Closed'; 'OPEN' means open and active. Outside
 * NSE hours a simulated market that keeps its own session open (prices move, market orders fill) is
 * active too, and says so in words rather than 'Market Closed'.
 */
function MarketStatus() {
  const view = queryView(useMarketStatusQuery());
  const data = view.data;
  const isLoading = view.state === 'loading';
  // Open or closed is a claim about now: an answer that could not be refreshed is not shown.
  const known = view.state === 'ready';
  // One answer (the server's market/session.ts): open while orders trade, simulated or not.
  const open = known && data?.is_open === true;
  const simulated = open && data?.simulated_session_open === true;
  const label = isLoading
    ? 'Checking market...'
    : !known
      ? 'Market status unavailable'
      : simulated
        ? SIMULATED_SESSION_LABEL
        : open
          ? 'Market Open'
          : 'Market Closed';
  return (
    <HStack
      data-testid="market-status"
      data-active={open ? 'true' : 'false'}
      data-simulated={simulated ? 'true' : undefined}
      gap="2"
      px="2.5"
      py="1"
      rounded="full"
      borderWidth="1px"
      borderColor={open ? 'green.muted' : 'border'}
      bg={open ? 'green.subtle' : 'bg.subtle'}
      title={known && data ? marketDetail(data) : undefined}
    >
      <Box position="relative" boxSize="2">
        {open && (
          <Box
            position="absolute"
            inset="0"
            rounded="full"
            bg="green.solid"
            opacity="0.6"
            animation="ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite"
          />
        )}
        <Box
          position="relative"
          boxSize="2"
          rounded="full"
          bg={open ? 'green.solid' : known ? 'gray.solid' : 'orange.solid'}
          aria-hidden
        />
      </Box>
      <Text textStyle="xs" fontWeight="semibold" color={open ? 'green.fg' : 'fg.muted'} whiteSpace="nowrap">
        {label}
        {/* On a phone the note (also in the tooltip) is dropped, so the bar keeps to one row. */}
        {simulated && (
          <Box as="span" hideBelow="sm">
            {` ${SIMULATED_SESSION_NOTE}`}
          </Box>
        )}
      </Text>
    </HStack>
  );
}

const NOT_CONNECTED = 'Data source not connected';

/** Portfolio Value and Daily P&L, rupees en-IN; P&L signed, green for gains and red for losses. */
function PortfolioFigures() {
  const { overview, overviewQuery } = useLivePortfolio();
  const view = queryView(overviewQuery);
  const isLoading = view.state === 'loading';
  const change = overview?.day_change;
  return (
    <HStack
      gap={{ base: '4', md: '6' }}
      order={{ base: 3, md: 0 }}
      w={{ base: 'full', md: 'auto' }}
      justify={{ base: 'space-between', md: 'flex-end' }}
      borderTopWidth={{ base: '1px', md: '0' }}
      borderColor="border"
      pt={{ base: '2', md: '0' }}
    >
      <Figure label="Portfolio Value" loading={isLoading}>
        {overview ? <Text as="span">{formatRupees(overview.portfolio_value)}</Text> : <NotConnected />}
      </Figure>
      <Figure label="Daily P&L" pnlBasis={overview?.pnl_basis} loading={isLoading} align="end">
        {overview && change !== undefined ? (
          <HStack
            as="span"
            gap="1.5"
            color={change < 0 ? 'loss' : 'gain'}
            data-tone={change < 0 ? 'loss' : 'gain'}
          >
            <span>{formatRupees(change, { sign: true })}</span>
            <Text as="span" textStyle="xs" fontWeight="medium">
              ({formatPercent(overview.day_change_percent)})
            </Text>
          </HStack>
        ) : (
          <NotConnected />
        )}
      </Figure>
      {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} />}
    </HStack>
  );
}

function NotConnected() {
  return (
    <Text as="span" color="fg.muted" title={NOT_CONNECTED} aria-label={`-- (${NOT_CONNECTED})`} cursor="help">
      --
    </Text>
  );
}

function Figure({
  label,
  loading,
  align = 'start',
  pnlBasis,
  children,
}: {
  label: string;
  loading: boolean;
  align?: 'start' | 'end';
  /** A P&L figure: the label says whether it is before or after charges. */
  pnlBasis?: PnlBasis;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="0"
      align={{ base: align === 'end' ? 'flex-end' : 'flex-start', md: 'flex-end' }}
      role="group"
      aria-label={label}
    >
      <Eyebrow textStyle="2xs">{pnlBasis ? <PnlLabel label={label} basis={pnlBasis} /> : label}</Eyebrow>
      {loading ? (
        <Skeleton h="5" w="24" />
      ) : (
        <Box textStyle="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
          {children}
        </Box>
      )}
    </Stack>
  );
}

function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <IconButton aria-label={`Switch to ${next} mode`} variant="ghost" size="sm" onClick={toggleColorMode}>
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}

/** Name, else username, else 'User'; email, else 'Trading Account'. */
function userLabels(user: User | null): { name: string; detail: string } {
  return {
    name: user?.name || user?.username || 'User',
    detail: user?.email || 'Trading Account',
  };
}

function UserMenu() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { name, detail } = userLabels(user);

  async function signOut() {
    await dispatch(logout());
    navigate(PAGE_PATHS.login);
  }

  function onSelect(value: string) {
    if (value === 'market-insights') navigate(PAGE_PATHS.landing);
    else if (value === 'settings') navigate(PAGE_PATHS.settings);
    else if (value === 'sign-out') void signOut();
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onSelect(value)}>
      <Menu.Trigger
        data-testid="user-menu"
        display="flex"
        alignItems="center"
        gap="2"
        px="1.5"
        py="1"
        rounded="l2"
        cursor="pointer"
        _hover={{ bg: 'bg.muted' }}
        focusVisibleRing="outside"
        aria-label={`Account menu for ${name}`}
      >
        <Avatar.Root size="xs" colorPalette="brand">
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Stack gap="0" align="flex-start" hideBelow="md" lineHeight="1.2" maxW="12rem">
          <Text textStyle="sm" fontWeight="semibold" truncate>
            {name}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {detail}
          </Text>
        </Stack>
        <Box color="fg.muted" hideBelow="md">
          <LuChevronDown />
        </Box>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text fontWeight="semibold" color="fg">
                  {name}
                </Text>
                <Text textStyle="xs" color="fg.muted" fontWeight="normal">
                  {detail}
                </Text>
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="market-insights">
              <LuTrendingUp /> Market Insights
            </Menu.Item>
            <Menu.Item value="settings">
              <LuSettings /> Settings
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="sign-out" color="fg.error" _hover={{ bg: 'bg.error' }}>
              <LuLogOut /> Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
