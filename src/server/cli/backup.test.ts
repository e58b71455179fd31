import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createChallenge, join as joinChallenge } from "../test/harness/challenge-fixtures";
import { type ChildServer, spawnServer } from "../test/harness/child-server";
import { serverClient } from "../test/harness/test-socket";

// Issue 20: `bun run db:backup <file>` and `bun run db:restore <file>` for the embedded database.
// A backup refuses while a server runs on the data directory; a backup restored into a new data
// directory serves the same golfers, challenges and records (real server processes throughout).

const ROOT = resolve(import.meta.dir, "../../..");
const PASSWORD = "birdie123";
const work = mkdtempSync(join(tmpdir(), "birdie-backup-"));
const original = join(work, "original");
const restored = join(work, "restored");
const backupFile = join(work, "birdie.backup.tar.gz");
const servers: ChildServer[] = [];

function cli(script: "db:backup" | "db:restore", file: string, dataDir: string, extra: Record<string, string> = {}) {
  const child = Bun.spawnSync(["bun", "run", script, file], {
    cwd: ROOT,
    env: {
      ...(process.env as Record<string, string>),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      TEST_DATABASE_URL: "",
      ...extra,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
}

async function serve(dataDir: string) {
  const server = spawnServer({ DATA_DIR: dataDir });
  servers.push(server);
  return { server, origin: await server.ready };
}

/** What a golfer sees of their own data, through the REST API of a running server. */
async function seenBy(origin: string, username: string) {
  const client = serverClient(origin);
  expect((await client.post("/api/login", { username, password: PASSWORD })).status).toBe(200);
  const me = (await client.get("/api/user")).json;
  const challenges = (await client.get(`/api/users/${me.id}/challenges`)).json;
  const records = (await client.get("/api/birdies")).json;
  const board = (await client.get(`/api/challenges/${challenges[0].id}/leaderboard`)).json;
  return { me, challenges, records, board };
}

let before: { owner: Awaited<ReturnType<typeof seenBy>>; friend: Awaited<ReturnType<typeof seenBy>> };
const names = { owner: `bk_owner_${Date.now().toString(36)}`, friend: `bk_friend_${Date.now().toString(36)}` };

beforeAll(async () => {
  const { server, origin } = await serve(original);
  const owner = serverClient(origin);
  const friend = serverClient(origin);
  for (const [client, username] of [
    [owner, names.owner],
    [friend, names.friend],
  ] as const) {
    const res = await client.post("/api/register", {
      username,
      displayName: username.replace(/_/g, " "),
      email: `${username}@example.com`,
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
  }
  const challenge = await createChallenge(owner);
  await joinChallenge(friend, challenge.inviteCode);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (const [client, holeNumber, score] of [
    [owner, 3, 2],
    [owner, 7, 3],
    [friend, 12, 3],
  ] as const) {
    const res = await client.post("/api/birdies", {
      challengeId: challenge.id,
      courseId: challenge.courses[0].id,
      holeNumber,
      score,
      date: yesterday,
      verifiedBy: { name: "Pat Partner", signature: "P. Partner" },
    });
    expect({ status: res.status, text: res.text }).toEqual({ status: 201, text: expect.any(String) });
  }
  before = { owner: await seenBy(origin, names.owner), friend: await seenBy(origin, names.friend) };
  expect(before.owner.records.length).toBe(2);
  expect(before.friend.records.length).toBe(1);

  // While the server runs: refused, clearly, and no file is left behind.
  const refused = cli("db:backup", backupFile, original);
  expect({ code: refused.code, err: refused.err }).toEqual({
    code: 1,
    err: expect.stringContaining("A Birdie Challenge server is running on DATA_DIR"),
  });
  expect(refused.err).toContain("stop the server");
  expect(existsSync(backupFile)).toBe(false);
  await server.stop();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe("db:backup and db:restore (embedded database)", () => {
  test("a backup taken with the server stopped, restored into a new data directory, serves the same golfers, challenges and records", async () => {
    const backup = cli("db:backup", backupFile, original);
    expect(backup.err).not.toContain("rror");
    expect(backup.code).toBe(0);
    expect(backup.out).toContain("Backed up 2 golfers, 1 challenges and 3 records");

    const restore = cli("db:restore", backupFile, restored);
    expect(restore.code).toBe(0);
    expect(restore.out).toContain("Restored 2 golfers, 1 challenges and 3 records");

    const { origin } = await serve(restored);
    expect(await seenBy(origin, names.owner)).toEqual(before.owner);
    expect(await seenBy(origin, names.friend)).toEqual(before.friend);
  }, 120_000);

  test("a restore never writes over a data directory that holds anything", () => {
    const refused = cli("db:restore", backupFile, original);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("is not empty. A restore only writes a new data directory");
  });

  test("a file that is not a backup is refused and leaves no data directory behind", () => {
    const target = join(work, "from-garbage");
    const refused = cli("db:restore", join(ROOT, "package.json"), target);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("is not a backup this app can restore");
    expect(existsSync(target)).toBe(false);
  });

  test("on PostgreSQL both point to pg_dump / pg_restore instead", () => {
    const url = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres" };
    expect(cli("db:backup", join(work, "pg.tar.gz"), original, url).err).toContain("Back it up with pg_dump");
    expect(cli("db:restore", backupFile, join(work, "pg"), url).err).toContain("Restore it with pg_restore");
  });
});
