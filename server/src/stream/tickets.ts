/**
 * Tickets for the browser price stream. A browser cannot put a Bearer header on a WebSocket, so
 * it trades its session for a ticket (`POST /api/stream/ticket`) and opens `/ws/ticks` with it.
 * A ticket is 256 random bits, single-use, valid TICKET_TTL_SECONDS, tied to the session that
 * asked for it, and kept only as its SHA-256 in memory (a restart voids every ticket, which costs
 * a browser one more ticket request).
 */
import { TICKET_TTL_SECONDS } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { hashToken, newToken } from '../auth/tokens.js';

/** Unused tickets one session may hold at once; asking for more retires its oldest. */
const MAX_TICKETS_PER_SESSION = 8;

export interface IssuedTicket {
  ticket: string;
  expiresAt: Date;
}

export interface TicketStore {
  issue(sessionId: number): IssuedTicket;
  /** Spends a ticket: the session it was issued to, or null when unknown, used or expired. */
  consume(ticket: string): number | null;
  /** Unused, unexpired tickets held now. */
  size(): number;
}

interface Entry {
  sessionId: number;
  expiresAt: number;
}

export function createTicketStore(deps: { clock: Clock; ttlSeconds?: number }): TicketStore {
  const ttlMs = (deps.ttlSeconds ?? TICKET_TTL_SECONDS) * 1000;
  // Insertion order is issue order, so the first entries found are the oldest.
  const entries = new Map<string, Entry>();

  function purgeExpired(now: number) {
    for (const [hash, entry] of entries) if (entry.expiresAt <= now) entries.delete(hash);
  }

  return {
    issue(sessionId) {
      const now = deps.clock.now().getTime();
      purgeExpired(now);
      const held = [...entries].filter(([, entry]) => entry.sessionId === sessionId);
      for (const [hash] of held.slice(0, Math.max(0, held.length - MAX_TICKETS_PER_SESSION + 1))) {
        entries.delete(hash);
      }
      const ticket = newToken();
      const expiresAt = now + ttlMs;
      entries.set(hashToken(ticket), { sessionId, expiresAt });
      return { ticket, expiresAt: new Date(expiresAt) };
    },
    consume(ticket) {
      // A ticket is 43 base64url characters; anything much longer is not one of ours.
      if (ticket.length === 0 || ticket.length > 100) return null;
      const hash = hashToken(ticket);
      const entry = entries.get(hash);
      if (!entry) return null;
      entries.delete(hash);
      return entry.expiresAt > deps.clock.now().getTime() ? entry.sessionId : null;
    },
    size() {
      purgeExpired(deps.clock.now().getTime());
      return entries.size;
    },
  };
}
