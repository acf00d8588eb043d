/**
 * A card for one module or application: icon, name, status badge, what it is, and what it does.
 * Live offerings get a brand-coloured edge and glow; upcoming ones stay calm.
 */
import { Box, HStack, Heading, List, Stack, Text } from '@nivesh/ui/chakra/core';
import { useId } from 'react';
import type { IconType } from 'react-icons';
import { LuCheck } from 'react-icons/lu';
import type { ApplicationStatus, ModuleStatus } from '../content';
import { StatusBadge } from './StatusBadge';

export interface OfferingCardProps {
  name: string;
  kicker: string;
  description: string;
  points: readonly string[];
  status: ModuleStatus | ApplicationStatus;
  icon: IconType;
}

export function OfferingCard({ name, kicker, description, points, status, icon: Icon }: OfferingCardProps) {
  const headingId = useId();
  const live = status === 'Active';
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      position="relative"
      display="flex"
      flexDirection="column"
      h="full"
      p={{ base: '6', md: '7' }}
      rounded="2xl"
      borderWidth="1px"
      borderColor={live ? 'brand.emphasized' : 'border'}
      bg="bg.panel"
      boxShadow={live ? '0 20px 50px -25px rgba(16, 185, 129, 0.45)' : 'none'}
      overflow="hidden"
      transition="border-color 0.2s, transform 0.2s, box-shadow 0.2s"
      _hover={{ borderColor: live ? 'brand.solid' : 'border.emphasized' }}
      _motionSafe={{ _hover: { transform: 'translateY(-2px)' } }}
    >
      {live && (
        <Box
          position="absolute"
          inset="0"
          pointerEvents="none"
          bgImage="radial-gradient(80% 60% at 100% 0%, rgba(16, 185, 129, 0.12), transparent 70%)"
          aria-hidden="true"
        />
      )}
      <Stack gap="5" position="relative" flex="1">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Box
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="12"
            rounded="xl"
            fontSize="2xl"
            bg={live ? 'brand.subtle' : 'bg.muted'}
            color={live ? 'brand.fg' : 'fg.muted'}
            borderWidth="1px"
            borderColor={live ? 'brand.muted' : 'border'}
            aria-hidden="true"
          >
            <Icon />
          </Box>
          <StatusBadge status={status} />
        </HStack>
        <Stack gap="1.5">
          <Text
            textStyle="xs"
            fontWeight="semibold"
            letterSpacing="0.12em"
            textTransform="uppercase"
            color="fg.muted"
          >
            {kicker}
          </Text>
          <Heading
            as="h3"
            id={headingId}
            fontFamily="heading"
            fontSize="2xl"
            fontWeight="semibold"
            letterSpacing="-0.015em"
          >
            {name}
          </Heading>
        </Stack>
        <Text color="fg.muted" lineHeight="1.7">
          {description}
        </Text>
        <List.Root
          as="ul"
          gap="2.5"
          variant="plain"
          mt="auto"
          pt="5"
          borderTopWidth="1px"
          borderColor="border"
        >
          {points.map((point) => (
            <List.Item key={point} alignItems="flex-start" textStyle="sm">
              <List.Indicator asChild color={live ? 'brand.fg' : 'fg.subtle'} mt="0.5">
                <LuCheck aria-hidden="true" />
              </List.Indicator>
              {point}
            </List.Item>
          ))}
        </List.Root>
      </Stack>
    </Box>
  );
}
