import { Counter } from "prom-client";
import { METRIC_PREFIX, type Metrics } from "../../metrics/metrics";

// Pushes sent and failed on /metrics (ADR 0025, ADR 0038), registered on first use per registry.

export type PushFailure = "gone" | "refused" | "rejected" | "network";
export type PushCounters = { sent: Counter; failed: Counter<"reason"> };

const counters = new WeakMap<Metrics, PushCounters>();

export function pushCounters(metrics: Metrics | undefined): PushCounters | undefined {
  if (!metrics) return undefined;
  let c = counters.get(metrics);
  if (!c) {
    c = {
      sent: new Counter({
        name: `${METRIC_PREFIX}pushes_sent_total`,
        help: "Web Push messages a push service accepted",
        registers: [metrics.registry],
      }),
      failed: new Counter({
        name: `${METRIC_PREFIX}pushes_failed_total`,
        help: "Web Push messages not delivered, by reason (gone: 404/410, subscription removed; refused: endpoint not public; rejected: other answers; network)",
        labelNames: ["reason"],
        registers: [metrics.registry],
      }),
    };
    counters.set(metrics, c);
  }
  return c;
}
