/**
 * The sidebar (specification part 2, section 2): the page menu in the route table's order, the
 * trading-mode switch (the shared one), the quick stats and the version label. From `lg` up it is always shown; below
 * that it is a drawer the top bar's menu button opens (the layout draws the overlay).
 */
import { Box, Flex, HStack, Icon, IconButton, Stack, Text } from '@nivesh/ui/chakra';
import { Link, matchPath, useLocation } from '@nivesh/api-client/router';
import { LuChartNoAxesCombined, LuX } from 'react-icons/lu';
import { useTradingModeSwitch } from '@nivesh/api-client';
import { TradingModeSwitch } from '@nivesh/ui';
import { PAGE_ROUTES, type PageRoute } from '../app/routes';
import { QuickStats } from './QuickStats';
import { VersionLabel } from './VersionLabel';

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarProps {
  open: boolean;
  /** Real-money mode: red accents, so the mode is visible from everywhere. */
  live: boolean;
  onClose(): void;
}

/** A page's entry is current on its path and on its aliases (/admin/allocation is Daily Allocation). */
function isCurrent(page: PageRoute, pathname: string): boolean {
  return [page.path, ...(page.aliases ?? [])].some(
    (path) => matchPath({ path, end: true }, pathname) !== null,
  );
}

export function Sidebar({ open, live, onClose }: SidebarProps) {
  const { pathname } = useLocation();
  const modeSwitch = useTradingModeSwitch();
  return (
    <Flex
      as="aside"
      id={SIDEBAR_ID}
      data-testid="sidebar"
      data-open={open ? 'true' : 'false'}
      direction="column"
      position="fixed"
      insetY="0"
      left="0"
      w={SIDEBAR_WIDTH}
      maxW="85vw"
      bg="bg.panel"
      borderRightWidth="1px"
      borderColor={live ? 'red.muted' : 'border'}
      zIndex={{ base: 'modal', lg: 'docked' }}
      // A drawer below lg: off-screen and hidden from keyboard and screen readers until opened.
      transform={{ base: open ? 'translateX(0)' : 'translateX(-100%)', lg: 'none' }}
      visibility={{ base: open ? 'visible' : 'hidden', lg: 'visible' }}
      transition="transform 0.2s ease, visibility 0.2s"
      shadow={{ base: open ? '2xl' : 'none', lg: 'none' }}
    >
      <HStack
        justify="space-between"
        px="4"
        h="14"
        flexShrink={0}
        borderBottomWidth="1px"
        borderColor="border"
      >
        <HStack gap="2.5">
          <Flex
            boxSize="8"
            rounded="l2"
            align="center"
            justify="center"
            bg={live ? 'red.solid' : 'brand.solid'}
            color="white"
          >
            <LuChartNoAxesCombined />
          </Flex>
          <Stack gap="0" lineHeight="1.1">
            <Text fontFamily="heading" fontWeight="bold" textStyle="md" letterSpacing="tight">
              Nivesh
            </Text>
            <Text textStyle="2xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
              Trading Console
            </Text>
          </Stack>
        </HStack>
        <IconButton aria-label="Close menu" size="sm" variant="ghost" hideFrom="lg" onClick={onClose}>
          <LuX />
        </IconButton>
      </HStack>

      <Box flex="1" overflowY="auto" px="3" py="3">
        <Box as="nav" aria-label="Main navigation">
          <Stack as="ul" gap="0.5" listStyleType="none">
            {PAGE_ROUTES.map((page) => (
              <Box as="li" key={page.path}>
                <Box
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="l2"
                  textStyle="sm"
                  fontWeight="medium"
                  color="fg.muted"
                  position="relative"
                  transition="background 0.15s, color 0.15s"
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  focusVisibleRing="inside"
                  _currentPage={{
                    bg: live ? 'red.subtle' : 'brand.subtle',
                    color: live ? 'red.fg' : 'brand.fg',
                    fontWeight: 'semibold',
                    _before: {
                      content: '""',
                      position: 'absolute',
                      left: '0',
                      insetY: '1.5',
                      w: '3px',
                      rounded: 'full',
                      bg: live ? 'red.solid' : 'brand.solid',
                    },
                  }}
                >
                  <Link
                    to={page.path}
                    onClick={onClose}
                    aria-current={isCurrent(page, pathname) ? 'page' : undefined}
                  >
                    <Icon as={page.icon} boxSize="4" flexShrink={0} />
                    <span>{page.label}</span>
                  </Link>
                </Box>
              </Box>
            ))}
          </Stack>
        </Box>

        <Stack gap="3" mt="5">
          <TradingModeSwitch control={modeSwitch} />
          <QuickStats />
        </Stack>
      </Box>

      <HStack
        justify="space-between"
        px="3"
        py="2"
        flexShrink={0}
        borderTopWidth="1px"
        borderColor="border"
        textStyle="xs"
        color="fg.muted"
      >
        <VersionLabel />
        <Text textStyle="2xs">NSE · INR</Text>
      </HStack>
    </Flex>
  );
}
