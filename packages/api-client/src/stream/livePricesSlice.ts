/**
 * `livePrices`: what the price stream has said, for every page to read. Injected into the one
 * store the first time a page follows a symbol (`rootReducer.inject`), so a store that never shows
 * live prices never carries it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DataSource, ServerMessage, StreamTick } from '@nivesh/api-contract';
import { rootReducer } from '../store';
import type { TickStreamStatus } from './tickStream';

export interface LivePricesState {
  /** The latest tick of each followed symbol. */
  ticks: Record<string, StreamTick>;
  status: TickStreamStatus;
  /** Where the prices come from (the server's hello), null before it spoke. */
  dataSource: DataSource | null;
  marketOpen: boolean | null;
  /** Epoch ms of the last message from the server. */
  lastMessageAt: number | null;
}

export const initialLivePricesState: LivePricesState = {
  ticks: {},
  status: 'idle',
  dataSource: null,
  marketOpen: null,
  lastMessageAt: null,
};

export const livePricesSlice = createSlice({
  name: 'livePrices',
  initialState: initialLivePricesState,
  reducers: {
    liveStatusChanged(state, action: PayloadAction<TickStreamStatus>) {
      state.status = action.payload;
    },
    liveMessageReceived(state, action: PayloadAction<{ message: ServerMessage; at: number }>) {
      const { message, at } = action.payload;
      state.lastMessageAt = at;
      switch (message.type) {
        case 'hello':
          // Prices of another source are not comparable: start over.
          if (state.dataSource !== null && state.dataSource !== message.data_source) state.ticks = {};
          state.dataSource = message.data_source;
          state.marketOpen = message.market_open;
          break;
        case 'subscribed':
          for (const tick of message.snapshot) state.ticks[tick.symbol] = tick;
          break;
        case 'ticks':
          for (const tick of message.ticks) state.ticks[tick.symbol] = tick;
          break;
        default:
          break;
      }
    },
    /** No page follows these any more. */
    liveSymbolsReleased(state, action: PayloadAction<string[]>) {
      for (const symbol of action.payload) delete state.ticks[symbol];
    },
  },
});

export const { liveStatusChanged, liveMessageReceived, liveSymbolsReleased } = livePricesSlice.actions;

declare module '../store' {
  interface LazyLoadedSlices {
    livePrices: LivePricesState;
  }
}

/** Adds the slice to the store's root reducer (once; later calls do nothing). */
export function injectLivePrices(): void {
  rootReducer.inject(livePricesSlice);
}

/** The slice's state, or its initial state before it was injected. */
export function selectLivePrices(state: { livePrices?: LivePricesState }): LivePricesState {
  return state.livePrices ?? initialLivePricesState;
}
