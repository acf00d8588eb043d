/**
 * The broker connection (Upstox): the access token's status and manual update, whether the broker
 * answers now, OAuth sign-in, and the stored API credentials. The live Broker and Account that
 * orders and the portfolio use are in broker.ts (the seam) and upstox/ (the adapter).
 */
import type { z } from 'zod';
import type {
  BrokerCredentials,
  BrokerStatus,
  CredentialsRequest,
  OAuthCallbackQuery,
  TokenStatus,
  TokenUpdateRequest,
} from '@nivesh/api-contract';
import type { TradingModeService } from '../trading/mode.js';
import { USABLE_STATES } from './token.js';
import { UpstoxError } from './upstox/client.js';
import type { UpstoxServices } from './upstox/index.js';

export interface BrokerService {
  tokenStatus(): Promise<TokenStatus>;
  /** Stores a pasted access token (refused, changing nothing, when it is not a valid token). */
  updateToken(
    input: z.output<typeof TokenUpdateRequest>,
    actor: string,
  ): Promise<{ message: string; status: TokenStatus }>;
  /** The token, and whether Upstox answers with it now (funds, holdings and positions are read). */
  status(): Promise<Omit<BrokerStatus, 'success'>>;
  /** The Upstox sign-in address, with a fresh one-time state. */
  signInUrl(): Promise<string>;
  /** The browser is back from Upstox: exchange the code and store the token; the sentence to show. */
  completeSignIn(query: z.output<typeof OAuthCallbackQuery>): Promise<string>;
  credentials(): Promise<BrokerCredentials>;
  saveCredentials(input: z.output<typeof CredentialsRequest>, actor: string): Promise<{ message: string }>;
}

export function createBrokerService(deps: {
  upstox: Pick<UpstoxServices, 'tokens' | 'credentials' | 'oauth' | 'client'>;
  tradingMode: TradingModeService;
}): BrokerService {
  const { tokens, credentials, oauth, client } = deps.upstox;

  return {
    tokenStatus: () => tokens.status(),

    async updateToken(input, actor) {
      const status = await tokens.update(
        { accessToken: input.access_token, clientId: input.client_id },
        actor,
        'manual',
      );
      return { message: `Access token updated. ${status.message}`, status };
    },

    async status() {
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
        broker: 'upstox',
        connected,
        mode: mode.mode,
        has_positions: hasPositions,
        last_sync: client.lastSuccessAt()?.toISOString() ?? null,
        message,
        auth_url: connected || !(await oauth.canSignIn()) ? null : await oauth.authUrl(),
      };
    },

    signInUrl: () => oauth.authUrl(),

    async completeSignIn(query) {
      return (await oauth.complete(query)).message;
    },

    credentials: () => credentials.masked(),

    async saveCredentials(input, actor) {
      // Check the token first: a refused token changes nothing.
      if (input.access_token !== undefined) tokens.validate(input.access_token);
      await credentials.saveCredentials(
        { apiKey: input.api_key, apiSecret: input.api_secret, redirectUri: input.redirect_uri },
        actor,
      );
      if (input.access_token !== undefined) {
        await tokens.update({ accessToken: input.access_token }, actor, 'credentials');
      }
      return {
        message:
          input.access_token !== undefined
            ? 'Upstox credentials and access token saved.'
            : 'Upstox credentials saved.',
      };
    },
  };
}
