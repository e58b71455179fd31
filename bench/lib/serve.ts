// A benchmark server process: the production server (startServer) on the database in
// DATABASE_URL, in its own process so the load generator never shares its CPU thread or heap.
//
//   bun bench/lib/serve.ts            (spawned by the benches through spawnServer() in ./procs.ts)
//
// Prints "READY <port>" once listening. Test-only hook over Bun's IPC channel: {type: "gc"}
// forces a full collection and answers {type: "memory", rss, heapUsed, sockets}; the soak bench
// reads the server's own memory through it.
import { parseEnv } from "../../src/server/env";
import { startServer } from "../../src/server/server";

const env = parseEnv({ NODE_ENV: "test", RATE_LIMIT_SCALE: "100000", PORT: "0", ...process.env });
const server = await startServer(env);
console.log(`READY ${server.port}`);

process.on("message", (msg: { type?: string }) => {
  if (msg?.type === "gc") {
    Bun.gc(true);
    const m = process.memoryUsage();
    process.send?.({ type: "memory", rss: m.rss, heapUsed: m.heapUsed, sockets: server.realtime.sockets.size });
  }
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  await server.stop();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
