/** #idea: why the framework exists, told as three shifts (from what tools do today, to what it does). */
import { Box, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@nivesh/ui/chakra/core';
import { LuArrowRight } from 'react-icons/lu';
import { IDEA_SHIFTS } from '../content';
import { SectionShell } from './SectionShell';

export function IdeaSection() {
  return (
    <SectionShell
      id="idea"
      eyebrow="The idea"
      title={
        <>
          Most tools tell you what happened.{' '}
          <Box as="span" color="brand.fg">
            This one notices what is starting to.
          </Box>
        </>
      }
      lead="Trends rarely arrive out of nowhere. They begin as small, connected changes that are easy to miss one at a time. The framework is built to catch those early signals, read them in context and explain what they could become, while there is still room to decide."
    >
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }}>
        {IDEA_SHIFTS.map((shift) => (
          <Stack
            as="li"
            key={shift.to}
            gap="3"
            p={{ base: '5', md: '6' }}
            rounded="2xl"
            borderWidth="1px"
            borderColor="border"
            bg="bg.panel"
          >
            <HStack gap="2" fontFamily="heading" fontSize="lg" fontWeight="semibold" wrap="wrap">
              <Text as="span" color="fg.muted" textDecoration="line-through" textDecorationColor="fg.subtle">
                {shift.from}
              </Text>
              <Box as="span" color="brand.fg" display="inline-flex">
                <LuArrowRight aria-hidden="true" />
                <VisuallyHidden>to</VisuallyHidden>
              </Box>
              <Text as="span">{shift.to}</Text>
            </HStack>
            <Text color="fg.muted" lineHeight="1.65">
              {shift.detail}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </SectionShell>
  );
}
