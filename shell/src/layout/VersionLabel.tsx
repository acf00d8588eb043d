/**
 * The sidebar footer's version label 'v1.0' (specification part 2, section 2). Hovering or focusing
 * it shows which build of each remote this page loaded, so an operator can report exactly what they
 * saw (remotes are versioned and may be on a canary; see ARCHITECTURE.md section 3).
 */
import { useId, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@nivesh/ui/chakra';
import { currentCatalogue } from '../remotes/remoteRegistry';

const VERSION_LABEL = 'v1.0';

export function VersionLabel() {
  const [shown, setShown] = useState(false);
  const panelId = useId();
  // Read once per render: the catalogue is fixed before the first render and changes only on a retry.
  const catalogue = currentCatalogue();

  return (
    <Box position="relative" onMouseEnter={() => setShown(true)} onMouseLeave={() => setShown(false)}>
      <Button
        size="2xs"
        variant="ghost"
        color="fg.muted"
        fontFamily="mono"
        aria-describedby={shown ? panelId : undefined}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown(false);
        }}
      >
        {VERSION_LABEL}
      </Button>
      {shown && (
        <Box
          id={panelId}
          role="tooltip"
          position="absolute"
          bottom="calc(100% + 6px)"
          left="0"
          zIndex="tooltip"
          minW="15rem"
          maxW="18rem"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="l2"
          shadow="lg"
          p="3"
        >
          <Text textStyle="xs" fontWeight="semibold" mb="2">
            Builds loaded by this page
          </Text>
          {catalogue.error ? (
            <Text textStyle="xs" color="red.fg">
              The list of page groups could not be loaded ({catalogue.error}).
            </Text>
          ) : (
            <Stack gap="1">
              {catalogue.remotes.map((remote) => (
                <HStack key={remote.name} justify="space-between" gap="3" textStyle="xs">
                  <Text color="fg.muted">{remote.name}</Text>
                  <Text fontFamily="mono" wordBreak="break-all" textAlign="end">
                    {remote.version}
                    {remote.channel === 'canary' ? ' (canary)' : ''}
                  </Text>
                </HStack>
              ))}
              {catalogue.missing.map((name) => (
                <HStack key={name} justify="space-between" gap="3" textStyle="xs">
                  <Text color="fg.muted">{name}</Text>
                  <Text color="orange.fg">not published</Text>
                </HStack>
              ))}
              {catalogue.remotes.length === 0 && catalogue.missing.length === 0 && (
                <Text textStyle="xs" color="fg.muted">
                  No page groups loaded yet.
                </Text>
              )}
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}
