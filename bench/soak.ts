// Soak: 10 cycles of 1,000 WebSocket connects/disconnects (each socket JOINs its golfer's chat
// room, then closes) while the mixed player API runs at a steady open-loop rate for SOAK_MINUTES
// (default 10), on the seeded PostgreSQL data set (bun bench/seed.ts first).
//
//   bun run bench:soak
//   SOAK_MINUTES=2 SOAK_RATE=100 bun run bench:soak      (shorter, while developing)
//
// The server runs in its own process (bench/lib/serve.ts); after each cycle the bench asks it,
// over Bun's IPC channel, to force a full GC and report process.memoryUsage(). Prints RSS and heap
// per cycle, the growth from the first cycle to the last (over 10% is a leak to chase), and the
// least-squares RSS trend over all cycles with the JS heap's growth (one pair of noisy readings
// can mislead; a leak is a steady trend).
// Figures only: nothing here asserts.
import { kindOf, mixedShot } from "./lib/mix";
import { openLoop } from "./lib/open-loop";
import { loginAll, seededPlayers, type Player } from "./lib/players";
import { spawnServer } from "./lib/procs";
import { errorLines, kindLines, loadAverage, runLine } from "./lib/report";
import { BENCH_PASSWORD, BENCH_URL } from "./seed";
import { restoreSeedSnapshot } from "./lib/snapshot";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const CYCLES = Number(process.env.SOAK_CYCLES ?? 10);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 1000);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const CONNECT_CONCURRENCY = 100;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Opens one socket as `p`, JOINs p's room, waits for JOINED_CHALLENGE_CHAT (bounded), returns it. */
function joinedSocket(base: string, p: Player): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, {
      headers: { Origin: base, Cookie: p.cookie },
    } as never);
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error("no JOINED within 15 s"));
    }, 15_000);
    ws.addEventListener("open", () =>
      ws.send(JSON.stringify({ type: "JOIN_CHALLENGE_CHAT", userId: p.userId, challengeId: p.challengeId })),
    );
    ws.addEventListener("message", (e) => {
      const msg = JSON.parse(String(e.data));
      if (msg.type === "PING") ws.send(JSON.stringify({ type: "PONG" }));
      if (msg.type === "JOINED_CHALLENGE_CHAT") {
        clearTimeout(timer);
        resolve(ws);
      } else if (msg.type === "ERROR") {
        clearTimeout(timer);
        ws.close();
        reject(new Error(msg.message));
      }
    });
    ws.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error("socket error"));
    });
  });
}

/** One cycle: SOCKETS sockets connect and JOIN (CONNECT_CONCURRENCY at a time), then all close. */
async function cycle(base: string, players: Player[], offset: number) {
  const open: WebSocket[] = [];
  let failed = 0;
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < SOCKETS) {
        const i = next++;
        try {
          open.push(await joinedSocket(base, players[(offset + i) % players.length]));
        } catch {
          failed++;
        }
      }
    }),
  );
  const joinedMs = performance.now() - t;
  const closed = open.map(
    (ws) =>
      new Promise<void>((r) => (ws.readyState === WebSocket.CLOSED ? r() : ws.addEventListener("close", () => r()))),
  );
  for (const ws of open) ws.close(1000, "soak cycle over");
  await Promise.race([Promise.all(closed), Bun.sleep(15_000)]);
  return { joined: open.length, failed, joinedMs };
}

// Every run starts from the data set bench:seed made, not from what earlier runs recorded.
console.log(await restoreSeedSnapshot(BENCH_URL));
const chosen = await seededPlayers(BENCH_URL, USERS);

console.log(
  `soak: ${CYCLES} cycles of ${SOCKETS} socket connects/disconnects + mixed API at ${RATE} req/s for ${MINUTES} min; load average ${await loadAverage()}`,
);
const server = await spawnServer(BENCH_URL);
try {
  const players = await loginAll(server.url, chosen, BENCH_PASSWORD);
  const shot = mixedShot(server.url, players);
  // Warm-up, so the baseline is a process that has served traffic, not a cold one.
  await openLoop({ rate: RATE, seconds: 10, shot, kindOf });
  const base = await server.memory();
  console.log(`baseline after warm-up (forced GC):  RSS ${mb(base.rss)}  heap ${mb(base.heapUsed)}`);

  const totalMs = MINUTES * 60_000;
  const slotMs = totalMs / CYCLES;
  const started = performance.now();
  const load = openLoop({ rate: RATE, seconds: totalMs / 1000, shot, kindOf, timeoutMs: 10_000 });
  const rss: number[] = [];
  const heap: number[] = [];
  for (let c = 1; c <= CYCLES; c++) {
    const r = await cycle(server.url, players, c * 37);
    // Wait (bounded) until the server has let go of every socket, then measure after a full GC.
    let m = await server.memory();
    for (let k = 0; k < 20 && m.sockets > 0; k++) {
      await Bun.sleep(500);
      m = await server.memory();
    }
    rss.push(m.rss);
    heap.push(m.heapUsed);
    console.log(
      `cycle ${String(c).padStart(2)}: ${r.joined} joined + closed (${r.failed} failed, ${(r.joinedMs / 1000).toFixed(1)} s to join)  ` +
        `server sockets ${m.sockets}  RSS ${mb(m.rss)}  heap ${mb(m.heapUsed)}  load average ${await loadAverage()}`,
    );
    // The rest of this cycle's share of the soak: mixed load only.
    const slotEnd = started + c * slotMs;
    while (performance.now() < slotEnd) await Bun.sleep(Math.min(1000, slotEnd - performance.now()));
  }
  const result = await load;
  const growth = (rss[rss.length - 1] - rss[0]) / rss[0];
  const fromBase = (rss[rss.length - 1] - base.rss) / base.rss;
  console.log(
    `\nRSS growth cycle 1 -> ${CYCLES}: ${(growth * 100).toFixed(1)}%  (${mb(rss[0])} -> ${mb(rss[rss.length - 1])}); from the warm-up baseline: ${(fromBase * 100).toFixed(1)}%`,
  );
  console.log(growth > 0.1 ? "over 10%: a leak to chase" : "within 10%");
  // RSS after a forced GC still moves by several MB from cycle to cycle (the allocators keep and
  // return pages on their own schedule), so one first-to-last pair can read as growth or shrinkage.
  // A leak shows as a steady trend: the least-squares slope over every cycle, and the JS heap.
  const slope = leastSquaresSlope(rss);
  const heapGrowth = (heap[heap.length - 1] - heap[0]) / heap[0];
  console.log(
    `RSS trend: ${slope >= 0 ? "+" : ""}${mb(slope)} per cycle (${((slope * (CYCLES - 1) * 100) / rss[0]).toFixed(1)}% over the run); ` +
      `RSS range ${mb(Math.min(...rss))} - ${mb(Math.max(...rss))}; JS heap ${mb(heap[0])} -> ${mb(heap[heap.length - 1])} (${(heapGrowth * 100).toFixed(1)}%)`,
  );
  console.log(runLine(`mixed API over the soak`, result));
  for (const l of [...kindLines(result), ...errorLines(result)]) console.log(l);
  console.log(`load average at the end: ${await loadAverage()}`);
} finally {
  await server.stop();
}

/** The least-squares slope of `ys` against 0, 1, 2, ... (bytes per cycle). */
function leastSquaresSlope(ys: number[]): number {
  const n = ys.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}
