// NOTIFY's ceiling through one PostgreSQL (issue 19, docs/capacity.md): every chat message, session
// revocation and job wake-up reaches the other server instances as a NOTIFY (drizzle/0006,
// 0010, 0014, 0022), so the rate one PostgreSQL can commit and deliver them bounds the fleet.
//
//   bun run bench:notify
//   NOTIFY_LISTENERS=8 NOTIFY_SECONDS=5 bun run bench:notify
//
// NOTIFY_LISTENERS (default 4) connections LISTEN on one channel, as that many server instances
// would. Senders commit one `pg_notify` each, open-loop at a rising rate (NOTIFY_SECONDS each,
// default 10), with a chat-sized payload (the chat trigger sends {challengeId, id}; this pads to
// ~100 bytes). Per step: committed/s, delivered/s per listener, lost (never delivered before the
// step's end + 5 s) and the send-to-delivery latency p50/p99. Stops when a step delivers under 95%
// of what it offered or its p99 passes 250 ms: the last step under both is the ceiling. The
// generator, listeners and PostgreSQL share this machine's cores, so the figure is a floor.
// Needs no tables: BENCH_NOTIFY_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import postgres from "postgres";
import { openLoop } from "./lib/open-loop";
import { summarise } from "./stats";

const URL = process.env.BENCH_NOTIFY_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LISTENERS = Number(process.env.NOTIFY_LISTENERS ?? 4);
const SECONDS = Number(process.env.NOTIFY_SECONDS ?? 10);
const RATES = (process.env.NOTIFY_RATES ?? "500,1000,2000,4000,8000,12000,16000,24000,32000").split(",").map(Number);
const CHANNEL = "bench_notify";
const PAD = "x".repeat(60);

type Step = { rate: number; sentAt: Map<number, number>; arrivals: number[][]; lags: number[] };

let step: Step | null = null;
const listeners = await Promise.all(
  Array.from({ length: LISTENERS }, async (_, index) => {
    const sql = postgres(URL, { max: 1, onnotice: () => {} });
    await sql.listen(CHANNEL, (payload) => {
      const current = step;
      if (!current) return;
      const { rate, n } = JSON.parse(payload) as { rate: number; n: number };
      if (rate !== current.rate) return;
      const sent = current.sentAt.get(n);
      current.arrivals[index]?.push(n);
      if (sent !== undefined) current.lags.push(performance.now() - sent);
    });
    return sql;
  }),
);
// A pool like the server's (two connections per core): each NOTIFY is its own committed statement.
const senders = postgres(URL, { max: 4, onnotice: () => {} });

console.log(`NOTIFY ceiling: ${LISTENERS} listeners, ${SECONDS} s per step, one pg_notify per commit`);
console.log("offered/s  committed/s  delivered/s per listener  lost   p50 ms   p99 ms   commit p99 ms");
let ceiling = 0;
for (const rate of RATES) {
  const current: Step = { rate, sentAt: new Map(), arrivals: Array.from({ length: LISTENERS }, () => []), lags: [] };
  step = current;
  const run = await openLoop({
    rate,
    seconds: SECONDS,
    maxInFlight: 2000,
    shot: async (n) => {
      current.sentAt.set(n, performance.now());
      await senders`select pg_notify(${CHANNEL}, ${JSON.stringify({ rate, n, challengeId: 1, id: n, pad: PAD })})`;
      return { ok: true, status: 200, kind: "notify" };
    },
  });
  // Deliveries still on their way get a few seconds, then what has not come is lost.
  const expected = run.ok * LISTENERS;
  for (let waited = 0; waited < 5000; waited += 100) {
    if (current.arrivals.reduce((sum, list) => sum + list.length, 0) >= expected) break;
    await Bun.sleep(100);
  }
  step = null;
  const delivered = current.arrivals.reduce((sum, list) => sum + list.length, 0);
  const perListener = delivered / LISTENERS / SECONDS;
  const lags = summarise(current.lags);
  const commits = summarise(run.latencies);
  const lost = expected - delivered;
  console.log(
    `${String(rate).padStart(9)}  ${(run.ok / SECONDS).toFixed(0).padStart(11)}  ${perListener.toFixed(0).padStart(24)}  ${String(lost).padStart(4)}  ${lags.p50.toFixed(1).padStart(7)}  ${lags.p99.toFixed(1).padStart(7)}  ${commits.p99.toFixed(1).padStart(13)}${run.errors ? `  errors ${run.errors}` : ""}`,
  );
  if (run.ok < rate * SECONDS * 0.95 || perListener < rate * 0.95 || lags.p99 > 250 || run.errors > 0) break;
  ceiling = rate;
}
console.log(`ceiling: ${ceiling} NOTIFY/s committed and delivered to each of ${LISTENERS} listeners (p99 <= 250 ms)`);
await senders.end();
await Promise.all(listeners.map((sql) => sql.end()));
