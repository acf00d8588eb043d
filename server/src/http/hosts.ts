/**
 * Which Host names this server answers to. A page on another site can make the operator's browser
 * send requests to this server through a name the attacker controls, by pointing that name at
 * 127.0.0.1 (DNS rebinding); the browser then treats the answers as the attacker's own origin.
 * Refusing every Host that is not one of ours closes that door for every route at once.
 *
 * Answered: `localhost`, any IP literal (a rebinding attack needs a name, never an address), the
 * public URL's host name, and the names listed in NIVESH_ALLOWED_HOSTS.
 */
import net from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '@nivesh/api-contract';

/** The host name of a Host header (`name:port`, `[v6]:port`), lower case; null when malformed. */
function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return value.slice(1, end);
  }
  const match = /^([^:]+)(?::\d{1,5})?$/.exec(value);
  return match ? (match[1] as string).replace(/\.$/, '') : null;
}

/** Distinct Host headers whose answer is kept (a client sends the same one on every request). */
const KEPT_DECISIONS = 64;

function createHostCheck(options: { publicUrl: string; allowedHosts: readonly string[] }) {
  const names = new Set(['localhost', new URL(options.publicUrl).hostname.replace(/^\[|\]$/g, '')]);
  for (const name of options.allowedHosts) names.add(name.toLowerCase());
  const decide = (header: string | undefined): boolean => {
    const name = hostNameOf(header);
    if (name === null) return false;
    return names.has(name) || net.isIP(name) !== 0;
  };
  // The decision for each Host header seen lately: the same few arrive on every request. Bounded,
  // so a client sending endless made-up names only ever costs the check itself.
  const kept = new Map<string | undefined, boolean>();
  return (header: string | undefined): boolean => {
    const known = kept.get(header);
    if (known !== undefined) return known;
    const allowed = decide(header);
    if (kept.size >= KEPT_DECISIONS) kept.clear();
    kept.set(header, allowed);
    return allowed;
  };
}

/**
 * The Host check, for the server's first request hook (http/security.ts's `installEdge`): true
 * when the request may go on; otherwise it has been answered 400 with the names to use.
 */
export function createHostGate(options: {
  publicUrl: string;
  allowedHosts: readonly string[];
}): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const allowed = createHostCheck(options);
  return (request, reply) => {
    const host = request.headers.host;
    if (allowed(host)) return true;
    request.log.warn({ host }, 'request refused: unknown Host');
    const shown = (host ?? '').slice(0, 100);
    void reply
      .code(400)
      .send(
        apiError(
          `This server does not answer to the host name "${shown}". Open it at ${options.publicUrl}, or add the name to NIVESH_ALLOWED_HOSTS.`,
        ),
      );
    return false;
  };
}
