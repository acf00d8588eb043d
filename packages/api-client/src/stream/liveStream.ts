/**
 * The one price stream of a store: created on first use, feeding the `livePrices` slice, and
 * living with the session (closed when it ends, reopened with the next one's tickets).
 */
import type { StreamEventKind, StreamTicketResponse } from '@nivesh/api-contract';
import { api } from '../api';
import { httpStatus } from '../errors';
import { selectSessionToken } from '../session/sessionSlice';
import type { AppStore } from '../store';
import {
  injectLivePrices,
  liveMessageReceived,
  liveStatusChanged,
  liveSymbolsReleased,
} from './livePricesSlice';
import { streamApi } from './ticketApi';
import { createTickStream, type TickStream, type TickStreamOptions } from './tickStream';

/** How a store's stream connects, when not the page's own server and WebSocket. */
export type TickStreamConfig = Partial<
  Pick<TickStreamOptions, 'url' | 'WebSocketImpl' | 'getTicket' | 'random'>
>;

type StreamStore = Pick<AppStore, 'dispatch' | 'getState' | 'subscribe'>;

/** What a page refetches when the stream announces an event. */
const EVENT_TAGS = {
  trading_mode: ['TradingMode', 'Account'],
  alert: [{ type: 'Risk', id: 'ALERTS' }, { type: 'Risk', id: 'TRADING_STATE' }, 'Ml'],
  account: ['Account', 'Portfolio', 'PaperAccount', 'Orders', 'Trades'],
} as const satisfies Record<StreamEventKind, readonly unknown[]>;

const configs = new WeakMap<StreamStore, TickStreamConfig>();
const streams = new WeakMap<StreamStore, TickStream>();

/** Sets how this store's stream connects; takes effect when the stream is first used. */
export function configureTickStream(store: StreamStore, config: TickStreamConfig): void {
  configs.set(store, config);
}

/** A ticket for the signed-in session; null when there is none (or the server ended it). */
async function ticketFor(store: StreamStore): Promise<StreamTicketResponse | null> {
  if (!selectSessionToken(store.getState())) return null;
  const result = await store.dispatch(streamApi.endpoints.streamTicket.initiate(undefined, { track: false }));
  if (result.data) return result.data;
  // A 401 has already signed the page out (the api's base query); anything else is retried.
  if (httpStatus(result.error) === 401) return null;
  throw result.error;
}

/** The store's stream, created (and the slice injected) on first call. */
export function tickStreamFor(store: StreamStore): TickStream {
  const existing = streams.get(store);
  if (existing) return existing;
  injectLivePrices();
  const config = configs.get(store) ?? {};
  const stream = createTickStream({
    getTicket: () => ticketFor(store),
    ...config,
    onStatus: (status) => store.dispatch(liveStatusChanged(status)),
    onMessage: (message) => {
      store.dispatch(liveMessageReceived({ message, at: Date.now() }));
      // Another tab or server process switched the mode or raised an alert: refetch what shows it.
      if (message.type === 'event') store.dispatch(api.util.invalidateTags([...EVENT_TAGS[message.kind]]));
    },
    onRelease: (symbols) => store.dispatch(liveSymbolsReleased(symbols)),
  });
  streams.set(store, stream);

  let token = selectSessionToken(store.getState());
  if (!token) stream.stop();
  store.subscribe(() => {
    const next = selectSessionToken(store.getState());
    if (next === token) return;
    const previous = token;
    token = next;
    if (previous) stream.stop();
    if (next) stream.start();
  });
  return stream;
}
