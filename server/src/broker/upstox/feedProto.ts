/**
 * Encoding and decoding of the feed's protobuf `FeedResponse` (MarketDataFeedV3.proto, shipped
 * next to this file). Decoded messages are converted to plain objects (int64 as numbers, enums as
 * names) and then parsed with zod like any other outside input. protobufjs is loaded with the first
 * message (a server without an Upstox feed never loads it).
 */
import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';
import { z } from 'zod';
import { sourceFile } from '../../paths.js';

const PROTO_FILE = sourceFile('broker/upstox/MarketDataFeedV3.proto');
const PACKAGE = 'com.upstox.marketdatafeederv3udapi.rpc.proto';

let feedResponseType: protobuf.Type | null = null;

const load = createRequire(import.meta.url);

function type(): protobuf.Type {
  feedResponseType ??= (load('protobufjs') as typeof protobuf)
    .loadSync(PROTO_FILE)
    .lookupType(`${PACKAGE}.FeedResponse`);
  return feedResponseType;
}

const num = z.number().finite();

const Ltpc = z
  .object({ ltp: num.optional(), ltt: num.optional(), ltq: num.optional(), cp: num.optional() })
  .loose();

const Ohlc = z
  .object({
    interval: z.string().optional(),
    open: num.optional(),
    high: num.optional(),
    low: num.optional(),
    close: num.optional(),
    vol: num.optional(),
    ts: num.optional(),
  })
  .loose();

const MarketOhlc = z.object({ ohlc: z.array(Ohlc).optional() }).loose();

const Feed = z
  .object({
    ltpc: Ltpc.optional(),
    fullFeed: z
      .object({
        marketFF: z
          .object({
            ltpc: Ltpc.optional(),
            marketOHLC: MarketOhlc.optional(),
            vtt: num.optional(),
            atp: num.optional(),
          })
          .loose()
          .optional(),
        indexFF: z.object({ ltpc: Ltpc.optional(), marketOHLC: MarketOhlc.optional() }).loose().optional(),
      })
      .loose()
      .optional(),
    firstLevelWithGreeks: z.object({ ltpc: Ltpc.optional(), vtt: num.optional() }).loose().optional(),
    requestMode: z.string().optional(),
  })
  .loose();

export const FeedResponseObject = z
  .object({
    type: z.enum(['initial_feed', 'live_feed', 'market_info']).optional(),
    feeds: z.record(z.string(), Feed).optional(),
    currentTs: num.optional(),
    marketInfo: z
      .object({ segmentStatus: z.record(z.string(), z.string()).optional() })
      .loose()
      .optional(),
  })
  .loose();
export type FeedResponseObject = z.infer<typeof FeedResponseObject>;
export type FeedEntry = z.infer<typeof Feed>;

/** Decodes one binary feed message; throws when it is not a FeedResponse. */
export function decodeFeedResponse(bytes: Uint8Array): FeedResponseObject {
  const t = type();
  const message = t.decode(bytes);
  const plain = t.toObject(message, { longs: Number, enums: String, defaults: false, oneofs: false });
  return FeedResponseObject.parse(plain);
}

/** Encodes a FeedResponse from a plain object (the fake Upstox server uses it). */
export function encodeFeedResponse(value: Record<string, unknown>): Uint8Array {
  const t = type();
  const message = t.fromObject(value);
  const problem = t.verify(message);
  if (problem) throw new Error(`Not a FeedResponse: ${problem}`);
  return t.encode(message).finish();
}
