/**
 * A remote's rollout history, newest first: what changed, who changed it and when (IST). The
 * latest few show at first; the rest on request.
 */
import { useState } from 'react';
import { Badge, Box, Button, Flex, Stack, Text } from '@nivesh/ui/chakra';
import type { RolloutEvent } from '@nivesh/api-contract';
import { formatIstDateTime, timeAgo } from '@nivesh/ui';
import { ACTION_LABELS, ACTION_PALETTE, eventSentence } from './releaseDisplay';

const SHOWN_AT_FIRST = 5;

export function ReleaseHistory({ events, label }: { events: RolloutEvent[]; label: string }) {
  const [showAll, setShowAll] = useState(false);
  if (events.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No changes recorded yet.
      </Text>
    );
  }
  const shown = showAll ? events : events.slice(0, SHOWN_AT_FIRST);
  return (
    <Stack gap="2">
      <Stack as="ol" aria-label={`${label} history`} gap="0" listStyleType="none">
        {shown.map((event, index) => (
          <Box
            as="li"
            key={`${event.at}-${index}`}
            py="2"
            borderTopWidth={index === 0 ? '0' : '1px'}
            borderColor="border.muted"
          >
            <Flex gap="2" align="baseline" wrap="wrap">
              <Badge size="sm" variant="subtle" colorPalette={ACTION_PALETTE[event.action]}>
                {ACTION_LABELS[event.action]}
              </Badge>
              <Text textStyle="sm" minW="0">
                {eventSentence(event).map((part, at) =>
                  typeof part === 'string' ? (
                    part
                  ) : (
                    <Text as="span" key={at} fontFamily="mono" wordBreak="break-all">
                      {part.version}
                    </Text>
                  ),
                )}
              </Text>
            </Flex>
            <Text textStyle="xs" color="fg.muted" mt="1" fontVariantNumeric="tabular-nums">
              by {event.actor} · {formatIstDateTime(event.at)} ({timeAgo(event.at)})
            </Text>
            {event.reason && (
              <Text textStyle="xs" color={event.action === 'auto_rollback' ? 'loss' : 'fg.muted'} mt="0.5">
                {event.reason}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
      {events.length > SHOWN_AT_FIRST && (
        <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show the latest only' : `Show all ${events.length} changes`}
        </Button>
      )}
    </Stack>
  );
}
