/** The frame every content section shares: its anchor id, an eyebrow, a heading and a lead paragraph. */
import type { ReactNode } from 'react';
import { Box, Container, Heading, Stack, Text, type BoxProps } from '@nivesh/ui/chakra/core';
import type { SectionId } from '../content';
import { HEADER_HEIGHT } from './sectionNavigation';

export interface SectionShellProps extends Omit<BoxProps, 'id' | 'title'> {
  id: SectionId;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Centre the heading block (for statement sections); default is left-aligned. */
  centered?: boolean;
  children: ReactNode;
}

export function SectionShell({
  id,
  eyebrow,
  title,
  lead,
  centered = false,
  children,
  ...rest
}: SectionShellProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      // Focus lands here after an anchor jump (keyboard users continue from the section).
      tabIndex={-1}
      outline="none"
      scrollMarginTop={HEADER_HEIGHT}
      py={{ base: '16', md: '24' }}
      {...rest}
    >
      <Container maxW="6xl" px={{ base: '5', md: '8' }}>
        <Stack
          gap="4"
          maxW="3xl"
          mb={{ base: '10', md: '14' }}
          mx={centered ? 'auto' : undefined}
          align={centered ? 'center' : 'stretch'}
          textAlign={centered ? 'center' : 'start'}
        >
          <Text
            textStyle="xs"
            fontWeight="semibold"
            letterSpacing="0.16em"
            textTransform="uppercase"
            color="brand.fg"
            display="flex"
            alignItems="center"
            gap="2"
          >
            <Box as="span" w="6" h="1px" bg="brand.fg" aria-hidden="true" />
            {eyebrow}
          </Text>
          <Heading
            as="h2"
            id={headingId}
            fontFamily="heading"
            fontWeight="semibold"
            fontSize={{ base: '3xl', md: '4xl', lg: '5xl' }}
            lineHeight="1.1"
            letterSpacing="-0.02em"
            textWrap="balance"
          >
            {title}
          </Heading>
          {lead && (
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.7" textWrap="pretty">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
