import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RENDER_BUNDLE } from "./first-paint";
import { firstScreenRenderer } from "./first-screen-renderer";

// The first-screen worker (ADR 0055) with a stand-in for the build's bundle: a real Worker, the real
// stand-in globals, a renderer that answers from the location and data it is given, fails on one
// path and takes its time on others. The real bundle is rendered by the build (it renders /auth with
// it) and in the browser by e2e/first-paint.e2e.ts.

const FAKE_BUNDLE = `
export async function renderFirstScreen(data) {
  const path = location.pathname;
  if (path === "/fails") throw new Error("the page broke");
  if (path === "/slow") await new Promise((r) => setTimeout(r, 600));
  if (path === "/hangs") while (true) {}
  const online = navigator.onLine ? "online" : "offline";
  let fetched = "no fetch";
  try { await fetch("/api/dashboard"); fetched = "fetched"; } catch { fetched = "no network"; }
  return "<h1>" + data.user.displayName + "</h1><p>" + path + location.search + " " + online + " " + fetched + " " + typeof window.localStorage.getItem + "</p>";
}`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "first-screens-"));
  mkdirSync(join(dir, "first-screens"));
  writeFileSync(join(dir, RENDER_BUNDLE), FAKE_BUNDLE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const golfer = { user: { id: 7, displayName: "Tess Green" } };

describe("first-screen renderer", () => {
  test("no bundle in the build: no renderer (the pages go out plain)", () => {
    const empty = mkdtempSync(join(tmpdir(), "no-first-screens-"));
    expect(firstScreenRenderer(empty)).toBeNull();
    rmSync(empty, { recursive: true, force: true });
  });

  test("renders at the request's path and query with its data, in a browser's stand-ins, with no network", async () => {
    const renderer = firstScreenRenderer(dir, { timeoutMs: 5_000 })!;
    try {
      expect(await renderer.render("/leaderboard/global?period=year", golfer)).toBe(
        "<h1>Tess Green</h1><p>/leaderboard/global?period=year online no network function</p>",
      );
      // One render after another, each at its own path.
      const [a, b] = await Promise.all([
        renderer.render("/profile", golfer),
        renderer.render("/", { user: { displayName: "Ana" } }),
      ]);
      expect(a).toContain("/profile ");
      expect(b).toBe("<h1>Ana</h1><p>/ online no network function</p>");
    } finally {
      renderer.stop();
    }
  });

  test("a render that fails or outlasts the wait gives null; the next one renders", async () => {
    const renderer = firstScreenRenderer(dir, { timeoutMs: 300 })!;
    try {
      // The first render starts the worker: wait for it to be up.
      expect(await renderer.render("/warm", golfer)).not.toBeNull();
      expect(await renderer.render("/fails", golfer)).toBeNull();
      expect(await renderer.render("/slow", golfer)).toBeNull();
      // Queued behind the slow one, and answered once it is done.
      await Bun.sleep(400);
      expect(await renderer.render("/after", golfer)).toContain("/after ");
    } finally {
      renderer.stop();
    }
  });

  test("a worker stuck on one render is replaced on the next request after hungAfterMs", async () => {
    const renderer = firstScreenRenderer(dir, { timeoutMs: 200, hungAfterMs: 500 })!;
    try {
      expect(await renderer.render("/warm", golfer)).not.toBeNull();
      expect(await renderer.render("/hangs", golfer)).toBeNull();
      // Still within hungAfterMs: the stuck worker is kept and the page waits out its timeout.
      expect(await renderer.render("/queued", golfer)).toBeNull();
      await Bun.sleep(400);
      // Now past it: a new worker, which renders (its first render may take a moment to start).
      let markup: string | null = null;
      for (let i = 0; i < 20 && markup === null; i++) markup = await renderer.render("/fresh", golfer);
      expect(markup).toContain("/fresh ");
    } finally {
      renderer.stop();
    }
  });

  test("the worker stops after idleMs without a render, and the next page starts another", async () => {
    const renderer = firstScreenRenderer(dir, { timeoutMs: 5_000, idleMs: 300 })!;
    try {
      expect(renderer.running()).toBe(false);
      expect(await renderer.render("/one", golfer)).toContain("/one ");
      expect(renderer.running()).toBe(true);
      await Bun.sleep(150);
      // A render within idleMs keeps it.
      expect(await renderer.render("/two", golfer)).toContain("/two ");
      await Bun.sleep(200);
      expect(renderer.running()).toBe(true);
      await Bun.sleep(300);
      expect(renderer.running()).toBe(false);
      expect(await renderer.render("/three", golfer)).toContain("/three ");
      expect(renderer.running()).toBe(true);
    } finally {
      renderer.stop();
    }
  });
});
