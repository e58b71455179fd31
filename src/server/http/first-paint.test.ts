import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../test/harness/harness";
import { sql } from "drizzle-orm";
import { challengeWindow, createChallenge, join as joinChallenge, today } from "../test/harness/challenge-fixtures";
import { RENDER_BUNDLE, scriptSafeJson } from "./first-paint";

// Issue 19, first paint: the HTML of an app route names the signed-in golfer (a JSON data block
// the CSP allows), modulepreloads the route page's chunks from Vite's manifest, and on the
// dashboard preloads its data. A built client is faked here: an index.html and a manifest.

let h: TestHarness;
let dir: string;

// React's renderer: the entry imports it dynamically, the pages statically, and the HTML preloads
// it (ADR 0065): a page's preloads must not name it a second time.
const INDEX = `<!doctype html><html><head><title>Birdie</title><script type="module" crossorigin src="/assets/main.js"></script><link rel="modulepreload" crossorigin href="/assets/renderer.js"></head><body><div id="root"></div></body></html>`;
/** What scripts/prerender-first-screens.ts writes for /auth, shortened (ADR 0054). */
const AUTH_SCREEN = `<!doctype html><html><head><title>Birdie</title><meta name="app-entry" content="/assets/main.js"></head><body><div id="root" data-first-screen="/auth" inert><h1>Welcome back</h1></div></body></html>`;
const MANIFEST = {
  "index.html": { file: "assets/main.js", isEntry: true, imports: ["_shared.js"], dynamicImports: ["_renderer.js"] },
  "_renderer.js": { file: "assets/renderer.js", isDynamicEntry: true },
  "_shared.js": { file: "assets/shared.js" },
  "features/dashboard/routes/dashboard-page.tsx": {
    file: "assets/dashboard-page.js",
    isDynamicEntry: true,
    imports: ["_shared.js", "_renderer.js", "_widgets.js"],
  },
  "_widgets.js": { file: "assets/widgets.js" },
  "features/auth/routes/auth-page.tsx": { file: "assets/auth-page.js", isDynamicEntry: true },
  "features/profile/routes/profile-page.tsx": { file: "assets/profile-page.js", isDynamicEntry: true },
  "features/challenges/routes/challenge-detail-page.tsx": { file: "assets/challenge-page.js", isDynamicEntry: true },
};

/** A built client faked in a new folder: `index`, the manifest, and `firstScreen` at its path under first-screens/. */
function fakeBuild(index: string, firstScreen: { path: string; text: string }): string {
  const at = mkdtempSync(join(tmpdir(), "first-paint-"));
  mkdirSync(join(at, ".vite"));
  writeFileSync(join(at, "index.html"), index);
  writeFileSync(join(at, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  mkdirSync(join(at, "first-screens"));
  writeFileSync(join(at, firstScreen.path), firstScreen.text);
  return at;
}

beforeAll(async () => {
  dir = fakeBuild(INDEX, { path: "first-screens/auth.html", text: AUTH_SCREEN });
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
    expect(preloads(html)).toEqual(["/assets/renderer.js", "/assets/dashboard-page.js", "/assets/widgets.js"]);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/dashboard">');
    const profile = (await client.get("/profile")).text;
    expect(preloads(profile)).toEqual(["/assets/renderer.js", "/assets/profile-page.js"]);
    expect(profile).not.toContain("/api/dashboard");
  });

  test("a challenge's page preloads that challenge (GET /api/challenges/:id); other challenge pages do not", async () => {
    const { client } = await signUp(h);
    const html = (await client.get("/challenges/42")).text;
    expect(preloads(html)).toEqual(["/assets/renderer.js", "/assets/challenge-page.js"]);
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
    expect(preloads(html)).toEqual(["/assets/renderer.js", "/assets/auth-page.js"]);
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

// ADR 0055: a signed-in golfer's first screen rendered per request by the first-screen worker. The
// build's bundle is stood in for by one that writes what it was given (the real one is rendered by
// the build and in the browser by e2e/first-paint.e2e.ts).
describe("first paint, rendered per request (ADR 0055)", () => {
  let rendered: TestHarness;
  let renderedDir: string;
  const FAKE_BUNDLE = `export async function renderFirstScreen(data) {
    return "<main><h1>" + data.user.displayName + "</h1><p>" + location.pathname + location.search + "</p>" +
      (data.challenge ? "<h2>" + data.challenge.name + "</h2>" : "") +
      (data.challenges ? "<ul>" + data.challenges.map((c) => "<li>" + c.name + "</li>").join("") + "</ul>" : "") +
      (data.globalBoard ? "<ol title=" + data.globalBoard.period + ">" + data.globalBoard.board.entries.map((e) => "<li>" + e.user.displayName + "</li>").join("") + "</ol>" : "") +
      (data.challengeBoard ? "<ol>" + data.challengeBoard.entries.map((e) => "<li>" + e.user.displayName + " " + e.points + "</li>").join("") + "</ol>" : "") + "</main>";
  }`;
  const INDEX_WITH_SHELL = `<!doctype html><html><head><title>Birdie</title><script type="module" crossorigin src="/assets/main.js"></script><link rel="modulepreload" crossorigin href="/assets/renderer.js"></head><body><div id="root"><div><p>Loading...</p></div></div></body></html>`;
  beforeAll(async () => {
    renderedDir = fakeBuild(INDEX_WITH_SHELL, { path: RENDER_BUNDLE, text: FAKE_BUNDLE });
    rendered = await createTestHarness({ env: { STATIC_DIR: renderedDir } });
  }, 120_000);
  afterAll(async () => {
    await rendered.close();
    rmSync(renderedDir, { recursive: true, force: true });
  });

  test("the golfer's page comes rendered for them, the entry started after the first paint", async () => {
    const { client } = await signUp(rendered, { displayName: "Tess Green" });
    // The worker starts with the first page: allow it that one.
    let html = "";
    for (let i = 0; i < 20 && !html.includes("data-first-screen"); i++) html = (await client.get("/profile")).text;
    expect(html).toContain(
      '<div id="root" data-first-screen="/profile" inert><main><h1>Tess Green</h1><p>/profile</p></main></div>',
    );
    // The entry and the chunks index.html preloads (React's renderer, ADR 0065) wait for the paint.
    expect(html).toContain(
      '<meta name="app-entry" content="/assets/main.js"><meta name="app-preload" content="/assets/renderer.js"><script async src="/after-first-paint.js"></script>',
    );
    expect(html).not.toContain('<script type="module"');
    expect(dataBlock(html).user.displayName).toBe("Tess Green");
    expect(preloads(html)).toEqual(["/assets/profile-page.js"]);
    // A page that imports the renderer statically does not preload it ahead of the paint either.
    const dashboard = (await client.get("/")).text;
    expect(dashboard).toContain('data-first-screen="/"');
    expect(preloads(dashboard)).toEqual(["/assets/dashboard-page.js", "/assets/widgets.js"]);
    // The query goes to the render; the attribute names the path as the browser has it.
    expect((await client.get("/leaderboard/global?period=year")).text).toContain(
      "<p>/leaderboard/global?period=year</p>",
    );
    // Pages without a first screen, and signed-out visitors, get the plain page.
    for (const path of ["/challenges", "/challenges/new", "/achievements", "/profile/"])
      expect((await client.get(path)).text, path).toContain('<div id="root"><div><p>Loading...</p></div></div>');
    expect((await new RestClient(rendered.app).get("/profile")).text).not.toContain("data-first-screen");
    // The bundle is for the server only.
    expect((await client.get(`/${RENDER_BUNDLE}`)).status).toBe(404);
  });

  test("a challenge's page carries the challenge as GET /api/challenges/:id answers it, and asks for nothing more", async () => {
    const { client } = await signUp(rendered);
    const challenge = (await createChallenge(client, { name: "Painted Open" })) as { id: number };
    let html = "";
    for (let i = 0; i < 20 && !html.includes("data-first-screen"); i++)
      html = (await client.get(`/challenges/${challenge.id}`)).text;
    expect(html).toContain("<h2>Painted Open</h2>");
    expect(dataBlock(html).challenge).toEqual((await client.get(`/api/challenges/${challenge.id}`)).json);
    expect(dataPreloads(html)).toEqual([]);
    // One the golfer may not see, or that does not exist: nothing carried, the page asks (and is told why).
    const { client: stranger } = await signUp(rendered);
    for (const path of [`/challenges/${challenge.id}`, "/challenges/2147483000"]) {
      const page = (await stranger.get(path)).text;
      expect(dataBlock(page).challenge, path).toBeUndefined();
      expect(dataPreloads(page), path).toEqual([`/api/challenges/${path.split("/")[2]}`]);
    }
  });

  test("the record page carries the golfer's challenges as GET /api/users/:id/challenges answers them (ADR 0073)", async () => {
    const { client, user } = await signUp(rendered);
    const first = (await createChallenge(client, { name: "Round One" })) as { id: number };
    await createChallenge(client, { name: "Round Two" });
    for (const path of ["/record-birdies", `/record-birdies/${first.id}`]) {
      let html = "";
      for (let i = 0; i < 20 && !html.includes("data-first-screen"); i++) html = (await client.get(path)).text;
      // The render had them: its first screen is the form, not a spinner.
      expect(html, path).toContain("<ul><li>Round One</li><li>Round Two</li></ul>");
      expect(dataBlock(html).challenges, path).toEqual((await client.get(`/api/users/${user.id}/challenges`)).json);
      expect(dataBlock(html).challenge, path).toBeUndefined();
      expect(dataPreloads(html), path).toEqual([]);
    }
    // Only the record page: other pages carry no list, and a golfer with none carries an empty one.
    expect(dataBlock((await client.get("/profile")).text).challenges).toBeUndefined();
    const { client: newcomer } = await signUp(rendered);
    let html = "";
    for (let i = 0; i < 20 && !html.includes("data-first-screen"); i++)
      html = (await newcomer.get("/record-birdies")).text;
    expect(dataBlock(html).challenges).toEqual([]);
  });

  test("the boards carry the golfer's challenges and the board the address shows, as the API answers them (ADR 0074)", async () => {
    const { client, user } = await signUp(rendered, { displayName: "Bea Board" });
    const { client: rival } = await signUp(rendered, { displayName: "Rex Rival" });
    const challenge = (await createChallenge(client, { name: "Board Cup", ...challengeWindow(-3, 10) })) as {
      id: number;
      inviteCode: string;
    };
    await joinChallenge(rival, challenge.inviteCode);
    const recorded = await client.post("/api/birdies", {
      challengeId: challenge.id,
      holeNumber: 7,
      score: 3,
      date: today(),
      verifiedBy: { name: "Pat Partner", signature: "P. Partner" },
    });
    expect(recorded.status).toBe(201);
    const page = async (who: RestClient, path: string) => {
      let html = "";
      for (let i = 0; i < 20 && !html.includes("data-first-screen"); i++) html = (await who.get(path)).text;
      return html;
    };
    const list = (await client.get(`/api/users/${user.id}/challenges`)).json;

    // A challenge's board: its entries (the golfer's birdie counted) and the selector's list.
    let html = await page(client, `/leaderboard/${challenge.id}`);
    const entries = (await client.get(`/api/challenges/${challenge.id}/leaderboard`)).json;
    expect(entries.map((e: { user: { displayName: string } }) => e.user.displayName)).toEqual([
      "Bea Board",
      "Rex Rival",
    ]);
    expect(dataBlock(html).challengeBoard).toEqual({ challengeId: challenge.id, entries });
    expect(dataBlock(html).challenges).toEqual(list);
    // The render had them: its first screen is the board, not a spinner.
    expect(html).toContain(`<ol><li>Bea Board ${entries[0].points}</li><li>Rex Rival 0</li></ol>`);
    expect(dataPreloads(html)).toEqual([]);

    // The global board of the period the address names; anything else is All Time.
    for (const [search, period] of [
      ["", "all"],
      ["?period=week", "week"],
      ["?period=decade", "all"],
    ] as const) {
      html = await page(client, `/leaderboard/global${search}`);
      const board = (await client.get(`/api/leaderboard/global?period=${period}`)).json;
      expect(
        board.entries.some((e: { user: { displayName: string } }) => e.user.displayName === "Bea Board"),
        search,
      ).toBe(true);
      expect(dataBlock(html).globalBoard, search).toEqual({ period, board });
      expect(dataBlock(html).challenges, search).toEqual(list);
      expect(dataBlock(html).challengeBoard, search).toBeUndefined();
      expect(html, search).toContain(`<ol title=${period}>`);
    }

    // Not a player of it: the selector's list (empty here), no board; the page says it is not theirs.
    const { client: stranger } = await signUp(rendered);
    for (const path of [`/leaderboard/${challenge.id}`, "/leaderboard/2147483000"]) {
      html = await page(stranger, path);
      expect(dataBlock(html).challengeBoard, path).toBeUndefined();
      expect(dataBlock(html).challenges, path).toEqual([]);
    }
    // Other pages carry no board.
    const profile = dataBlock(await page(client, "/profile"));
    expect(profile.globalBoard).toBeUndefined();
    expect(profile.challengeBoard).toBeUndefined();
  });
});
