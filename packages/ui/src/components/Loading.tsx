import { Center, Spinner, Stack, Text } from '@nivesh/ui/chakra/core';

/** The full-screen spinner shown while the session resolves. */
export function FullScreenLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="4">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontWeight="medium">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A page-sized spinner for content that is on its way. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="40vh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
