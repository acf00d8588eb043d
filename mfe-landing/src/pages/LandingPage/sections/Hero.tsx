/**
 * The hero: always the deep navy of the brand, with the page's one h1 and the two ways in
 * (the modules, and how the framework thinks). It slides up under the translucent header so the
 * backdrop runs to the top edge.
 */
import { Box, Button, Container, Grid, HStack, Heading, Stack, Text, Theme } from '@nivesh/ui/chakra/core';
import { LuArrowDown, LuArrowRight, LuCheck, LuSparkles } from 'react-icons/lu';
import { HERO_TITLE_ACCENT, HERO_TITLE_LEAD } from '../content';
import { HeroBackdrop } from './HeroBackdrop';
import { PatternIllustration } from './PatternIllustration';
import { HEADER_HEIGHT, scrollToSection } from './sectionNavigation';

export const HERO_BACKGROUND = '#0b1020';

/** The three ways it thinks, in a word or two each (the How It Thinks section tells the rest). */
const HERO_POINTS = ['Reads context', 'Adapts as things change', 'Explains itself'];

export function Hero() {
  return (
    <Theme
      appearance="dark"
      as="section"
      aria-labelledby="hero-title"
      hasBackground={false}
      position="relative"
      overflow="hidden"
      bg={HERO_BACKGROUND}
      color="white"
      mt={`-${HEADER_HEIGHT}`}
      pt={{
        base: `calc(${HEADER_HEIGHT} + 3rem)`,
        md: `calc(${HEADER_HEIGHT} + 5rem)`,
        lg: `calc(${HEADER_HEIGHT} + 6rem)`,
      }}
      pb={{ base: '16', md: '24', lg: '28' }}
    >
      <HeroBackdrop />
      <Container maxW="6xl" px={{ base: '5', md: '8' }} position="relative">
        <Grid
          templateColumns={{ base: '1fr', lg: '1.1fr 0.9fr' }}
          gap={{ base: '12', lg: '10' }}
          alignItems="center"
        >
          <Stack gap={{ base: '6', md: '7' }} align="flex-start">
            <HStack
              gap="2"
              px="3"
              py="1"
              rounded="full"
              borderWidth="1px"
              borderColor="rgba(52, 211, 158, 0.3)"
              bg="rgba(16, 185, 129, 0.08)"
              color="brand.200"
              textStyle="sm"
              fontWeight="medium"
            >
              <LuSparkles aria-hidden="true" />
              <Text as="span">An AI intelligence framework</Text>
            </HStack>

            <Heading
              as="h1"
              id="hero-title"
              fontFamily="heading"
              fontWeight="bold"
              fontSize={{ base: '2.6rem', sm: '5xl', md: '6xl', xl: '7xl' }}
              lineHeight={{ base: '1.08', md: '1.04' }}
              letterSpacing="-0.035em"
              textWrap="balance"
              color="white"
            >
              {HERO_TITLE_LEAD}{' '}
              <Box
                as="span"
                bgImage="linear-gradient(100deg, #6ee7bf 0%, #34d39e 35%, #5eead4 65%, #7dd3fc 100%)"
                bgClip="text"
                color="transparent"
                css={{ WebkitBackgroundClip: 'text', WebkitTextFillColor: 'transparent' }}
              >
                {HERO_TITLE_ACCENT}
              </Box>
            </Heading>

            <Text
              fontSize={{ base: 'lg', md: 'xl' }}
              lineHeight="1.65"
              color="whiteAlpha.800"
              maxW="xl"
              textWrap="pretty"
            >
              A framework that reads context, adapts its reasoning as conditions change and explains every
              insight it offers, so you can see what is forming while there is still time to act on it.
            </Text>

            {/* Links dressed as buttons: drop Button's type="button", which means nothing on <a>. */}
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
              <Button
                asChild
                type={undefined}
                size="lg"
                colorPalette="brand"
                rounded="full"
                px="6"
                boxShadow="0 10px 30px -10px rgba(16, 185, 129, 0.7)"
              >
                <a href="#modules" onClick={(event) => scrollToSection(event, 'modules')}>
                  Explore the modules
                  <LuArrowRight aria-hidden="true" />
                </a>
              </Button>
              <Button
                asChild
                type={undefined}
                size="lg"
                variant="outline"
                rounded="full"
                px="6"
                color="white"
                borderColor="whiteAlpha.300"
                _hover={{ bg: 'whiteAlpha.100', borderColor: 'whiteAlpha.500' }}
              >
                <a href="#thinking" onClick={(event) => scrollToSection(event, 'thinking')}>
                  See how it thinks
                  <LuArrowDown aria-hidden="true" />
                </a>
              </Button>
            </Stack>

            <HStack
              as="ul"
              listStyleType="none"
              gap={{ base: '4', md: '6' }}
              wrap="wrap"
              color="whiteAlpha.700"
              textStyle="sm"
            >
              {HERO_POINTS.map((point) => (
                <HStack as="li" key={point} gap="1.5">
                  <Box color="brand.300" aria-hidden="true">
                    <LuCheck />
                  </Box>
                  {point}
                </HStack>
              ))}
            </HStack>
          </Stack>

          <PatternIllustration />
        </Grid>
      </Container>
    </Theme>
  );
}
