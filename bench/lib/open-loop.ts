// An open-loop load generator: request i is due at start + i / rate, whether or not earlier ones
// have answered, and its latency is measured from that due time (not from when it was sent), so a
// stalled server shows up in the tail instead of quietly slowing the generator down (no coordinated
// omission). autocannon's `overallRate` is not this: each connection waits for its response before
// sending the next request, so a slow server gets fewer requests and the stall is hidden.

export type Outcome = { ok: boolean; status: number; kind: string; detail?: string };
export type Shot = (i: number, signal: AbortSignal) => Promise<Outcome>;

export type RunResult = {
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  errors: number;
  errorsByKind: Record<string, number>;
  /** Latency of every request (ok or not) from its due time, in ms. */
  latencies: number[];
  /** How late the generator itself fired requests (its own health), in ms. */
  fireLag: number[];
  perKind: Map<string, number[]>;
  achievedRps: number;
  maxInFlight: number;
};

export type RunOptions = {
  rate: number;
  seconds: number;
  shot: Shot;
  /** Requests still in flight above this count are not sent and count as errors ("overload"). */
  maxInFlight?: number;
  timeoutMs?: number;
  /** Label of request i, for per-kind latencies. */
  kindOf?: (i: number) => string;
};

export async function openLoop(opts: RunOptions): Promise<RunResult> {
  const { rate, seconds, shot } = opts;
  const maxInFlight = opts.maxInFlight ?? 4000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const fireLag: number[] = [];
  const perKind = new Map<string, number[]>();
  const errorsByKind: Record<string, number> = {};
  let ok = 0;
  let inFlight = 0;
  let maxSeen = 0;
  const pending = new Set<Promise<void>>();

  const fail = (kind: string) => (errorsByKind[kind] = (errorsByKind[kind] ?? 0) + 1);

  const fire = (i: number, due: number) => {
    fireLag.push(performance.now() - due);
    if (inFlight >= maxInFlight) {
      fail("overload (client in-flight cap)");
      return;
    }
    inFlight++;
    maxSeen = Math.max(maxSeen, inFlight);
    const kind = opts.kindOf?.(i) ?? "all";
    const p = shot(i, AbortSignal.timeout(timeoutMs))
      .catch(
        (err: Error): Outcome => ({
          ok: false,
          status: 0,
          kind: err?.name === "TimeoutError" ? "timeout" : `network: ${err?.message ?? err}`.slice(0, 80),
        }),
      )
      .then((r) => {
        const ms = performance.now() - due;
        latencies.push(ms);
        let list = perKind.get(kind);
        if (!list) {
          list = [];
          perKind.set(kind, list);
        }
        list.push(ms);
        if (r.ok) ok++;
        else fail(r.status ? `${kind} HTTP ${r.status}${r.detail ? ` ${r.detail}` : ""}` : r.kind);
      })
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  };

  const start = performance.now() + 20;
  let i = 0;
  // Bounded: exactly `total` requests, and the loop ends by the schedule's end plus a margin.
  const hardStop = start + seconds * 1000 + 30_000;
  while (i < total && performance.now() < hardStop) {
    const now = performance.now();
    const due = Math.min(total, Math.floor((now - start) / interval) + 1);
    while (i < due) {
      fire(i, start + i * interval);
      i++;
    }
    await Bun.sleep(1);
  }
  const end = performance.now();
  // Every request has its own timeout, so this wait is bounded too.
  await Promise.allSettled([...pending]);
  const errors = Object.values(errorsByKind).reduce((a, b) => a + b, 0);
  return {
    rate,
    seconds,
    sent: i,
    ok,
    errors,
    errorsByKind,
    latencies,
    fireLag,
    perKind,
    achievedRps: ok / ((Math.max(end, performance.now()) - start) / 1000),
    maxInFlight: maxSeen,
  };
}
