/**
 * The browser's live price stream, WebSocket `/ws/ticks`.
 *
 * A browser cannot send a Bearer header on a WebSocket, so it first asks for a ticket
 * (`POST /api/stream/ticket`, with its session) and opens the socket with two subprotocols:
 * `TICK_STREAM_PROTOCOL` and `ticket.<ticket>`. A ticket is single-use and lives
 * `TICKET_TTL_SECONDS`; anything else (no ticket, a used or expired one, a ticket in the URL) is
 * refused before the upgrade completes. Every message is JSON, parsed with the schemas below.
 */
import { z } from 'zod';
import { ApiError, Timestamp } from './common';
import { route } from './route';

export const TICK_STREAM_PATH = '/ws/ticks';
export const TICK_STREAM_PROTOCOL = 'nivesh.ticks.v1';
export const TICKET_PROTOCOL_PREFIX = 'ticket.';
export const TICKET_TTL_SECONDS = 30;
/** Symbols one connection may follow at once. */
export const MAX_STREAM_SYMBOLS = 200;
/** Close code sent to a client that fell too far behind (its unsent data passed the server's cap). */
export const SLOW_CLIENT_CLOSE_CODE = 4008;
/** Close code for a message that is not valid JSON of the client schema (after an error message). */
export const BAD_MESSAGE_CLOSE_CODE = 4400;

/** An equity symbol (`RELIANCE`) or an index id (`NIFTY_50`, `SENSEX`, `BANK_NIFTY`). */
export const StreamSymbol = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Z0-9&_-]+$/, 'symbols are upper-case letters, digits, &, _ or -');

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), symbols: z.array(StreamSymbol).min(1).max(MAX_STREAM_SYMBOLS) }),
  z.object({ type: z.literal('unsubscribe'), symbols: z.array(StreamSymbol).min(1).max(MAX_STREAM_SYMBOLS) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** One price update. Prices are rupees (index levels are points). */
export const StreamTick = z.object({
  symbol: z.string(),
  ltp: z.number(),
  previous_close: z.number(),
  change: z.number(),
  change_percent: z.number(),
  /** Shares traded today so far (0 for indices). */
  volume: z.number().int().min(0),
  /** Epoch milliseconds of the tick. */
  ts: z.number().int(),
});
export type StreamTick = z.infer<typeof StreamTick>;

/**
 * Something changed that pages show, announced to every browser on every server process (over
 * the message bus between processes): the trading mode was switched, an alert was raised, or the
 * paper account changed (an order placed, filled or cancelled, by the operator on any process or
 * by the automation). The page refetches what it shows of it.
 */
export const StreamEventKind = z.enum(['trading_mode', 'alert', 'account']);
export type StreamEventKind = z.infer<typeof StreamEventKind>;
export const StreamEvent = z.object({ kind: StreamEventKind });

export const ServerMessage = z.discriminatedUnion('type', [
  /** The first message: where the prices come from. */
  z.object({
    type: z.literal('hello'),
    data_source: z.enum(['simulated', 'upstox']),
    market_open: z.boolean(),
  }),
  /** Confirms a subscription; unknown symbols are listed and not followed. Carries the latest ticks. */
  z.object({
    type: z.literal('subscribed'),
    symbols: z.array(z.string()),
    unknown: z.array(z.string()),
    snapshot: z.array(StreamTick),
  }),
  z.object({ type: z.literal('unsubscribed'), symbols: z.array(z.string()) }),
  z.object({ type: z.literal('ticks'), ticks: z.array(StreamTick) }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('event'), kind: StreamEventKind }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

export const StreamTicketResponse = z.object({
  success: z.literal(true),
  ticket: z.string(),
  expires_at: Timestamp,
  /** Subprotocols to open the socket with: [TICK_STREAM_PROTOCOL, 'ticket.<ticket>']. */
  protocols: z.array(z.string()),
  path: z.string(),
});
export type StreamTicketResponse = z.infer<typeof StreamTicketResponse>;

export const streamRoutes = {
  ticket: route({
    method: 'POST',
    path: '/api/stream/ticket',
    access: 'session',
    tag: 'market',
    summary: 'A single-use, short-lived ticket to open the /ws/ticks price stream',
    responses: { 200: StreamTicketResponse, 401: ApiError, 503: ApiError },
  }),
} as const;
