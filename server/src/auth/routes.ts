/** HTTP for auth: parse with the contract (done by registerContract), call the service, reply. */
import type { FastifyRequest } from 'fastify';
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import { MESSAGES, type AuthService, type RequestOrigin, type Session, type SignedIn } from './service.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Where a request comes from. A request that passed through a proxy (it carries forwarding
 * headers) is never treated as local, even when the proxy itself runs on this machine.
 */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers['forwarded'] !== undefined;
  const ip = request.socket.remoteAddress ?? request.ip;
  const userAgent = request.headers['user-agent'] ?? null;
  return { ip, userAgent, isLocal: LOOPBACK.has(ip) && !forwarded };
}

function signedInBody(signedIn: SignedIn, message: string) {
  return {
    success: true as const,
    session_token: signedIn.token,
    message,
    setup_required: false as const,
    user: signedIn.user,
    expires_at: signedIn.expiresAt.toISOString(),
  };
}

export function authHandlers(auth: AuthService): DomainHandlers<Contract['auth'], Session> {
  return {
    config: async () => ({ success: true, ...(await auth.loginScreenConfig()) }),

    login: async ({ body, request }) =>
      signedInBody(await auth.login(body.email, body.password, requestOrigin(request)), MESSAGES.loginOk),

    requestPasswordSetup: async ({ body, request }) => ({
      success: true,
      ...(await auth.requestPasswordSetup(body.email, requestOrigin(request))),
    }),

    setPassword: async ({ body, request }) =>
      signedInBody(
        await auth.setPasswordWithToken(body.temp_token, body.new_password, requestOrigin(request)),
        MESSAGES.passwordSet,
      ),

    validateSession: async ({ session }) => ({
      success: true,
      user: session.user,
      expires_at: session.expiresAt.toISOString(),
    }),

    logout: async ({ session }) => {
      await auth.logout(session);
      return { success: true, message: MESSAGES.loggedOut };
    },
  };
}
