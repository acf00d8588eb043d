/**
 * The sticky, translucent header: brand, the five section anchors, and the operator's Sign in.
 * Below the md breakpoint the anchors fold into a menu button that opens a panel under the bar.
 * Always dark, so it reads as one piece with the hero whatever the colour mode.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { followInApp } from '@nivesh/api-client/navigation';
import {
  Box,
  Button,
  Container,
  Flex,
  HStack,
  IconButton,
  Link,
  Stack,
  Text,
  Theme,
} from '@nivesh/ui/chakra/core';
import { LuArrowRight, LuMenu, LuX } from 'react-icons/lu';
import { PAGE_PATHS } from '@nivesh/api-contract/plain';
import { SECTION_LINKS, type SectionId } from '../content';
import { LogoMark } from './LogoMark';
import { HEADER_HEIGHT, scrollToSection, scrollToTop, useActiveSection } from './sectionNavigation';

const MOBILE_MENU_ID = 'landing-mobile-menu';
const SECTION_IDS = SECTION_LINKS.map((link) => link.id);

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const activeId = useActiveSection(SECTION_IDS);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 8);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: SectionId) => {
    setMenuOpen(false);
    scrollToSection(event, id);
  };

  return (
    <Theme
      appearance="dark"
      as="header"
      hasBackground={false}
      position="sticky"
      top="0"
      zIndex="sticky"
      // Clear over the hero at the top of the page, a frosted navy bar once content scrolls under it.
      bg={scrolled || menuOpen ? 'rgba(11, 16, 32, 0.88)' : 'rgba(11, 16, 32, 0.2)'}
      backdropFilter="saturate(180%) blur(14px)"
      borderBottomWidth="1px"
      borderColor={scrolled || menuOpen ? 'whiteAlpha.100' : 'transparent'}
      boxShadow={scrolled ? '0 8px 30px rgba(0, 0, 0, 0.25)' : 'none'}
      transition="background-color 0.2s, border-color 0.2s, box-shadow 0.2s"
    >
      <Container maxW="6xl" px={{ base: '5', md: '8' }}>
        <Flex h={HEADER_HEIGHT} align="center" gap="6">
          <Link
            asChild
            display="inline-flex"
            alignItems="center"
            gap="2.5"
            color="white"
            textDecoration="none"
            rounded="md"
            _hover={{ textDecoration: 'none' }}
          >
            <a href={PAGE_PATHS.landing} aria-label="Nivesh, back to top" onClick={scrollToTop}>
              <LogoMark boxSize="8" />
              <Text as="span" fontFamily="heading" fontWeight="bold" fontSize="xl" letterSpacing="-0.02em">
                Nivesh
              </Text>
            </a>
          </Link>

          <Box as="nav" aria-label="Primary" display={{ base: 'none', md: 'block' }} mx="auto">
            <HStack as="ul" listStyleType="none" gap="1">
              {SECTION_LINKS.map((link) => (
                <Box as="li" key={link.id}>
                  <Link
                    href={`#${link.id}`}
                    onClick={(event) => go(event, link.id)}
                    aria-current={activeId === link.id ? 'location' : undefined}
                    px="3"
                    py="2"
                    rounded="md"
                    fontSize="sm"
                    fontWeight="medium"
                    color={activeId === link.id ? 'white' : 'whiteAlpha.700'}
                    bg={activeId === link.id ? 'whiteAlpha.100' : 'transparent'}
                    textDecoration="none"
                    transition="color 0.15s, background-color 0.15s"
                    _hover={{ color: 'white', bg: 'whiteAlpha.100', textDecoration: 'none' }}
                  >
                    {link.label}
                  </Link>
                </Box>
              ))}
            </HStack>
          </Box>

          <HStack gap="2" ml={{ base: 'auto', md: '0' }}>
            {/* A link dressed as a button: drop Button's type="button", which means nothing on <a>. */}
            <Button
              asChild
              type={undefined}
              size="sm"
              colorPalette="brand"
              variant="solid"
              rounded="full"
              px="4"
            >
              <a href={PAGE_PATHS.login} onClick={followInApp}>
                Sign in
                <LuArrowRight aria-hidden="true" />
              </a>
            </Button>
            <IconButton
              display={{ base: 'inline-flex', md: 'none' }}
              variant="ghost"
              size="sm"
              color="white"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <LuX /> : <LuMenu />}
            </IconButton>
          </HStack>
        </Flex>
      </Container>

      {menuOpen && (
        <Box
          as="nav"
          id={MOBILE_MENU_ID}
          aria-label="Sections"
          display={{ base: 'block', md: 'none' }}
          // Overlays the page under the bar instead of pushing it down.
          position="absolute"
          top="100%"
          left="0"
          right="0"
          bg="#0b1020"
          borderTopWidth="1px"
          borderBottomWidth="1px"
          borderColor="whiteAlpha.100"
          boxShadow="0 24px 48px rgba(0, 0, 0, 0.45)"
          pb="4"
        >
          <Container maxW="6xl" px={{ base: '5', md: '8' }}>
            <Stack as="ul" listStyleType="none" gap="1" pt="3">
              {SECTION_LINKS.map((link) => (
                <Box as="li" key={link.id}>
                  <Link
                    href={`#${link.id}`}
                    onClick={(event) => go(event, link.id)}
                    aria-current={activeId === link.id ? 'location' : undefined}
                    display="flex"
                    alignItems="center"
                    justifyContent="space-between"
                    w="full"
                    px="3"
                    py="3"
                    rounded="lg"
                    fontSize="md"
                    fontWeight="medium"
                    color="whiteAlpha.900"
                    textDecoration="none"
                    _hover={{ bg: 'whiteAlpha.100', textDecoration: 'none' }}
                  >
                    {link.label}
                    <Box as="span" color="brand.300" aria-hidden="true">
                      <LuArrowRight />
                    </Box>
                  </Link>
                </Box>
              ))}
            </Stack>
          </Container>
        </Box>
      )}
    </Theme>
  );
}
