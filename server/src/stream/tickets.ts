/**
 * Tickets for the browser price stream. A browser cannot put a Bearer header on a WebSocket, so
 * it trades its session for a ticket (`POST /api/stream/ticket`) and opens `/ws/ticks` with it.
 * A ticket is 256 random bits, single-use, valid TICKET_TTL_SECONDS and tied to the session that
 * asked for it. It is kept in the database only as its SHA-256 (table `stream_tickets`), so a
 * ticket issued by one server process opens the stream on any other process on the same database,
 * and spending it is one atomic delete: it opens at most one socket, whichever process sees it.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { TICKET_TTL_SECONDS } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import { hashToken, newToken } from '../auth/tokens.js';

/** Unused tickets one session may hold at once; asking for more retires its oldest. */
const MAX_TICKETS_PER_SESSION = 8;

export interface IssuedTicket {
  ticket: string;
  expiresAt: Date;
}

export interface TicketStore {
  issue(sessionId: number): Promise<IssuedTicket>;
  /** Spends a ticket: the session it was issued to, or null when unknown, used or expired. */
  consume(ticket: string): Promise<number | null>;
  /** Unused, unexpired tickets held now. */
  size(): Promise<number>;
}

export function createTicketStore(deps: { db: Db; clock: Clock; ttlSeconds?: number }): TicketStore {
  const { db } = deps;
  const ttlMs = (deps.ttlSeconds ?? TICKET_TTL_SECONDS) * 1000;
  const tickets = schema.streamTickets;

  const purgeExpired = (now: Date) => db.delete(tickets).where(lte(tickets.expiresAt, now));

  return {
    async issue(sessionId) {
      const now = deps.clock.now();
      await purgeExpired(now);
      const held = await db
        .select({ tokenHash: tickets.tokenHash })
        .from(tickets)
        .where(eq(tickets.sessionId, sessionId))
        .orderBy(asc(tickets.issuedAt), asc(tickets.tokenHash));
      const retire = held.slice(0, Math.max(0, held.length - MAX_TICKETS_PER_SESSION + 1));
      for (const { tokenHash } of retire) await db.delete(tickets).where(eq(tickets.tokenHash, tokenHash));
      const ticket = newToken();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await db.insert(tickets).values({ tokenHash: hashToken(ticket), sessionId, issuedAt: now, expiresAt });
      return { ticket, expiresAt };
    },
    async consume(ticket) {
      // A ticket is 43 base64url characters; anything much longer is not one of ours.
      if (ticket.length === 0 || ticket.length > 100) return null;
      const [spent] = await db
        .delete(tickets)
        .where(eq(tickets.tokenHash, hashToken(ticket)))
        .returning({ sessionId: tickets.sessionId, expiresAt: tickets.expiresAt });
      if (!spent) return null;
      return spent.expiresAt.getTime() > deps.clock.nowMs() ? spent.sessionId : null;
    },
    async size() {
      const now = deps.clock.now();
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(sql`${tickets.expiresAt} > ${now}`));
      return row?.n ?? 0;
    },
  };
}
