/** HTTP for auth: parse with the contract (done by registerContract), call the service, reply. */
import type { FastifyRequest } from 'fastify';
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import { MESSAGES, type AuthService, type RequestOrigin, type Session, type SignedIn } from './service.js';

/** Where a request comes from: `request.ip` follows the configured trustProxy (config.ts). */
function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

function signedInBody(signedIn: SignedIn, message: string) {
  return {
    success: true as const,
    session_token: signedIn.token,
    message,
    setup_required: false as const,
    user: signedIn.user,
    expires_at: signedIn.expiresAt.toISOString(),
    session_ends_at: signedIn.endsAt.toISOString(),
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
      session_ends_at: session.endsAt.toISOString(),
    }),

    logout: async ({ session }) => {
      await auth.logout(session);
      return { success: true, message: MESSAGES.loggedOut };
    },
  };
}
