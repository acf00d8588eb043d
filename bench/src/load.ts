/**
 * The one way the benches drive HTTP load: autocannon on its own worker thread, so the load
 * generator does not share the server's event loop (on this 2-core machine the server has the main
 * thread and one core, the client the other, as a separate client machine would). A warm-up run
 * (JIT, connection setup) comes first, then the measured run.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';

/** One row of `pnpm bench`. */
export interface BenchResult {
  name: string;
  /** What product and baseline count (default req/s). */
  unit?: string;
  product: number;
  baseline: number;
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

export async function drive(
  url: string,
  options: {
    connections?: number;
    headers?: Record<string, string>;
    seconds?: number;
    /** Count requests without an answer instead of throwing (the old code under load had them). */
    tolerateErrors?: boolean;
  } = {},
): Promise<Load> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections ?? 100,
      headers: options.headers ?? {},
      duration,
      workers: 1,
    });
  await run(2);
  const result = await run(options.seconds ?? DURATION_SECONDS);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  if (result.errors > 0 && !options.tolerateErrors) {
    throw new Error(`${url}: ${result.errors} requests got no answer (${result.timeouts} time-outs)`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors };
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
}): Promise<BenchResult[]> {
  const bare = Fastify();
  bare.get(route.path.split('?')[0]!, async () => route.body());
  try {
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const options = { connections: route.connections, tolerateErrors: route.tolerateErrors ?? false };
    const baseline = await drive(`${bareAddress}${route.path}`, options);
    const measured = await drive(`${route.address}${route.path}`, {
      ...options,
      headers: route.token ? { authorization: `Bearer ${route.token}` } : {},
    });
    if (measured.errors > 0) console.info(`${route.path}: ${measured.errors} requests got no answer`);
    return [
      { name: route.name, product: measured.rps, baseline: baseline.rps },
      { name: `${route.name} p99`, unit: 'ms', product: measured.p99, baseline: baseline.p99 },
    ];
  } finally {
    await bare.close();
  }
}
