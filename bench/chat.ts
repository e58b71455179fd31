// Chat benchmark (issue 6, "Benchmark"): send-to-receive latency and loss of persisted chat
// messages fanned out over /ws.
//
//   bun run bench:chat
//   CHAT_SECONDS=10 bun run bench:chat        (shorter, while developing)
//
// Its own database (CHAT_BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/birdie_chat_bench)
// is dropped and recreated every run: 2,000 golfers with a session each (rows written directly:
// this measures chat, not sign-in), 100 active challenges of 20 players.
//   1. one server: 2,000 sockets (every golfer, JOINed to their room), 200 messages a second for
//      CHAT_SECONDS (30) POSTed through the REST API by room members, open-loop.
//   2. two server processes on the same database: each room's sockets split between them, messages
//      POSTed to both; cross-instance deliveries (sent through one, received on the other) reported
//      apart.
//   3. as 2, with every listener connection of this database killed (pg_terminate_backend) half
//      way: sockets get `resync` and refetch `?after=<last id seen>` as the client does; messages
//      recovered that way are counted, and only what never arrives is lost.
// Latency runs from each message's scheduled send time to its arrival at each socket. Figures only.
import postgres from "postgres";
import { generateSessionToken, SESSION_TTL_MS, sessionIdFromToken } from "../src/server/auth/session";
import { hashPassword } from "../src/server/auth/password";
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { LISTENER_APPLICATION_NAME } from "../src/server/db/pg-listener";
import { openLoop } from "./lib/open-loop";
import { spawnServer, type ServerProcess } from "./lib/procs";
import { loadAverage } from "./lib/report";
import { summarise } from "./stats";

const URL_ = process.env.CHAT_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/birdie_chat_bench";
const SECONDS = Number(process.env.CHAT_SECONDS ?? 30);
const RATE = Number(process.env.CHAT_RATE ?? 200);
const ROOMS = 100;
const PER_ROOM = 20;
const CONNECT_CONCURRENCY = 100;
const REFETCH_CONCURRENCY = 100;

type Golfer = { userId: number; challengeId: number; cookie: string };

// ---- Data set ------------------------------------------------------------------------------------

async function prepareDatabase(): Promise<Golfer[]> {
  const target = new URL(URL_);
  const name = target.pathname.slice(1);
  const admin = new URL(URL_);
  admin.pathname = "/postgres";
  const root = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await root.unsafe(`drop database if exists "${name}" with (force)`);
  await root.unsafe(`create database "${name}"`);
  await root.end();
  const database = await openDatabase({ url: URL_ });
  await migrateDatabase(database);
  await database.close();

  const sql = postgres(URL_, { max: 1, onnotice: () => {} });
  const hash = await hashPassword("chatbench1");
  const n = ROOMS * PER_ROOM;
  await sql.unsafe(
    `insert into users (username, display_name, email, password_hash)
     select 'chatter' || i, 'Chatter ' || i, 'chatter' || i || '@bench.test', $1 from generate_series(1, ${n}) i`,
    [hash],
  );
  await sql.unsafe(
    `insert into challenges (name, start_date, end_date, creator_id, invite_code, invite_pin)
     select 'Chat Room ' || i, now() - interval '1 day', now() + interval '30 days',
            (select id from users where username = 'chatter' || ((i - 1) * ${PER_ROOM} + 1)),
            'chat-bench-' || i, 'C' || lpad(i::text, 9, '0')
     from generate_series(1, ${ROOMS}) i`,
  );
  await sql.unsafe(
    `insert into challenge_players (challenge_id, user_id)
     select c.id, u.id from challenges c
     cross join generate_series(1, ${PER_ROOM}) g
     join users u on u.username = 'chatter' || ((substring(c.name from 11)::int - 1) * ${PER_ROOM} + g)`,
  );
  const members = await sql<
    { user_id: number; challenge_id: number }[]
  >`select user_id, challenge_id from challenge_players order by challenge_id, user_id`;
  const golfers = members.map((m) => ({
    userId: m.user_id,
    challengeId: m.challenge_id,
    token: generateSessionToken(),
  }));
  const expires = new Date(Date.now() + SESSION_TTL_MS);
  const rows = golfers.map((g) => ({ id: sessionIdFromToken(g.token), user_id: g.userId, expires_at: expires }));
  for (let i = 0; i < rows.length; i += 500) await sql`insert into sessions ${sql(rows.slice(i, i + 500))}`;
  await sql.unsafe("analyze");
  await sql.end();
  return golfers.map((g) => ({ userId: g.userId, challengeId: g.challengeId, cookie: `session=${g.token}` }));
}

// ---- Sockets -------------------------------------------------------------------------------------

type Arrival = { at: number; via: "push" | "refetch" };

class BenchSocket {
  ws!: WebSocket;
  lastId = 0;
  resyncs = 0;
  firstResyncAt = 0;
  refetchFailures = 0;
  /** The last id seen when a resync arrived: the refetch starts there, not at ids pushed since. */
  private resyncFrom: number | null = null;
  /** seq -> arrival (first one wins). */
  arrivals = new Map<number, Arrival>();
  private refetching: Promise<void> | undefined;

  constructor(
    readonly golfer: Golfer,
    readonly server: ServerProcess,
    private onResync: (s: BenchSocket) => void,
  ) {}

  open(): Promise<void> {
    const base = this.server.url;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, {
        headers: { Origin: base, Cookie: this.golfer.cookie },
      } as never);
      this.ws = ws;
      const timer = setTimeout(() => reject(new Error("no JOINED within 15 s")), 15_000);
      ws.addEventListener("open", () =>
        ws.send(
          JSON.stringify({
            type: "JOIN_CHALLENGE_CHAT",
            userId: this.golfer.userId,
            challengeId: this.golfer.challengeId,
          }),
        ),
      );
      ws.addEventListener("error", () => reject(new Error("socket error")));
      ws.addEventListener("message", (e) => {
        const msg = JSON.parse(String(e.data));
        if (msg.type === "PING") return ws.send(JSON.stringify({ type: "PONG" }));
        if (msg.type === "JOINED_CHALLENGE_CHAT") {
          clearTimeout(timer);
          resolve();
        } else if (msg.type === "ERROR") {
          clearTimeout(timer);
          reject(new Error(msg.message));
        } else if (msg.type === "chat_message") {
          if (msg.data.resync) {
            this.resyncs++;
            this.firstResyncAt ||= performance.now();
            this.resyncFrom = Math.min(this.resyncFrom ?? this.lastId, this.lastId);
            this.onResync(this);
          } else this.take(msg.data.message, "push");
        }
      });
    });
  }

  take(message: { id: number; message: string }, via: Arrival["via"]) {
    const at = performance.now();
    this.lastId = Math.max(this.lastId, message.id);
    const seq = seqOf(message.message);
    if (seq !== null && !this.arrivals.has(seq)) this.arrivals.set(seq, { at, via });
  }

  /**
   * After a resync: fetch everything after the last id seen when the resync arrived (messages
   * pushed since then may be newer than the gap), page by page (bounded).
   */
  refetch(): Promise<void> {
    this.refetching ??= (async () => {
      while (this.resyncFrom !== null) {
        let after = this.resyncFrom;
        this.resyncFrom = null;
        for (let page = 0; page < 50; page++) {
          const res = await fetch(
            `${this.server.url}/api/challenges/${this.golfer.challengeId}/chat?after=${after}&limit=100`,
            {
              headers: { Cookie: this.golfer.cookie },
              signal: AbortSignal.timeout(10_000),
            },
          ).catch(() => null);
          if (!res?.ok) {
            this.refetchFailures++;
            break;
          }
          const list = (await res.json()) as { id: number; message: string }[];
          for (const m of list) this.take(m, "refetch");
          if (list.length < 100) break;
          after = list[list.length - 1].id;
        }
      }
    })().finally(() => (this.refetching = undefined));
    return this.refetching;
  }

  close() {
    this.ws.close(1000, "bench over");
  }
}

let runTag = "";
const seqOf = (text: string): number | null => {
  const m = text.match(/^bench (\w+) (\d+)$/);
  return m && m[1] === runTag ? Number(m[2]) : null;
};

// ---- One run -------------------------------------------------------------------------------------

type RunOptions = { label: string; servers: ServerProcess[]; golfers: Golfer[]; killListenersAtMs?: number };

async function run({ label, servers, golfers, killListenersAtMs }: RunOptions) {
  runTag = Math.random().toString(36).slice(2, 8);
  const refetchQueue: BenchSocket[] = [];
  let refetchWorkers = 0;
  const pumpRefetch = () => {
    while (refetchWorkers < REFETCH_CONCURRENCY && refetchQueue.length) {
      const s = refetchQueue.shift()!;
      refetchWorkers++;
      void s.refetch().finally(() => {
        refetchWorkers--;
        pumpRefetch();
      });
    }
  };
  // Golfer k of each room: even k on server 0, odd k on server 1 (when there are two).
  const sockets = golfers.map(
    (g, k) =>
      new BenchSocket(g, servers[k % servers.length], (s) => {
        refetchQueue.push(s);
        pumpRefetch();
      }),
  );
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < sockets.length) {
        const s = sockets[next++];
        await s.open().catch(() => failed++);
      }
    }),
  );
  const byRoom = new Map<number, BenchSocket[]>();
  for (const s of sockets) byRoom.set(s.golfer.challengeId, [...(byRoom.get(s.golfer.challengeId) ?? []), s]);
  const rooms = [...byRoom.keys()];

  // Message seq: room rooms[seq % ROOMS], sent by that room's member (seq / ROOMS) % PER_ROOM,
  // through that member's own server.
  const sent = new Map<number, { due: number; room: number; server: number; ok: boolean }>();
  let killed = 0;
  let killedAt = 0;
  const killer = killListenersAtMs
    ? (async () => {
        await Bun.sleep(killListenersAtMs);
        const admin = postgres(URL_, { max: 1, onnotice: () => {} });
        const rows = await admin`select pg_terminate_backend(pid) from pg_stat_activity
                                 where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`;
        killedAt = performance.now();
        killed = rows.length;
        await admin.end();
      })()
    : Promise.resolve();

  const start = performance.now() + 20;
  const result = await openLoop({
    rate: RATE,
    seconds: SECONDS,
    timeoutMs: 10_000,
    shot: async (seq, signal) => {
      const room = rooms[seq % rooms.length];
      const members = byRoom.get(room)!;
      const sender = members[Math.floor(seq / rooms.length) % members.length];
      const due = start + (seq * 1000) / RATE;
      const entry = { due, room, server: servers.indexOf(sender.server), ok: false };
      sent.set(seq, entry);
      const res = await fetch(`${sender.server.url}/api/challenges/${room}/chat`, {
        method: "POST",
        headers: { Origin: sender.server.url, Cookie: sender.golfer.cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ message: `bench ${runTag} ${seq}` }),
        signal,
      });
      await res.arrayBuffer();
      entry.ok = res.status === 201;
      return { ok: entry.ok, status: res.status, kind: "send" };
    },
  });
  await killer;
  // Drain: deliveries in flight and refetches after a resync (bounded).
  const drainUntil = performance.now() + 10_000;
  let lastCount = -1;
  while (performance.now() < drainUntil) {
    await Bun.sleep(1000);
    const count = sockets.reduce((n, s) => n + s.arrivals.size, 0);
    if (count === lastCount && !refetchQueue.length && !refetchWorkers) break;
    lastCount = count;
  }
  for (const s of sockets) s.close();

  // Tally: every acknowledged message should reach every socket of its room.
  const same: number[] = [];
  const cross: number[] = [];
  const recovered: number[] = [];
  let expected = 0;
  let pushed = 0;
  let viaRefetch = 0;
  for (const [seq, m] of sent) {
    if (!m.ok) continue;
    for (const s of byRoom.get(m.room)!) {
      expected++;
      const a = s.arrivals.get(seq);
      if (!a) continue;
      const ms = a.at - m.due;
      if (a.via === "refetch") {
        viaRefetch++;
        recovered.push(ms);
      } else {
        pushed++;
        (servers.indexOf(s.server) === m.server ? same : cross).push(ms);
      }
    }
  }
  const lost = expected - pushed - viaRefetch;
  const fmt = (xs: number[]) => {
    if (!xs.length) return "n=0";
    const s = summarise(xs);
    return `n=${s.n}  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms`;
  };
  const acked = [...sent.values()].filter((m) => m.ok).length;
  console.log(`\n${label}`);
  console.log(
    `  sockets ${sockets.length - failed} joined (${failed} failed) in ${rooms.length} rooms; sent ${sent.size} at ${RATE}/s for ${SECONDS} s, ${acked} acknowledged (${result.errors} errors)`,
  );
  console.log(`  deliveries expected ${expected}: pushed ${pushed}, recovered by refetch ${viaRefetch}, lost ${lost}`);
  if (servers.length === 1) console.log(`  send-to-receive           ${fmt(same)}`);
  else {
    console.log(`  cross-instance            ${fmt(cross)}`);
    console.log(`  same instance             ${fmt(same)}`);
  }
  if (killListenersAtMs) {
    const resyncs = sockets.reduce((n, s) => n + s.resyncs, 0);
    const failures = sockets.reduce((n, s) => n + s.refetchFailures, 0);
    console.log(
      `  listener connections killed at ${(killListenersAtMs / 1000).toFixed(0)} s: ${killed}; resync events received ${resyncs}; failed refetches ${failures}`,
    );
    console.log(`  recovered by refetch      ${fmt(recovered)}  (send to refetch done)`);
    const firstResync = Math.min(...sockets.map((s) => s.firstResyncAt || Infinity));
    if (killedAt)
      console.log(
        `  kill issued ${((killedAt - start) / 1000).toFixed(1)} s into the run; first resync ${(firstResync - killedAt).toFixed(0)} ms after it`,
      );
  }
  console.log(`  POST /chat latency        ${fmt(result.latencies)}`);
  console.log(`  load average ${await loadAverage()}`);
  return { lost, cross, same };
}

// ---- Main ----------------------------------------------------------------------------------------

console.log(`chat bench on ${URL_}; load average ${await loadAverage()} (${navigator.hardwareConcurrency} cores)`);
const t = performance.now();
const golfers = await prepareDatabase();
console.log(
  `database ready: ${golfers.length} golfers in ${ROOMS} rooms (${((performance.now() - t) / 1000).toFixed(1)} s)`,
);

const a = await spawnServer(URL_);
try {
  await run({
    label: `one server: ${golfers.length} sockets in ${ROOMS} rooms, ${RATE} persisted messages/s`,
    servers: [a],
    golfers,
  });
  const b = await spawnServer(URL_);
  try {
    await run({
      label: `two server processes on one PostgreSQL (sockets and senders split between them)`,
      servers: [a, b],
      golfers,
    });
    await run({
      label: `two server processes, every listener connection killed half way`,
      servers: [a, b],
      golfers,
      killListenersAtMs: (SECONDS * 1000) / 2,
    });
  } finally {
    await b.stop();
  }
} finally {
  await a.stop();
}
