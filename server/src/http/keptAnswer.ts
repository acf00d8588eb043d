/**
 * Answers kept in memory and sent to many requests. A read model worked out once per change (the
 * market overview per batch of ticks, the paper account's overview and holdings between writes)
 * answers every request with the same text, instead of checking and serialising the same value
 * again for each one (on small reads that was a fifth of the server's time per request).
 *
 * The route's response schema still checks every kept answer: on its first send, through the
 * route's own serializer (`reply.serialize`: the same check and the same text as an answer returned
 * as a value), and the text is kept with the answer. An answer that does not match the contract is
 * refused like any other (500, logged) and checked again on its next send.
 */
import type { FastifyReply } from 'fastify';

/** What a handler may return instead of its answer; http/contract.ts sends its text as it is. */
export abstract class Kept<T> {
  /** The answer's type, for the handler's signature only (never set). */
  declare readonly answerType?: T;

  /** The answer's text, checked by the route's response schema. */
  abstract text(reply: FastifyReply): string;
}

class KeptAnswer<T> extends Kept<T> {
  #text: string | null = null;

  constructor(private readonly value: T) {
    super();
  }

  text(reply: FastifyReply): string {
    this.#text ??= reply.serialize(this.value) as string;
    return this.#text;
  }
}

/** `value` kept: checked and serialised on its first send, the text reused after. */
export function keptAnswer<T>(value: T): Kept<T> {
  return new KeptAnswer(value);
}

/**
 * Two instants no answer holds otherwise: where each one lands in the serialised text is where the
 * stamp goes.
 */
const SAMPLE_STAMPS = ['1970-01-01T00:00:00.001Z', '1970-01-01T00:00:00.002Z'] as const;

/** What `Date.prototype.toISOString` writes for the years 0 to 9999: always a valid Timestamp. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An answer kept but for one Timestamp field set at each send (the portfolio overview's `as_of`,
 * the time of the read). `build(stamp)` gives the answer with that stamp; it is checked and
 * serialised once with each of two sample stamps, which shows where the stamp sits in the text, and
 * each send writes its own instant there.
 */
export class StampedAnswer<T> {
  #parts: readonly [string, string] | null = null;

  constructor(readonly build: (stamp: string) => T) {}

  /** The text before and after the stamp. */
  parts(reply: FastifyReply): readonly [string, string] {
    if (this.#parts) return this.#parts;
    const [a, b] = SAMPLE_STAMPS.map((stamp) => reply.serialize(this.build(stamp)) as string) as [
      string,
      string,
    ];
    const hole = JSON.stringify(SAMPLE_STAMPS[0]);
    const at = a.indexOf(hole);
    const head = a.slice(0, at);
    const tail = a.slice(at + hole.length);
    if (at < 0 || a.includes(hole, at + 1) || b !== `${head}${JSON.stringify(SAMPLE_STAMPS[1])}${tail}`) {
      throw new Error('A stamped answer must hold its stamp in one field, written as it is given.');
    }
    this.#parts = [head, tail];
    return this.#parts;
  }

  /** This answer stamped with `instant`. */
  at(instant: Date): Kept<T> {
    return new StampedSend(this, instant.toISOString());
  }
}

class StampedSend<T> extends Kept<T> {
  constructor(
    private readonly stamped: StampedAnswer<T>,
    private readonly stamp: string,
  ) {
    super();
  }

  text(reply: FastifyReply): string {
    // Any other stamp is checked with the whole answer, as an answer sent as a value would be.
    if (!ISO_INSTANT.test(this.stamp)) return reply.serialize(this.stamped.build(this.stamp)) as string;
    const [head, tail] = this.stamped.parts(reply);
    return `${head}"${this.stamp}"${tail}`;
  }
}

/**
 * `build`'s result for the last inputs, built again when one of them changes (each compared with
 * Object.is): a read model that hands out the same object until it changes gets the same kept
 * answer back, so that answer is checked and serialised once per change.
 */
export function lastFor<A extends readonly unknown[], R>(build: (...inputs: A) => R): (...inputs: A) => R {
  let last: { inputs: A; result: R } | null = null;
  return (...inputs: A): R => {
    const kept = last;
    if (kept && inputs.every((input, i) => Object.is(input, kept.inputs[i]))) return kept.result;
    const result = build(...inputs);
    last = { inputs, result };
    return result;
  };
}
