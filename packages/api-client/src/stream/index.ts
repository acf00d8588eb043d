/** The live price stream: the hook pages use, the slice it fills, and the client underneath. */
export { useLiveTicks, type LiveTicks } from './useLiveTicks';
export {
  livePricesSlice,
  selectLivePrices,
  initialLivePricesState,
  type LivePricesState,
} from './livePricesSlice';
export { configureTickStream, tickStreamFor, type TickStreamConfig } from './liveStream';
export { streamApi } from './ticketApi';
export {
  createTickStream,
  reconnectDelay,
  IDLE_CLOSE_MS,
  KEEPALIVE_MS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  RECONNECT_JITTER,
  type TickStream,
  type TickStreamOptions,
  type TickStreamStatus,
  type WebSocketConstructor,
  type WebSocketLike,
} from './tickStream';
