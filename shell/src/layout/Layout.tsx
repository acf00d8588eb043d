/**
 * The shared layout of every protected page (specification part 2, section 2): sidebar, top bar and
 * the page (`<Outlet />`). Below `lg` the sidebar is a drawer: the top bar's menu button opens it,
 * and the overlay, Escape or navigating closes it. In real-money (live) mode the whole shell says so:
 * a red rule across the top, red accents, and the 'LIVE TRADING ACTIVE' banner. While trading is
 * halted or reducing only, a banner says so on every page (TradingStateBanner).
 */
import { useEffect } from 'react';
import { Box, Flex, HStack, Icon, Text } from '@nivesh/ui/chakra';
import { Outlet, useLocation } from '@nivesh/api-client/router';
import { LuZap } from 'react-icons/lu';
import { useAppDispatch, useAppSelector, useTradingModeQuery } from '@nivesh/api-client';
import { selectSidebarOpen } from '../app/store';
import { sidebarClosed, sidebarToggled } from './layoutSlice';
import { Sidebar, SIDEBAR_WIDTH } from './Sidebar';
import { TopBar } from './TopBar';
import { TradingStateBanner } from './TradingStateBanner';

export function Layout() {
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const { data: modeData } = useTradingModeQuery();
  const live = modeData?.mode === 'live';
  const { pathname } = useLocation();

  // Navigating closes the drawer.
  useEffect(() => {
    dispatch(sidebarClosed());
  }, [pathname, dispatch]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(sidebarClosed());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen, dispatch]);

  const close = () => dispatch(sidebarClosed());

  return (
    <Box minH="100dvh" bg="bg" data-trading-mode={live ? 'live' : 'paper'}>
      {live && (
        <Box
          position="fixed"
          top="0"
          insetX="0"
          h="3px"
          bg="red.solid"
          zIndex="toast"
          aria-hidden
          data-testid="live-rule"
        />
      )}
      <Sidebar open={sidebarOpen} live={live} onClose={close} />
      {sidebarOpen && (
        <Box
          data-testid="sidebar-overlay"
          position="fixed"
          inset="0"
          bg="blackAlpha.600"
          backdropFilter="blur(2px)"
          zIndex="overlay"
          hideFrom="lg"
          aria-hidden
          onClick={close}
        />
      )}
      <Flex direction="column" minH="100dvh" ml={{ base: '0', lg: SIDEBAR_WIDTH }} minW="0">
        <TopBar sidebarOpen={sidebarOpen} onMenuClick={() => dispatch(sidebarToggled())} live={live} />
        {live && <LiveTradingBanner />}
        <TradingStateBanner />
        <Box as="main" flex="1" minW="0" px={{ base: '3', md: '6', xl: '8' }} py={{ base: '4', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>
    </Box>
  );
}

function LiveTradingBanner() {
  return (
    <HStack
      role="alert"
      gap="3"
      px={{ base: '3', md: '6' }}
      py="2"
      bg="red.solid"
      color="white"
      justify="center"
      wrap="wrap"
      textAlign="center"
    >
      <Icon as={LuZap} boxSize="4" />
      <Text fontWeight="bold" letterSpacing="wider" textStyle="sm">
        LIVE TRADING ACTIVE
      </Text>
      <Text textStyle="xs" opacity="0.9">
        Orders execute with real money through your broker.
      </Text>
    </HStack>
  );
}
