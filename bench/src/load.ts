/**
 * The one way the benches drive HTTP load: autocannon on its own worker thread, so the load
 * generator does not share the server's event loop (on this 2-core machine the server has the main
 * thread and one core, the client the other, as a separate client machine would). A warm-up run
 * (JIT, connection setup) comes first, then the measured run.
 *
 * A product and its baseline are measured in alternating rounds (`alternate`): this machine is a
 * shared virtual one whose speed drifts by ±15% from one ten-second stretch to the next, so one run
 * of each, one after the other, could put a slow stretch on one side only. Each side's median round
 * is reported.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';

/**
 * A row's goal (issue 14's table): the product's own value, or its ratio to the baseline, at least
 * or at most `value`. `baselineToo`: the baseline is work the product cannot beat by much (a bare
 * INSERT, a bare Fastify route), so whether the baseline itself meets the same goal is shown as well:
 * when it does not, the machine is too slow for the goal, whatever the product does.
 */
export interface Goal {
  of: 'product' | 'ratio';
  bound: 'min' | 'max';
  value: number;
  baselineToo?: boolean;
}

/** The ways a row's goal is written. */
export const goals = {
  /** The product's value at most `value` (`baselineToo`: the baseline is held to it as well). */
  atMost: (value: number, baselineToo = false): Goal => ({ of: 'product', bound: 'max', value, baselineToo }),
  /** The product's value at least `value`. */
  atLeast: (value: number, baselineToo = false): Goal => ({
    of: 'product',
    bound: 'min',
    value,
    baselineToo,
  }),
  /** The product's ratio to its baseline at least `value`. */
  ratioAtLeast: (value: number): Goal => ({ of: 'ratio', bound: 'min', value }),
};

/** A route's goals against bare Fastify: the least ratio of requests per second, the most p99 (ms). */
export interface RouteGoals {
  ratio?: number;
  p99Ms?: number;
}

/** One row of `pnpm bench`. */
export interface BenchResult {
  name: string;
  /** What product and baseline count (default req/s). */
  unit?: string;
  product: number;
  baseline: number;
  goal?: Goal;
}

const DURATION_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);

export interface Load {
  /** Requests answered per second (mean over the run). */
  rps: number;
  /** 99th percentile latency, ms. */
  p99: number;
  /** Requests that got no answer (connection errors and time-outs). */
  errors: number;
}

interface DriveOptions {
  connections?: number;
  headers?: Record<string, string>;
  seconds?: number;
  /** Count requests without an answer instead of throwing (the old code under load had them). */
  tolerateErrors?: boolean;
}

function load(url: string, options: DriveOptions, duration: number): Promise<Load> {
  return autocannon({
    url,
    connections: options.connections ?? 100,
    headers: options.headers ?? {},
    duration,
    workers: 1,
  }).then((result) => {
    if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
    if (result.errors > 0 && !options.tolerateErrors) {
      throw new Error(`${url}: ${result.errors} requests got no answer (${result.timeouts} time-outs)`);
    }
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors };
  });
}

const WARM_UP_SECONDS = 2;

export async function drive(url: string, options: DriveOptions = {}): Promise<Load> {
  await load(url, options, WARM_UP_SECONDS);
  return load(url, options, options.seconds ?? DURATION_SECONDS);
}

/** Alternating rounds per side (BENCH_ROUNDS; more, shorter rounds smooth the drift further). */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const ROUND_SECONDS = Number(process.env['BENCH_ROUND_SECONDS'] ?? 5);

/** The middle value (of an odd count; the upper middle of an even one). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The baseline and the product, each warmed up, then measured in ROUNDS alternating rounds of
 * `seconds` each: the median round's requests per second and
 * 99th percentile of each side, and every request without an answer.
 */
async function alternate(
  sides: {
    baseline: { url: string; options: DriveOptions };
    product: { url: string; options: DriveOptions };
  },
  seconds = ROUND_SECONDS,
): Promise<{ baseline: Load; product: Load }> {
  const { baseline, product } = sides;
  await load(baseline.url, baseline.options, WARM_UP_SECONDS);
  await load(product.url, product.options, WARM_UP_SECONDS);
  const rounds: { baseline: Load[]; product: Load[] } = { baseline: [], product: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.baseline.push(await load(baseline.url, baseline.options, seconds));
    rounds.product.push(await load(product.url, product.options, seconds));
  }
  const summary = (side: Load[]): Load => ({
    rps: median(side.map((l) => l.rps)),
    p99: median(side.map((l) => l.p99)),
    errors: side.reduce((sum, l) => sum + l.errors, 0),
  });
  return { baseline: summary(rounds.baseline), product: summary(rounds.product) };
}

/**
 * A route of the product against a bare Fastify answering the same body on the same path, one
 * after the other: two rows, requests per second and the 99th percentile latency (unit ms; there a
 * ratio above 1 means slower than bare).
 */
export async function againstBare(route: {
  name: string;
  /** The listening product's address, and the path with its query. */
  address: string;
  path: string;
  token: string | null;
  body: () => unknown;
  connections: number;
  tolerateErrors?: boolean;
  goals?: RouteGoals;
}): Promise<BenchResult[]> {
  const bare = Fastify();
  bare.get(route.path.split('?')[0]!, async () => route.body());
  try {
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const options = { connections: route.connections, tolerateErrors: route.tolerateErrors ?? false };
    const { baseline, product: measured } = await alternate({
      baseline: { url: `${bareAddress}${route.path}`, options },
      product: {
        url: `${route.address}${route.path}`,
        options: { ...options, headers: route.token ? { authorization: `Bearer ${route.token}` } : {} },
      },
    });
    if (measured.errors > 0) console.info(`${route.path}: ${measured.errors} requests got no answer`);
    const ratio = route.goals?.ratio;
    const p99Ms = route.goals?.p99Ms;
    // Bare Fastify's own p99 is held to the same bound: above it, the machine is too slow for it.
    const rpsGoal = ratio === undefined ? null : goals.ratioAtLeast(ratio);
    const p99Goal = p99Ms === undefined ? null : goals.atMost(p99Ms, true);
    return [
      { name: route.name, product: measured.rps, baseline: baseline.rps, ...(rpsGoal && { goal: rpsGoal }) },
      {
        name: `${route.name} p99`,
        unit: 'ms',
        product: measured.p99,
        baseline: baseline.p99,
        ...(p99Goal && { goal: p99Goal }),
      },
    ];
  } finally {
    await bare.close();
  }
}
