/**
 * The one rule for what a block says about its call besides the data. Loading and fresh: nothing.
 * No data because the service is not connected (a 503 or no answer) or failed: a sentence saying
 * so. Data kept from an earlier answer because the latest refetch failed: the figures stay, marked
 * 'Stale · updated 3 minutes ago'. The view comes from `queryView` in @nivesh/api-client.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Box, HStack, Icon, Text } from '@nivesh/ui/chakra';
import { LuClockAlert } from 'react-icons/lu';
import { timeAgo } from '@nivesh/api-contract/plain';
import { Unavailable } from './Panel';

/**
 * loading: no answer yet; ready: the latest call answered; stale: the latest call failed and the
 * last good answer is kept; unavailable: no data, the service is not connected (503) or did not
 * answer; error: no data, the call failed another way.
 */
export type QueryState = 'loading' | 'ready' | 'stale' | 'unavailable' | 'error';

/** The parts of a call's view a notice reads. */
export interface QueryNoticeView {
  state: QueryState;
  /** When the data on screen arrived (ms since the epoch). */
  updatedAt?: number;
  /** Why the latest call failed: the server's sentence, else the page's own. */
  failureText?: string;
}

/** 'Stale · updated 3 minutes ago' (the relative time in the one wording of @nivesh/api-contract). */
export function staleText(updatedAt: number | undefined, now: Date): string {
  return updatedAt === undefined ? 'Stale' : `Stale · updated ${timeAgo(updatedAt, now)}`;
}

/** The current time, renewed every `intervalMs` so an age on screen keeps growing. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** One line: the figures beside it are from an earlier answer, and how old they are. */
export function StaleNotice({ updatedAt, detail }: { updatedAt?: number; detail?: ReactNode }) {
  // Mounted when the figures turn stale, then renewed every 30 s.
  const now = useNow();
  return (
    // A span, so it can sit in a line of text (a card's help line) as well as in a block.
    <HStack
      as="span"
      display="flex"
      role="status"
      gap="1.5"
      textStyle="xs"
      wrap="wrap"
      data-query-state="stale"
    >
      <Icon color="orange.fg" boxSize="3.5" aria-hidden>
        <LuClockAlert />
      </Icon>
      <Text as="span" color="orange.fg" fontWeight="medium">
        {staleText(updatedAt, now)}
      </Text>
      {detail && (
        <Text as="span" color="fg.muted">
          {detail}
        </Text>
      )}
    </HStack>
  );
}

interface QueryNoticeProps {
  view: QueryNoticeView;
  /** The title when the service is not connected, e.g. 'Market data not connected'. */
  unavailableTitle: string;
  /** The title for any other failure (default: `unavailableTitle`). */
  errorTitle?: string;
  /** Shown under the title of a failure instead of the failure sentence. */
  children?: ReactNode;
}

/** Nothing while loading or fresh; the failure without data; the stale line over kept data. */
export function QueryNotice({ view, unavailableTitle, errorTitle, children }: QueryNoticeProps) {
  if (view.state === 'stale') {
    return (
      <Box mb="3">
        <StaleNotice updatedAt={view.updatedAt} detail={view.failureText} />
      </Box>
    );
  }
  if (view.state === 'unavailable' || view.state === 'error') {
    const title = view.state === 'error' ? (errorTitle ?? unavailableTitle) : unavailableTitle;
    return <Unavailable title={title}>{children ?? view.failureText}</Unavailable>;
  }
  return null;
}
