import { Counter, Gauge, Histogram, Registry } from "prom-client";

// One Prometheus registry per server process (ADR 0025), served at /metrics. Only metrics with a
// real value today are registered here; a part that arrives later registers its own on
// `registry` when it starts (the job queue: depth and failures; mail and push: sent and failed),
// e.g. new Counter({ name: "birdie_mails_sent_total", help: "...", registers: [deps.metrics.registry] }).
// prom-client's default Node.js metrics are left out: under Bun several of them (heap spaces,
// active handles) always read 0, which would look like data and is not.

export const METRIC_PREFIX = "birdie_";

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<"method" | "route" | "status">;
  readonly httpDuration: Histogram<"method" | "route" | "status">;

  constructor() {
    this.httpRequests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "Time to answer an HTTP request, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    let lastCpu = process.cpuUsage();
    let cpuSeconds = 0;
    this.gauge(
      "process_resident_memory_bytes",
      "Resident memory of this server process",
      () => process.memoryUsage().rss,
    );
    new Counter({
      name: `${METRIC_PREFIX}process_cpu_seconds_total`,
      help: "User and system CPU time spent by this server process",
      registers: [this.registry],
      collect() {
        const now = process.cpuUsage();
        cpuSeconds += (now.user - lastCpu.user + now.system - lastCpu.system) / 1e6;
        lastCpu = now;
        this.reset();
        this.inc(cpuSeconds);
      },
    });
  }

  /** A gauge read when scraped (name without the prefix). The hook later parts use too. */
  gauge(name: string, help: string, read: () => number): Gauge {
    return new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
