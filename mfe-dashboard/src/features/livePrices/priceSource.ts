/**
 * Where the prices on a page come from, in words: 'Simulated' for the simulated market (never
 * presented as a live feed), 'Upstox' for the broker's feed; and whether they are streaming now or
 * are the server's figures as of a time.
 */
import type { DataSource } from '@nivesh/api-contract';
import { DATA_SOURCE_LABELS, formatIstTime } from '@nivesh/ui';

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface PriceStream {
  status: StreamStatus;
  /** What the stream said in its hello; null until then. */
  dataSource: DataSource | null;
}

/** The stream's word wins (it is the feed now); the server's figures say where theirs came from. */
export function currentSource(snapshotSource: DataSource, stream: PriceStream): DataSource {
  return stream.dataSource ?? snapshotSource;
}

/** 'Simulated prices · streaming' / 'Upstox prices · as of 15:10 IST'. */
export function priceSourceText(
  snapshot: { data_source: DataSource; as_of: string },
  stream: PriceStream,
): string {
  const source = DATA_SOURCE_LABELS[currentSource(snapshot.data_source, stream)];
  const freshness = stream.status === 'open' ? 'streaming' : `as of ${formatIstTime(snapshot.as_of)}`;
  return `${source} prices · ${freshness}`;
}

export const STREAM_STATUS_TEXT: Record<StreamStatus, string> = {
  idle: 'Not streaming',
  connecting: 'Connecting to live prices...',
  open: 'Streaming',
  reconnecting: 'Reconnecting to live prices...',
  closed: 'Live prices stopped',
};
