/** #ethos: what the company stands for, as one statement and three principles. Always dark. */
import { Box, Heading, SimpleGrid, Stack, Text, Theme } from '@nivesh/ui/chakra/core';
import { LuQuote } from 'react-icons/lu';
import { ETHOS_PRINCIPLES, ETHOS_STATEMENT } from '../content';
import { HERO_BACKGROUND } from './Hero';
import { SectionShell } from './SectionShell';

export function EthosSection() {
  return (
    <Theme
      appearance="dark"
      hasBackground={false}
      position="relative"
      overflow="hidden"
      bg={HERO_BACKGROUND}
      color="white"
    >
      <Box
        position="absolute"
        inset="0"
        pointerEvents="none"
        aria-hidden="true"
        bgImage={[
          'radial-gradient(50% 60% at 50% 0%, rgba(16, 185, 129, 0.18), transparent 70%)',
          'linear-gradient(180deg, transparent 60%, rgba(2, 6, 23, 0.6))',
        ].join(', ')}
      />
      <SectionShell
        id="ethos"
        eyebrow="Ethos"
        centered
        position="relative"
        py={{ base: '20', md: '28' }}
        title={
          <>
            <Box
              as="span"
              display="flex"
              justifyContent="center"
              color="brand.300"
              fontSize="3xl"
              mb="4"
              aria-hidden="true"
            >
              <LuQuote />
            </Box>
            {ETHOS_STATEMENT}
          </>
        }
        lead="We build AI that shows its reasoning, admits what it does not know and leaves the final decision with people. Every module is held to that promise before it ships, and it is the promise we would rather be measured by than any benchmark."
      >
        <SimpleGrid
          as="ul"
          listStyleType="none"
          columns={{ base: 1, md: 3 }}
          gap={{ base: '4', md: '6' }}
          maxW="5xl"
          mx="auto"
        >
          {ETHOS_PRINCIPLES.map((principle) => (
            <Stack
              as="li"
              key={principle.title}
              gap="2"
              p="6"
              rounded="2xl"
              bg="whiteAlpha.50"
              borderWidth="1px"
              borderColor="whiteAlpha.100"
              textAlign="center"
            >
              <Heading as="h3" fontFamily="heading" fontSize="lg" fontWeight="semibold" color="white">
                {principle.title}
              </Heading>
              <Text color="whiteAlpha.700" lineHeight="1.6">
                {principle.detail}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </SectionShell>
    </Theme>
  );
}
