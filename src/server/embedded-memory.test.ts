import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChildServer, spawnServer } from "./test/harness/child-server";

// ADR 0037: the first start on an empty data directory creates the embedded cluster, which leaves
// PGlite's WebAssembly memory near 1 GB; the server reopens the database after migrating, so the
// idle process holds about what a restart does. Without the reopen this process idled at 690-900 MB.

const dirs: string[] = [];
let server: ChildServer | undefined;
afterAll(async () => {
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
};

test("first start on an empty data directory idles well under the creation peak", async () => {
  const dir = mkdtempSync(join(tmpdir(), "birdie-first-start-"));
  dirs.push(dir);
  server = spawnServer({ DATA_DIR: dir });
  await server.ready;
  await Bun.sleep(1500);
  const rss = rssMb(server.child.pid);
  console.log(`idle RSS after first start: ${rss.toFixed(0)} MB`);
  expect(rss).toBeGreaterThan(0);
  // 210 MB measured with 32 MB of shared buffers (ADR 0037 addendum); 300 MB is issue 19's bound.
  expect(rss).toBeLessThan(300);
}, 180_000);
