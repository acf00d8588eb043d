/** The footer: brand, the section links again for the bottom of the page, and the copyright line. */
import { Box, Container, Flex, HStack, Link, Stack, Text, Theme } from '@nivesh/ui/chakra/core';
import { SECTION_LINKS, TAGLINE } from '../content';
import { LogoMark } from './LogoMark';
import { scrollToSection } from './sectionNavigation';

export function SiteFooter() {
  // Read at render time so the line is never stale; never a fixed year.
  const year = new Date().getFullYear();
  return (
    <Theme
      appearance="dark"
      as="footer"
      hasBackground={false}
      bg="#070b16"
      color="whiteAlpha.800"
      borderTopWidth="1px"
      borderColor="whiteAlpha.100"
    >
      <Container maxW="6xl" px={{ base: '5', md: '8' }} py={{ base: '10', md: '12' }}>
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="3" maxW="sm">
            <HStack gap="2.5">
              <LogoMark boxSize="7" />
              <Text
                fontFamily="heading"
                fontWeight="bold"
                fontSize="lg"
                color="white"
                letterSpacing="-0.02em"
              >
                Nivesh
              </Text>
            </HStack>
            <Text textStyle="sm" color="whiteAlpha.600" lineHeight="1.6">
              {TAGLINE}
            </Text>
          </Stack>
          <Box as="nav" aria-label="Footer">
            <HStack as="ul" listStyleType="none" columnGap={{ base: '5', md: '6' }} rowGap="2" wrap="wrap">
              {SECTION_LINKS.map((link) => (
                <Box as="li" key={link.id}>
                  <Link
                    href={`#${link.id}`}
                    onClick={(event) => scrollToSection(event, link.id)}
                    textStyle="sm"
                    color="whiteAlpha.700"
                    _hover={{ color: 'white' }}
                  >
                    {link.label}
                  </Link>
                </Box>
              ))}
            </HStack>
          </Box>
        </Flex>
        <Box mt={{ base: '8', md: '10' }} pt="6" borderTopWidth="1px" borderColor="whiteAlpha.100">
          <Text textStyle="sm" color="whiteAlpha.600">
            © {year} Nivesh. All rights reserved.
          </Text>
        </Box>
      </Container>
    </Theme>
  );
}
