import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { Box, Flex, Heading, HStack, Icon, Stack } from '@nivesh/ui/chakra';

/** A compact card with an icon, a title, an optional badge and its rows. */
export function StatusCard({
  title,
  icon,
  badge,
  children,
}: {
  title: string;
  icon: IconType;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const CardIcon = icon;
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p={{ base: '4', md: '5' }}
      shadow="xs"
    >
      <Flex justify="space-between" align="center" gap="2" mb="3">
        <HStack gap="2">
          <Icon color="brand.fg" boxSize="5">
            <CardIcon />
          </Icon>
          <Heading as="h3" size="sm">
            {title}
          </Heading>
        </HStack>
        {badge}
      </Flex>
      <Stack gap="1">{children}</Stack>
    </Box>
  );
}
