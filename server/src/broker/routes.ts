/**
 * HTTP for the broker (/api/:broker/...: token status and update, connection status, OAuth sign-in
 * and its callback, API credentials): call the service, reply. The callback answers an HTML page.
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import { newNonce } from '../http/security.js';
import type { BrokerService } from './service.js';

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

export function brokerHandlers(broker: BrokerService): DomainHandlers<Contract['broker'], Session> {
  return {
    tokenStatus: () => broker.tokenStatus(),

    tokenUpdate: async ({ body, session }) => ({
      success: true,
      ...(await broker.updateToken(body, session.user.email)),
    }),

    status: async () => ({ success: true, ...(await broker.status()) }),

    connect: async () => ({
      success: true,
      auth_url: await broker.signInUrl(),
      message: 'Sign in to Upstox in the new tab; the access token is stored when Upstox sends you back.',
    }),

    callback: async ({ query, reply }) => {
      const message = await broker.completeSignIn(query);
      const nonce = newNonce();
      reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        )
        .header('cache-control', 'no-store');
      return connectedPage(message, nonce);
    },

    getCredentials: async () => ({ success: true, credentials: await broker.credentials() }),

    saveCredentials: async ({ body, session }) => ({
      success: true,
      ...(await broker.saveCredentials(body, session.user.email)),
    }),
  };
}
