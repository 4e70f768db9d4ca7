/** HTTP request durations as a Prometheus histogram, kept in this process (each process is scraped on its own). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  labels: string;
  counts: number[];
  sum: number;
  count: number;
}

export interface HttpLatency {
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The histogram in the Prometheus text format. */
  render(): string;
}

const escape = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

export function createHttpLatency(): HttpLatency {
  const series = new Map<string, Series>();
  return {
    observe(method, route, status, seconds) {
      // The route pattern (/api/messages/:id), never the raw URL: ids would make a series each.
      const labels = `method="${escape(method)}",route="${escape(route)}",status="${Math.floor(status / 100)}xx"`;
      let s = series.get(labels);
      if (!s) {
        s = { labels, counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
        series.set(labels, s);
      }
      LATENCY_BUCKETS.forEach((le, i) => {
        if (seconds <= le) s.counts[i]!++;
      });
      s.sum += seconds;
      s.count++;
    },
    render() {
      const lines = [
        "# HELP trigger_switch_http_request_duration_seconds Time to answer HTTP requests, by route pattern.",
        "# TYPE trigger_switch_http_request_duration_seconds histogram",
      ];
      for (const s of [...series.values()].sort((a, b) => a.labels.localeCompare(b.labels))) {
        LATENCY_BUCKETS.forEach((le, i) =>
          lines.push(`trigger_switch_http_request_duration_seconds_bucket{${s.labels},le="${le}"} ${s.counts[i]}`),
        );
        lines.push(`trigger_switch_http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
        lines.push(`trigger_switch_http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
        lines.push(`trigger_switch_http_request_duration_seconds_count{${s.labels}} ${s.count}`);
      }
      return lines.join("\n");
    },
  };
}
