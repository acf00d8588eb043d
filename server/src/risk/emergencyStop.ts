/**
 * Emergency Stop All and the trading state it and the loss limits put the account in
 * (contract.risk: tradingState, emergencyStop, liftEmergencyStop).
 *
 * The stop, in the trading mode in force:
 * 1. halts order entry first (trading/halt.ts: in the database, so it survives a restart and binds
 *    every server process; from then on only orders that reduce a position are taken);
 * 2. cancels every open order of the mode's broker that could open or grow a position, and keeps
 *    the ones that only reduce one (a resting stop-loss or target protects the position it sells:
 *    stripping it would leave the position unprotected once the stop is lifted);
 * 3. when asked, cancels those protective orders too (their positions go) and closes every open
 *    position with a market order (a closing order passes the halt; while the market is shut a
 *    paper market order rests and fills at the next session's first price, as any market order
 *    placed then);
 * 4. raises a high alert and writes an audit row naming who, when and why.
 * What could not be cancelled or closed is listed with the broker's reason; the halt stays either
 * way. Lifting is a second confirmed call.
 */
import {
  istDay,
  type EmergencyStopResult,
  type Holding,
  type Order,
  type TradingHalt,
  type TradingState,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { Account } from '../broker/broker.js';
import { formatIst } from '../broker/token.js';
import { HttpError } from '../http/errors.js';
import { LIVE_NOT_CONNECTED, onlyReduces, type OrdersService } from '../orders/service.js';
import type { PaperEngine } from '../paper/engine.js';
import { dailySeries, type AccountHistoryReader } from '../paper/history.js';
import { lossLimitState } from '../analytics/lossLimits.js';
import { haltSentence, type HaltStore } from '../trading/halt.js';
import type { TradingModeService } from '../trading/mode.js';
import type { Notify } from '../notifications/notifier.js';

/** Open orders cancelled at most in one stop (more than any account here holds). */
const OPEN_ORDERS_READ = 10_000;

export interface EmergencyStopDeps {
  clock: Clock;
  halts: HaltStore;
  orders: Pick<OrdersService, 'broker' | 'place'>;
  tradingMode: TradingModeService;
  /** The live account (its positions to square off in live mode), null when not wired. */
  liveAccount: Pick<Account, 'holdings'> | null;
  paper: Pick<PaperEngine, 'overview' | 'settings' | 'holdings'>;
  history: AccountHistoryReader;
  /** Sends the emergency stop out (email, Telegram) as the operator chose. */
  notify?: Notify;
}

/** What an order the stop cancels says about why it ended. */
const STOP_CANCEL_REASON = 'Emergency Stop All';

const reasonOf = (error: unknown) =>
  error instanceof HttpError || error instanceof Error ? error.message : String(error);

export type EmergencyStopService = ReturnType<typeof createEmergencyStopService>;

export function createEmergencyStopService(deps: EmergencyStopDeps) {
  const { clock, halts } = deps;

  /** The paper account's loss limits crossed now, one sentence each (live mode keeps no history). */
  async function lossLimitsCrossed(): Promise<string[]> {
    if ((await deps.tradingMode.get()).mode === 'live') return [];
    const today = istDay(clock.now());
    const [overview, settings, days] = await Promise.all([
      deps.paper.overview(),
      deps.paper.settings(),
      deps.history.loadDays(),
    ]);
    const series = dailySeries(days, today, { value: overview.portfolio_value, benchmark: null });
    return lossLimitState(series, today, settings).breaches;
  }

  async function tradingState(): Promise<TradingState> {
    const halt = await halts.inForce();
    const as_of = clock.now().toISOString();
    if (halt) return { state: 'halted', reasons: [haltSentence(halt)], halt, as_of };
    const crossed = await lossLimitsCrossed();
    return { state: crossed.length > 0 ? 'reducing' : 'normal', reasons: crossed, halt: null, as_of };
  }

  /** The mode's account's positions. */
  async function holdingsNow(): Promise<Holding[]> {
    const { mode } = await deps.tradingMode.get();
    if (mode === 'live' && !deps.liveAccount) throw new HttpError(503, LIVE_NOT_CONNECTED);
    return (mode === 'live' ? deps.liveAccount! : deps.paper).holdings();
  }

  /** Signed shares held per symbol and product in the mode's account. */
  async function positionsNow(): Promise<Map<string, number>> {
    const held = new Map<string, number>();
    for (const h of await holdingsNow()) {
      const key = `${h.symbol}|${h.product}`;
      held.set(key, (held.get(key) ?? 0) + h.quantity);
    }
    return held;
  }

  /**
   * Cancels the mode's open orders that could open or grow a position; with `squareOff`, every
   * open order (the positions the others protect are about to be closed). Returns how many were
   * cancelled and how many protective orders were kept.
   */
  async function cancelOpening(
    actor: string,
    squareOff: boolean,
    failures: EmergencyStopResult['failures'],
  ): Promise<{ cancelled: number; kept: number }> {
    const broker = await deps.orders.broker(true);
    const open: Order[] = await broker.listOrders({ status: 'open', limit: OPEN_ORDERS_READ });
    const held = squareOff ? null : await positionsNow();
    let cancelled = 0;
    let kept = 0;
    for (const order of open) {
      if (held && onlyReduces(order, held.get(`${order.symbol}|${order.product}`) ?? 0)) {
        kept += 1;
        continue;
      }
      try {
        await broker.cancelOrder(order.order_id, actor, STOP_CANCEL_REASON);
        cancelled += 1;
      } catch (error) {
        // An order that filled or ended meanwhile is no longer open: nothing to report.
        if (error instanceof HttpError && error.statusCode === 409) continue;
        failures.push({
          symbol: order.symbol,
          reason: `Order ${order.order_id} not cancelled: ${reasonOf(error)}`,
        });
      }
    }
    return { cancelled, kept };
  }

  /** Closes every open position with a market order. */
  async function squareOffAll(actor: string, failures: EmergencyStopResult['failures']) {
    const squared: EmergencyStopResult['squared_off'] = [];
    for (const h of await holdingsNow()) {
      if (h.quantity === 0) continue;
      const quantity = Math.abs(h.quantity);
      try {
        const { order } = await deps.orders.place(
          {
            symbol: h.symbol,
            side: h.quantity > 0 ? 'SELL' : 'BUY',
            quantity,
            order_type: 'MARKET',
            product: h.product,
          },
          actor,
        );
        squared.push({ symbol: h.symbol, quantity, order_id: order.order_id });
      } catch (error) {
        failures.push({ symbol: h.symbol, reason: `Not squared off: ${reasonOf(error)}` });
      }
    }
    return squared;
  }

  return {
    tradingState,

    async stop(
      request: { reason: string; square_off: boolean },
      actor: string,
    ): Promise<{ result: EmergencyStopResult; already: boolean }> {
      const { mode } = await deps.tradingMode.get();
      const { halt, already } = await halts.halt({
        actor,
        reason: request.reason,
        squareOff: request.square_off,
      });
      const failures: EmergencyStopResult['failures'] = [];
      let cancelled = 0;
      let kept = 0;
      let squared: EmergencyStopResult['squared_off'] = [];
      try {
        ({ cancelled, kept } = await cancelOpening(actor, request.square_off, failures));
        if (request.square_off) squared = await squareOffAll(actor, failures);
      } catch (error) {
        // The mode's broker cannot be reached (e.g. live without a usable token): the halt holds.
        failures.push({ symbol: 'ALL', reason: reasonOf(error) });
      }
      if (!already) {
        await deps.notify?.(
          'emergency_stop',
          `Emergency stop by ${actor}`,
          `Order entry is halted ("${request.reason}"): ${cancelled} open ${cancelled === 1 ? 'order' : 'orders'} cancelled` +
            `${kept > 0 ? `, ${kept} protective ${kept === 1 ? 'order' : 'orders'} (stop-loss or target) kept` : ''}` +
            `${request.square_off ? `, ${squared.length} ${squared.length === 1 ? 'position' : 'positions'} squared off at market` : ''}` +
            `${failures.length > 0 ? `, ${failures.length} not done (${failures.map((f) => `${f.symbol}: ${f.reason}`).join('; ')})` : ''}. ` +
            'Only orders that close a position are accepted until the stop is lifted on the Risk Management page.',
        );
      }
      return {
        already,
        result: {
          trading_mode: mode,
          cancelled_orders: cancelled,
          kept_protective_orders: kept,
          squared_off: squared,
          failures,
          halt,
          executed_at: clock.now().toISOString(),
        },
      };
    },

    async lift(actor: string): Promise<{ lifted: TradingHalt; state: TradingState }> {
      const lifted = await halts.lift(actor);
      return { lifted, state: await tradingState() };
    },
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The sentence the stop answers with. */
export function stopMessage(result: EmergencyStopResult, squareOff: boolean, already: boolean): string {
  const parts = [
    already
      ? `Trading was already halted since ${formatIst(new Date(result.halt.halted_at))} by ${result.halt.halted_by}`
      : 'Trading halted: only orders that close a position are accepted until the stop is lifted',
    `${plural(result.cancelled_orders, 'open order')} cancelled`,
  ];
  if (result.kept_protective_orders > 0) {
    parts.push(
      `${plural(result.kept_protective_orders, 'protective order')} kept (stop-losses and targets of open positions)`,
    );
  }
  if (squareOff) {
    parts.push(`${plural(result.squared_off.length, 'position')} squared off at market`);
  }
  if (result.failures.length > 0) {
    parts.push(`${result.failures.length} could not be done (see the list)`);
  }
  return `${parts.join('; ')}.`;
}
