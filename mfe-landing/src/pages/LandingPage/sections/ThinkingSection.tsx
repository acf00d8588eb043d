/** #thinking: the three ways the framework reasons, as numbered steps that read left to right. */
import { Box, Heading, HStack, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra/core';
import { THINKING_TOPICS } from '../content';
import { SectionShell } from './SectionShell';

export function ThinkingSection() {
  return (
    <SectionShell
      id="thinking"
      eyebrow="How it thinks"
      title="Context in. Reasons out."
      lead="Three habits of mind run underneath everything the framework does. Together they turn a stream of observations into insight you can question, check and act on."
      bg="bg.subtle"
    >
      <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }}>
        {THINKING_TOPICS.map((topic, index) => {
          const Icon = topic.icon;
          return (
            <Box
              as="li"
              key={topic.title}
              position="relative"
              p={{ base: '6', md: '7' }}
              rounded="2xl"
              borderWidth="1px"
              borderColor="border"
              bg="bg.panel"
              overflow="hidden"
              transition="border-color 0.2s, transform 0.2s"
              _hover={{ borderColor: 'brand.emphasized' }}
              _motionSafe={{ _hover: { transform: 'translateY(-2px)' } }}
            >
              <Box
                position="absolute"
                top="0"
                left="0"
                right="0"
                h="2px"
                bgImage="linear-gradient(90deg, transparent, var(--chakra-colors-brand-500), transparent)"
                opacity={0.6}
                aria-hidden="true"
              />
              <Stack gap="4">
                <HStack justify="space-between">
                  <Box
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="11"
                    rounded="xl"
                    bg="brand.subtle"
                    color="brand.fg"
                    borderWidth="1px"
                    borderColor="brand.muted"
                    fontSize="xl"
                    aria-hidden="true"
                  >
                    <Icon />
                  </Box>
                  <Text
                    fontFamily="heading"
                    fontSize="sm"
                    fontWeight="semibold"
                    color="fg.subtle"
                    letterSpacing="0.1em"
                    aria-hidden="true"
                  >
                    {String(index + 1).padStart(2, '0')}
                  </Text>
                </HStack>
                <Heading
                  as="h3"
                  fontFamily="heading"
                  fontSize="xl"
                  fontWeight="semibold"
                  letterSpacing="-0.01em"
                >
                  {topic.title}
                </Heading>
                <Text fontWeight="medium" color="brand.fg">
                  {topic.summary}
                </Text>
                <Text color="fg.muted" lineHeight="1.7">
                  {topic.detail}
                </Text>
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
    </SectionShell>
  );
}
