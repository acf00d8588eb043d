/**
 * Request durations by route, method and status as one Prometheus histogram, written in the text
 * exposition format next to prom-client's registry (ops/metrics.ts).
 *
 * Why not prom-client's Histogram: its `observe` takes a labels object, checks each label, builds
 * a hash string from it and counts in an object keyed by the bucket's bound as a string, about
 * 2 µs an answer on this machine, a twelfth of what the server spends on a small answer. Here an
 * answer costs one Map lookup on its route, a search among that route's few methods and statuses,
 * a short loop over the bounds and three additions. The exposition is the same: cumulative `_bucket` series with `le`,
 * then `_sum` and `_count`, per label set.
 */

interface Series {
  method: string;
  status: number;
  /** The label pairs as written, without braces: `route="/api/health",method="GET",status_code="200"`. */
  labels: string;
  /** Answers per bucket (not cumulative); one more than the bounds, for +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

/** A label value escaped as the text format asks: backslash, double quote and line feed. */
export const escapeLabelValue = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** A number as Prometheus writes it (`+Inf`, `-Inf`, `NaN` and JavaScript's shortest form). */
const formatValue = (value: number): string =>
  Number.isNaN(value) ? 'NaN' : value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value);

export function createRequestDurations(options: { name: string; help: string; buckets: readonly number[] }) {
  const bounds = [...options.buckets].sort((a, b) => a - b);
  // By route (the route's own path string, whose hash is kept), then method and status: a route
  // answers with a few of them.
  const byRoute = new Map<string, Series[]>();

  return {
    /** One answer, `seconds` after its request arrived. */
    observe(route: string, method: string, status: number, seconds: number): void {
      let list = byRoute.get(route);
      if (list === undefined) {
        list = [];
        byRoute.set(route, list);
      }
      let entry = list.find((candidate) => candidate.status === status && candidate.method === method);
      if (entry === undefined) {
        entry = {
          method,
          status,
          labels: `route="${escapeLabelValue(route)}",method="${escapeLabelValue(method)}",status_code="${status}"`,
          counts: new Array<number>(bounds.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        list.push(entry);
      }
      let bucket = 0;
      while (bucket < bounds.length && seconds > bounds[bucket]!) bucket += 1;
      entry.counts[bucket]! += 1;
      entry.sum += seconds;
      entry.count += 1;
    },

    /** The histogram in the text exposition format, ending with a line feed. */
    exposition(): string {
      const { name } = options;
      const lines = [
        `# HELP ${name} ${options.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`,
        `# TYPE ${name} histogram`,
      ];
      for (const entry of [...byRoute.values()].flat()) {
        let cumulative = 0;
        bounds.forEach((bound, i) => {
          cumulative += entry.counts[i]!;
          lines.push(`${name}_bucket{le="${formatValue(bound)}",${entry.labels}} ${cumulative}`);
        });
        lines.push(`${name}_bucket{le="+Inf",${entry.labels}} ${entry.count}`);
        lines.push(`${name}_sum{${entry.labels}} ${formatValue(entry.sum)}`);
        lines.push(`${name}_count{${entry.labels}} ${entry.count}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
