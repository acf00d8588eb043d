import type { ReactNode } from 'react';
import { Box, Flex, Heading, Stack, Text } from '@nivesh/ui/chakra';

/** A titled card for a block of a page. */
export function Panel({
  title,
  subtitle,
  actions,
  children,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p={{ base: '4', md: '5' }}
      shadow="xs"
    >
      {(title || actions) && (
        // When the actions do not fit beside the title (a phone), they wrap under it instead of
        // running out of the card.
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="4">
          <Stack gap="0.5" flex="1 1 12rem" minW="0">
            {title && (
              <Heading as="h2" size="md">
                {title}
              </Heading>
            )}
            {subtitle && (
              <Text textStyle="sm" color="fg.muted">
                {subtitle}
              </Text>
            )}
          </Stack>
          {actions}
        </Flex>
      )}
      {children}
    </Box>
  );
}

/** What a block shows when its data cannot be had: a short, specific sentence. */
export function Unavailable({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="1" py="6" align="center" textAlign="center" color="fg.muted" role="status">
      <Text fontWeight="medium" color="fg">
        {title}
      </Text>
      {children && <Text textStyle="sm">{children}</Text>}
    </Stack>
  );
}
