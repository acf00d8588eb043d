import { Box, HStack, Text } from '@chakra-ui/react';

export type ServiceState = 'connecting' | 'connected' | 'disconnected';

const DOT_COLOR: Record<ServiceState, string> = {
  connecting: 'yellow.solid',
  connected: 'green.solid',
  disconnected: 'red.solid',
};

/** A coloured dot with the service's state in words. */
export function ServiceStatus({ state, label }: { state: ServiceState; label: string }) {
  return (
    <HStack
      gap="2"
      px="3"
      h="8"
      rounded="full"
      borderWidth="1px"
      borderColor="border"
      bg="bg.subtle"
      role="status"
      data-state={state}
    >
      <Box boxSize="2" rounded="full" bg={DOT_COLOR[state]} flexShrink={0} />
      <Text textStyle="xs" fontWeight="medium" whiteSpace="nowrap">
        {label}
      </Text>
    </HStack>
  );
}

/** The state of a query: connecting until its first answer, disconnected on any failure. */
export function serviceState(query: { isError: boolean; isLoading: boolean }): ServiceState {
  if (query.isError) return 'disconnected';
  return query.isLoading ? 'connecting' : 'connected';
}
