// The production server on a fresh throw-away PGlite database, seeded through the REST API with
// one golfer (seven records), a rival (three) and their challenge: what the browser measurements
// (scripts/lighthouse.ts, bench/repeat-visit.ts) load. Needs a built client in staticDir.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..", "..");
const DAY_MS = 24 * 60 * 60 * 1000;

/** Setting up the site failed: the message says what (the caller reports it and exits). */
export class SiteFailure extends Error {}

function fail(message: string): never {
  throw new SiteFailure(message);
}

export type Session = { cookie: string };

/** The session as a browser context's `addCookies` takes it, for `url` (the site's origin). */
export function browserCookie(session: Session, url: string): { name: string; value: string; url: string } {
  const at = session.cookie.indexOf("=");
  return { name: session.cookie.slice(0, at), value: session.cookie.slice(at + 1), url };
}
export type SeededSite = {
  origin: string;
  /** The golfer's session cookie (`session=...`). */
  session: Session;
  challengeId: number;
  /** The server's process id (its memory is read from /proc by benches). */
  pid: number;
  stop: () => Promise<void>;
};

function freePort(): number {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const { port } = probe;
  probe.stop(true);
  if (!port) throw new Error("no free port");
  return port;
}

/** Starts the server, waits for /api/health and seeds it; `onExit` runs if the server dies early. */
/**
 * The server, seeded. With `warmFirstScreens` (the default) it returns once a signed-in page comes
 * rendered (ADR 0055): the first-screen worker starts with the first such page, and a page it cannot
 * render within 300 ms goes out plain, so a cold worker made the first measured load of a run a
 * different page (the record page's date field built after the first paint, found in session 34).
 * bench:first-screens measures that start itself and passes false.
 */
export async function startSeededSite(
  staticDir: string,
  onExit: (code: number | null) => void,
  { warmFirstScreens = true }: { warmFirstScreens?: boolean } = {},
): Promise<SeededSite> {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "birdie-site-"));
  let stopping = false;
  const server: ChildProcess = spawn("bun", ["src/server/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      DATABASE_URL: "",
    },
  });
  server.once("exit", (code) => {
    if (!stopping) onExit(code);
  });
  const stop = async () => {
    stopping = true;
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((done) => {
        server.once("exit", done);
        setTimeout(done, 10_000);
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin);
    const { session, challengeId } = await seed(origin);
    if (warmFirstScreens) await warmFirstScreen(origin, session);
    return { origin, session, challengeId, pid: server.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Asks for a signed-in page until it comes rendered, for at most 10 s (a build without the renderer never does). */
async function warmFirstScreen(origin: string, session: Session) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(`${origin}/profile`, { headers: { cookie: session.cookie } })).text();
    if (html.includes("data-first-screen")) return;
    await Bun.sleep(100);
  }
}

async function waitForHealth(origin: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(250);
  }
  fail("the server did not answer /api/health within 60 s");
}

async function seed(origin: string): Promise<{ session: Session; challengeId: number }> {
  async function api(path: string, body: unknown, session?: Session): Promise<Response> {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, ...(session ? { Cookie: session.cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) fail(`seeding: POST ${path} answered ${response.status} ${await response.text()}`);
    return response;
  }
  async function register(username: string, displayName: string): Promise<Session> {
    const response = await api("/api/register", {
      username,
      displayName,
      email: `${username}@example.com`,
      password: "lighthouse-pass-123",
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="));
    if (!cookie) fail("seeding: registering did not set a session cookie");
    return { cookie: cookie.split(";")[0]! };
  }
  const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  async function record(session: Session, challengeId: number, hole: number, score: 2 | 3, daysAgo: number) {
    await api(
      "/api/birdies",
      {
        challengeId,
        holeNumber: hole,
        score,
        date: utcDay(daysAgo),
        verifiedBy: { name: "Jack Partner", signature: "J. Partner" },
      },
      session,
    );
  }

  const golfer = await register("lighthouse_golfer", "Lighthouse Golfer");
  const created = await api(
    "/api/challenges",
    {
      name: "Summer Birdie Hunt",
      courseName: "Harbour Links",
      courseMode: "single",
      rules: "Birdie every hole on the course. Rounds need a playing partner to verify.",
      startDate: new Date(Date.now() - 5 * DAY_MS).toISOString(),
      endDate: new Date(Date.now() + 25 * DAY_MS).toISOString(),
    },
    golfer,
  );
  const challenge = (await created.json()) as { id: number; inviteCode: string };
  for (const [hole, score, daysAgo] of [
    [1, 3, 4],
    [3, 3, 3],
    [7, 2, 3],
    [9, 3, 2],
    [12, 3, 1],
    [15, 2, 0],
    [18, 3, 0],
  ] as const) {
    await record(golfer, challenge.id, hole, score, daysAgo);
  }
  const rival = await register("lighthouse_rival", "Lighthouse Rival");
  await api(`/api/challenges/invite/${encodeURIComponent(challenge.inviteCode)}/join`, {}, rival);
  for (const [hole, score, daysAgo] of [
    [2, 3, 2],
    [5, 3, 1],
    [11, 2, 0],
  ] as const)
    await record(rival, challenge.id, hole, score, daysAgo);
  return { session: golfer, challengeId: challenge.id };
}
