import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";

// The last-resort handlers in a real process: an error from a dropped database connection is
// logged and the process carries on; anything else is logged and the process exits 1.

const CHILD = resolve(import.meta.dir, "../test/harness/fixtures/last-resort-child.ts");

async function run(which: string) {
  const child = Bun.spawn(["bun", CHILD, which], {
    env: { ...process.env, NODE_ENV: "production" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, out, log: err };
}

describe("last-resort handlers", () => {
  for (const which of ["null-socket-write", "connection-reset-rejection", "terminated-backend-rejection"]) {
    test(`${which}: logged, and the process keeps serving`, async () => {
      const { code, out, log } = await run(which);
      expect(out).toContain("STILL SERVING");
      expect(code).toBe(0);
      expect(log).toContain("from a dropped database connection; still serving");
    });
  }

  for (const which of ["our-own-type-error", "plain-rejection"]) {
    test(`${which}: logged, and the process exits 1`, async () => {
      const { code, out, log } = await run(which);
      expect(out).not.toContain("STILL SERVING");
      expect(code).toBe(1);
      expect(log).toMatch(/"msg":"uncaught (exception|rejection); exiting"/);
    });
  }
});
