/**
 * What keeps real money safe when the broker token stops working.
 *
 * The token watcher checks the token every minute (and whenever a live call finds it unusable):
 * in live mode, a missing, invalid or expired token switches the mode to paper, raises a high
 * alert for the operator and logs a warning. The live gate is what the orders service asks before
 * any live order: it refuses (409, with the token's own message) unless the mode is live and the
 * token valid. Before the mode becomes live, the gate also asks Upstox (GET /v2/user/profile)
 * whether it accepts the token: a token that merely looks valid (any JWT with a future `exp`) is
 * not enough for real money.
 */
import type { TokenState, TokenStatus } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../http/errors.js';
import type { TradingModeService } from '../trading/mode.js';
import type { Notify } from '../notifications/notifier.js';
import { resolveAlerts } from '../risk/alertResolution.js';
import { USABLE_STATES, type TokenService } from './token.js';
import { TokenExpiredError, UpstoxApiError, UpstoxError, type UpstoxClient } from './upstox/client.js';

const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const TOKEN_ALERT_ACTION = 'Update the Upstox access token in Settings › Data Sources';

/** The openings of the token alerts, by the token's state: a usable token resolves them. */
const TOKEN_ALERT: Record<Exclude<TokenState, 'valid' | 'expiring'>, string> = {
  expired: 'The Upstox access token has expired',
  missing: 'No Upstox access token is stored',
  invalid: 'The Upstox access token is invalid',
};

const ACTOR: Record<Exclude<TokenState, 'valid' | 'expiring'>, string> = {
  expired: 'system: Upstox token expired',
  invalid: 'system: Upstox token invalid',
  missing: 'system: Upstox token missing',
};

export interface WatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type TokenWatcher = ReturnType<typeof createTokenWatcher>;

export function createTokenWatcher(deps: {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  tradingMode: TradingModeService;
  log: WatcherLog;
  intervalMs?: number;
  /** Sends the token expiry alert out (email, Telegram) as the operator chose. */
  notify?: Notify;
}) {
  const { db, clock, tokens, tradingMode, log } = deps;
  // The token problem last notified (state and expiry), so each is sent once.
  let notified: string | null = null;

  async function notifyExpiry(status: TokenStatus, switchedToPaper: boolean): Promise<void> {
    if (!deps.notify) return;
    const problem = status.state === 'expiring' || status.state === 'expired' || status.state === 'invalid';
    const key = problem ? `${status.state}:${status.expires_at ?? ''}` : null;
    if (key === null || key === notified) {
      notified = key;
      return;
    }
    notified = key;
    const subject =
      status.state === 'expiring'
        ? 'Upstox access token expires soon'
        : status.state === 'expired'
          ? 'Upstox access token expired'
          : 'Upstox access token invalid';
    const body = `${status.message}${switchedToPaper ? ' Live orders are stopped and the trading mode was switched to paper.' : ''} ${TOKEN_ALERT_ACTION}.`;
    await deps.notify('token_expiry', subject, body);
  }
  let timer: NodeJS.Timeout | null = null;
  // Checks run one at a time, so one expiry makes one switch and one alert.
  let running: Promise<unknown> = Promise.resolve();

  async function checkOnce(): Promise<{ status: TokenStatus; switchedToPaper: boolean }> {
    const status = await tokens.status();
    if (USABLE_STATES.includes(status.state)) {
      await resolveAlerts(db, {
        source: 'broker',
        openings: Object.values(TOKEN_ALERT),
        at: clock.now(),
        by: 'system: token check',
        how: 'A usable Upstox access token is stored now.',
      });
      await notifyExpiry(status, false);
      return { status, switchedToPaper: false };
    }
    const mode = await tradingMode.get();
    if (mode.mode !== 'live') {
      await notifyExpiry(status, false);
      return { status, switchedToPaper: false };
    }

    const state = status.state as keyof typeof ACTOR;
    await tradingMode.set('paper', ACTOR[state]);
    const message = `${TOKEN_ALERT[state]}: live orders are stopped and the trading mode was switched to paper. ${status.message}`;
    await db.insert(schema.alerts).values({
      at: clock.now(),
      source: 'broker',
      severity: 'high',
      message,
      actionRequired: true,
      suggestedAction: TOKEN_ALERT_ACTION,
    });
    log.warn(
      { state, expires_at: status.expires_at },
      'Upstox token unusable: live trading stopped, switched to paper',
    );
    await notifyExpiry(status, true);
    return { status, switchedToPaper: true };
  }

  return {
    /** Checks now; in live mode with an unusable token, switches to paper and raises the alert. */
    check(): Promise<{ status: TokenStatus; switchedToPaper: boolean }> {
      const next = running.then(checkOnce, checkOnce);
      running = next.catch(() => undefined);
      return next;
    },

    /** Checks every `intervalMs` (60 s) until stopped; the timer never keeps the process alive. */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        this.check().catch((error: unknown) => log.error({ err: error }, 'token check failed'));
      }, deps.intervalMs ?? TOKEN_CHECK_INTERVAL_MS);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type LiveGate = ReturnType<typeof createLiveGate>;

/** A message ends with one full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export function createLiveGate(deps: {
  tradingMode: TradingModeService;
  tokens: TokenService;
  watcher: TokenWatcher;
  client: Pick<UpstoxClient, 'profile'>;
}) {
  async function ensureTokenUsable(): Promise<TokenStatus> {
    const status = await deps.tokens.status();
    if (!USABLE_STATES.includes(status.state)) {
      throw new HttpError(409, `Live trading needs a valid Upstox access token. ${status.message}`, {
        token_state: status.state,
      });
    }
    return status;
  }

  return {
    /**
     * Resolves when a live order may go to the broker: live mode and a valid (or expiring) token.
     * Otherwise throws HttpError 409 with a sentence saying why (and, for a bad token, the watcher
     * has switched the mode to paper).
     */
    async ensureLiveReady(): Promise<void> {
      const { status, switchedToPaper } = await deps.watcher.check();
      if (!USABLE_STATES.includes(status.state)) {
        throw new HttpError(
          409,
          `Live orders are stopped: ${status.message}${switchedToPaper ? ' The trading mode was switched to paper.' : ''}`,
          { token_state: status.state },
        );
      }
      const mode = await deps.tradingMode.get();
      if (mode.mode !== 'live') {
        throw new HttpError(
          409,
          'Live trading is not active: switch the trading mode to live before placing live orders.',
        );
      }
    },

    /** The status when the token allows live trading; a 409 with the reason otherwise (no mode change). */
    ensureTokenUsable,

    /**
     * Before switching to live: the token is usable (ensureTokenUsable) and Upstox accepts it.
     * Upstox refusing it: 409 naming Upstox's answer, and the token is marked rejected. Upstox
     * unreachable or answering an error: 503. The mode is not changed here in any case.
     */
    async ensureReadyForLive(): Promise<TokenStatus> {
      const status = await ensureTokenUsable();
      const token = await deps.tokens.usableToken();
      try {
        const profile = await deps.client.profile();
        if (profile.is_active === false) {
          throw new HttpError(
            409,
            `Upstox reports the account ${profile.user_id} as inactive, so live trading was not switched on.`,
          );
        }
        return status;
      } catch (error) {
        if (error instanceof TokenExpiredError && error.detail !== null) {
          // The client's token-problem hook records this too; recording it here does not depend on it.
          if (token !== null) await deps.tokens.markRejected(token, error.detail);
          throw new HttpError(
            409,
            `Upstox refused the access token (${error.detail}), so live trading was not switched on. Update the Upstox access token in Settings › Data Sources.`,
            { token_state: 'invalid' },
          );
        }
        if (error instanceof TokenExpiredError) {
          // The token stopped being usable between the two checks (it expired, or was replaced).
          throw new HttpError(409, `Live trading needs a valid Upstox access token. ${error.message}`, {
            token_state: error.state,
          });
        }
        if (error instanceof UpstoxApiError) {
          throw new HttpError(
            503,
            `Live trading was not switched on: Upstox answered with an error when the access token was checked (${error.message}). Paper trading continues; try again in a moment.`,
          );
        }
        if (error instanceof UpstoxError) {
          throw new HttpError(
            503,
            `Live trading was not switched on: the access token could not be checked with Upstox. ${sentence(error.message)} Paper trading continues; try again in a moment.`,
          );
        }
        throw error;
      }
    },
  };
}
