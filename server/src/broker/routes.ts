/**
 * HTTP for the broker (/api/:broker/...: token status and update, connection status, OAuth sign-in
 * and its callback, API credentials).
 */
import type { BrokerStatus, Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import { newNonce } from '../http/security.js';
import { USABLE_STATES } from './token.js';
import type { TradingModeService } from '../trading/mode.js';
import { UpstoxError } from './upstox/client.js';
import type { UpstoxServices } from './upstox/index.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page the browser shows after signing in to Upstox: plain, no script, its own strict policy. */
function connectedPage(message: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Upstox connected · Nivesh</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a202c}h1{font-size:1.5rem}a{color:#2b6cb0}</style>
</head>
<body>
<h1>Upstox connected</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/settings">Return to Nivesh Settings</a>, or close this tab.</p>
</body>
</html>
`;
}

export function brokerHandlers(
  upstox: UpstoxServices,
  deps: { tradingMode: TradingModeService },
): DomainHandlers<Contract['broker'], Session> {
  const { tokens, credentials, oauth, client } = upstox;

  return {
    tokenStatus: () => tokens.status(),

    tokenUpdate: async ({ body, session }) => {
      const status = await tokens.update(
        { accessToken: body.access_token, clientId: body.client_id },
        session.user.email,
        'manual',
      );
      return { success: true, message: `Access token updated. ${status.message}`, status };
    },

    status: async (): Promise<BrokerStatus> => {
      const [token, mode] = await Promise.all([tokens.status(), deps.tradingMode.get()]);
      let connected = false;
      let hasPositions = false;
      let message = token.message;
      if (USABLE_STATES.includes(token.state)) {
        try {
          const [, holdings, positions] = await Promise.all([
            client.funds(),
            client.holdings(),
            client.positions(),
          ]);
          connected = true;
          hasPositions =
            holdings.some((h) => h.quantity > 0) || positions.some((p) => Math.round(p.quantity) !== 0);
          message = `Connected to Upstox. ${token.message}`;
        } catch (error) {
          // The client's errors are sentences of their own ("Upstox cannot be reached: ...").
          message =
            error instanceof UpstoxError
              ? error.message
              : `Upstox is not answering: ${(error as Error).message}`;
        }
      }
      return {
        success: true,
        broker: 'upstox',
        connected,
        mode: mode.mode,
        has_positions: hasPositions,
        last_sync: client.lastSuccessAt()?.toISOString() ?? null,
        message,
        auth_url: connected || !(await oauth.canSignIn()) ? null : await oauth.authUrl(),
      };
    },

    connect: async () => ({
      success: true,
      auth_url: await oauth.authUrl(),
      message: 'Sign in to Upstox in the new tab; the access token is stored when Upstox sends you back.',
    }),

    callback: async ({ query, reply }) => {
      const status = await oauth.complete(query);
      const nonce = newNonce();
      reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        )
        .header('cache-control', 'no-store');
      return connectedPage(status.message, nonce);
    },

    getCredentials: async () => ({ success: true, credentials: await credentials.masked() }),

    saveCredentials: async ({ body, session }) => {
      // Check the token first: a refused token changes nothing.
      if (body.access_token !== undefined) tokens.validate(body.access_token);
      await credentials.saveCredentials(
        { apiKey: body.api_key, apiSecret: body.api_secret, redirectUri: body.redirect_uri },
        session.user.email,
      );
      if (body.access_token !== undefined) {
        await tokens.update({ accessToken: body.access_token }, session.user.email, 'credentials');
      }
      return {
        success: true,
        message:
          body.access_token !== undefined
            ? 'Upstox credentials and access token saved.'
            : 'Upstox credentials saved.',
      };
    },
  };
}
