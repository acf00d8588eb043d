/**
 * The fallback for unexpected routing errors (specification part 1, section 8): 'Unexpected
 * Application Error!' with the status and text, or the error's message.
 */
import { isRouteErrorResponse, useRouteError } from '@nivesh/api-client/router';
import { Button, Center, Code, Heading, HStack, Stack, Text } from '@nivesh/ui/chakra/core';
import { PAGE_PATHS } from '@nivesh/api-contract/plain';

function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouteErrorFallback() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error('Routing error', error);
  return (
    <Center minH="100dvh" p="6">
      <Stack gap="4" maxW="xl" role="alert">
        <Heading as="h1" size="2xl">
          Unexpected Application Error!
        </Heading>
        <Code p="3" fontSize="md" colorPalette="red" whiteSpace="pre-wrap">
          {describeRouteError(error)}
        </Code>
        <Text color="fg.muted">The page you asked for could not be shown.</Text>
        <HStack>
          <Button asChild colorPalette="brand">
            <a href={PAGE_PATHS.dashboard}>Go to the dashboard</a>
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
