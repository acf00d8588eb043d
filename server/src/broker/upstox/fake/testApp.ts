/**
 * A test app wired to the fake Upstox server, for a describe block: registers before/after hooks
 * that start the fake, build the app over a fresh database with Upstox pointed at the fake, and
 * sign the operator in. Read the fields inside tests, after the hooks ran.
 */
import { after, before } from 'node:test';
import type { AppDeps } from '../../../app.js';
import { ManualClock } from '../../../clock.js';
import type { Database } from '../../../db/index.js';
import {
  createTestApp,
  DEFAULT_TEST_TIME,
  setUpOperator,
  type TestApp,
  type TestDatabaseTarget,
} from '../../../testing/index.js';
import { startFakeUpstox, type FakeUpstox, type FakeUpstoxOptions } from './fakeUpstox.js';

export interface UpstoxTestApp {
  database: Database;
  clock: ManualClock;
  fake: FakeUpstox;
  t: TestApp;
  /** The operator's session token. */
  token: string;
}

export function upstoxTestApp(
  target: TestDatabaseTarget,
  options: {
    /** The instant the test clock starts at (default DEFAULT_TEST_TIME, a Friday 10:30 IST). */
    time?: string;
    fake?: Omit<FakeUpstoxOptions, 'now'>;
    /** Instruments, prices and candles the fake serves, set before the app starts. */
    arrange?: (fake: FakeUpstox) => void;
    deps?: (clock: ManualClock) => Partial<AppDeps>;
  } = {},
): UpstoxTestApp {
  const state = {} as UpstoxTestApp;
  before(async () => {
    state.database = await target.open();
    state.clock = new ManualClock(options.time ?? DEFAULT_TEST_TIME);
    state.fake = await startFakeUpstox({ ...options.fake, now: () => state.clock.now() });
    options.arrange?.(state.fake);
    state.t = await createTestApp(state.database, {
      clock: state.clock,
      config: { upstox: { apiUrl: state.fake.url, orderUrl: state.fake.orderUrl, algoName: 'nivesh-test' } },
      ...(options.deps ? { deps: options.deps(state.clock) } : {}),
    });
    state.token = await setUpOperator(state.t.app);
  });
  after(async () => {
    await state.t.close();
    await state.fake.stop();
    await state.database.close();
  });
  return state;
}
