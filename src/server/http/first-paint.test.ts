import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../test/harness/harness";
import { sql } from "drizzle-orm";
import { scriptSafeJson } from "./first-paint";

// Issue 19, first paint: the HTML of an app route names the signed-in golfer (a JSON data block
// the CSP allows), modulepreloads the route page's chunks from Vite's manifest, and on the
// dashboard preloads its data. A built client is faked here: an index.html and a manifest.

let h: TestHarness;
let dir: string;

const INDEX = `<!doctype html><html><head><title>Birdie</title><script type="module" crossorigin src="/assets/main.js"></script></head><body><div id="root"></div></body></html>`;
/** What scripts/prerender-first-screens.ts writes for /auth, shortened (ADR 0054). */
const AUTH_SCREEN = `<!doctype html><html><head><title>Birdie</title><meta name="app-entry" content="/assets/main.js"></head><body><div id="root" data-first-screen="/auth" inert><h1>Welcome back</h1></div></body></html>`;
const MANIFEST = {
  "index.html": { file: "assets/main.js", isEntry: true, imports: ["_shared.js"] },
  "_shared.js": { file: "assets/shared.js" },
  "features/dashboard/routes/dashboard-page.tsx": {
    file: "assets/dashboard-page.js",
    isDynamicEntry: true,
    imports: ["_shared.js", "_widgets.js"],
  },
  "_widgets.js": { file: "assets/widgets.js" },
  "features/auth/routes/auth-page.tsx": { file: "assets/auth-page.js", isDynamicEntry: true },
  "features/profile/routes/profile-page.tsx": { file: "assets/profile-page.js", isDynamicEntry: true },
  "features/challenges/routes/challenge-detail-page.tsx": { file: "assets/challenge-page.js", isDynamicEntry: true },
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "first-paint-"));
  mkdirSync(join(dir, ".vite"));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  mkdirSync(join(dir, "first-screens"));
  writeFileSync(join(dir, "first-screens", "auth.html"), AUTH_SCREEN);
  h = await createTestHarness({ env: { STATIC_DIR: dir } });
}, 120_000);
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first-paint data block's JSON, parsed as the client parses it. */
function dataBlock(html: string) {
  const m = html.match(/<script type="application\/json" id="first-paint">([^<]*)<\/script>/);
  if (!m) throw new Error("no first-paint block");
  return JSON.parse(m[1]!);
}
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const dataPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]);

describe("first paint", () => {
  test("signed in on the dashboard: the golfer, the page's chunks (not the entry's) and its data preload", async () => {
    const { client, user } = await signUp(h, { displayName: "Tess </script><script>alert(1)</script>" });
    const res = await client.get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const html = res.text;
    // Nothing the golfer typed can close the element: no "<" survives inside it.
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    const me = (await client.get("/api/user")).json;
    expect(dataBlock(html)).toEqual({ user: me });
    expect(dataBlock(html).user.displayName).toBe(user.displayName);
    expect(preloads(html)).toEqual(["/assets/dashboard-page.js", "/assets/widgets.js"]);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/dashboard">');
    const profile = (await client.get("/profile")).text;
    expect(preloads(profile)).toEqual(["/assets/profile-page.js"]);
    expect(profile).not.toContain("/api/dashboard");
  });

  test("a challenge's page preloads that challenge (GET /api/challenges/:id); other challenge pages do not", async () => {
    const { client } = await signUp(h);
    const html = (await client.get("/challenges/42")).text;
    expect(preloads(html)).toEqual(["/assets/challenge-page.js"]);
    expect(dataPreloads(html)).toEqual(["/api/challenges/42"]);
    expect(dataPreloads((await client.get("/challenges/42/")).text)).toEqual(["/api/challenges/42"]);
    for (const other of [
      "/challenges",
      "/challenges/new",
      "/challenges/42/edit",
      "/challenges/007",
      "/challenges/99999999999",
    ])
      expect(dataPreloads((await client.get(other)).text)).toEqual([]);
    // Signed out the page is the sign-in form: no challenge is asked for.
    expect((await new RestClient(h.app).get("/challenges/42")).text).not.toContain("/api/challenges/");
  });

  test("signed out: user null, the sign-in page's chunk, no data preload; /index.html stays the plain shell", async () => {
    const anonymous = new RestClient(h.app);
    const html = (await anonymous.get("/")).text;
    expect(dataBlock(html)).toEqual({ user: null });
    expect(preloads(html)).toEqual(["/assets/auth-page.js"]);
    expect(html).not.toContain("/api/dashboard");
    const { client } = await signUp(h);
    const shell = await client.get("/index.html");
    expect(shell.text).toBe(INDEX);
    // The manifest is for the server only.
    expect((await anonymous.get("/.vite/manifest.json")).status).toBe(404);
  });

  test("signed out on /auth: the prerendered first screen, with the data block and the page's chunk (ADR 0054)", async () => {
    const anonymous = new RestClient(h.app);
    for (const path of ["/auth", "/auth?redirect=%2Fprofile"]) {
      const html = (await anonymous.get(path)).text;
      expect(html).toContain('<div id="root" data-first-screen="/auth" inert><h1>Welcome back</h1></div>');
      expect(dataBlock(html)).toEqual({ user: null });
      expect(preloads(html)).toEqual(["/assets/auth-page.js"]);
    }
    // Another tab, another path, or a signed-in visitor (sent on by the app): the plain page.
    for (const path of ["/auth?tab=register", "/auth/", "/login", "/"])
      expect((await anonymous.get(path)).text).not.toContain("data-first-screen");
    const { client } = await signUp(h);
    const signedIn = (await client.get("/auth")).text;
    expect(signedIn).not.toContain("data-first-screen");
    expect(dataBlock(signedIn).user).not.toBeNull();
    // The file goes out only as a page, with who is signed in in it.
    expect((await anonymous.get("/first-screens/auth.html")).status).toBe(404);
  });

  test("a page that renews the session slides the cookie forward, as the API does", async () => {
    const { client, user } = await signUp(h);
    await h.db.execute(sql`update sessions set expires_at = now() + interval '1 day' where user_id = ${user.id}`);
    const res = await client.get("/challenges");
    expect(dataBlock(res.text).user.id).toBe(user.id);
    expect(res.headers.get("set-cookie")).toMatch(
      /^session=[a-z2-7]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=25\d{5}/,
    );
  });

  test("scriptSafeJson keeps every character and never writes <, >, & or line separators", () => {
    const value = { s: "</script><!-- & \u2028\u2029 >" };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
