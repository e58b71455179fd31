import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { unique } from "../../test/harness/challenge-fixtures";

let h: TestHarness;
let golfer: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  h = await createTestHarness();
  golfer = await signUp(h);
}, 30_000);
afterAll(() => h.close());

describe("POST /api/courses", () => {
  test("creates a course (201 { id, name }) with spaces tidied", async () => {
    const res = await golfer.client.post("/api/courses", { name: "  Royal   Troon  " });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), name: "Royal Troon" });
  });

  test("409 'Course already exists' for the same name in any letter case", async () => {
    const name = unique("Carnoustie");
    expect((await golfer.client.post("/api/courses", { name })).status).toBe(201);
    const again = await golfer.client.post("/api/courses", { name: `  ${name.toUpperCase()} ` });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "Course already exists" });
  });

  const invalid: [string, unknown][] = [
    ["a one-letter name", { name: "X" }],
    ["a name of spaces", { name: "    " }],
    ["no name", {}],
  ];
  for (const [what, body] of invalid) {
    test(`400 'Course name must be at least 2 characters' for ${what}`, async () => {
      const res = await golfer.client.post("/api/courses", body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: "Course name must be at least 2 characters" });
    });
  }

  test("?userId= must be the signed-in user (403 otherwise); signed out is 401", async () => {
    const mine = await golfer.client.post(`/api/courses?userId=${golfer.user.id}`, { name: unique("Muirfield") });
    expect(mine.status).toBe(201);
    const other = await golfer.client.post(`/api/courses?userId=${golfer.user.id + 1000}`, {
      name: unique("Muirfield"),
    });
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ message: "You can only act as yourself" });
    const anon = await new RestClient(h.app).post("/api/courses", { name: unique("Muirfield") });
    expect(anon.status).toBe(401);
  });
});

describe("GET /api/courses/search", () => {
  test("case-insensitive substring search, names starting with the text first", async () => {
    const tag = unique("zq").replace(/\s/g, "");
    for (const name of [`Old ${tag} Links`, `${tag} Beach`, `${tag} Creek`, `Spyglass Hill ${Date.now()}`]) {
      await golfer.client.post("/api/courses", { name });
    }
    const res = await golfer.client.get(`/api/courses/search?q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.json.map((c: { name: string }) => c.name)).toEqual([`${tag} Beach`, `${tag} Creek`, `Old ${tag} Links`]);
  });

  test("at most 20 results", async () => {
    const tag = unique("bulk").replace(/\s/g, "");
    for (let i = 0; i < 23; i++)
      await golfer.client.post("/api/courses", { name: `${tag} ${String(i).padStart(2, "0")}` });
    const res = await golfer.client.get(`/api/courses/search?q=${tag}`);
    expect(res.json).toHaveLength(20);
    expect(res.json[0].name).toBe(`${tag} 00`);
  });

  test("% and _ are plain characters, not wildcards", async () => {
    const tag = unique("pct").replace(/\s/g, "");
    await golfer.client.post("/api/courses", { name: `${tag} 100% Course` });
    await golfer.client.post("/api/courses", { name: `${tag} 100x Course` });
    const res = await golfer.client.get(`/api/courses/search?q=${encodeURIComponent(`${tag} 100%`)}`);
    expect(res.json.map((c: { name: string }) => c.name)).toEqual([`${tag} 100% Course`]);
    const underscore = await golfer.client.get(`/api/courses/search?q=${encodeURIComponent(`${tag} 100_`)}`);
    expect(underscore.json).toEqual([]);
  });

  test("an empty query lists up to 20 courses; signed out is 401", async () => {
    const res = await golfer.client.get("/api/courses/search?q=");
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    expect(res.json.length).toBeLessThanOrEqual(20);
    expect((await new RestClient(h.app).get("/api/courses/search?q=a")).status).toBe(401);
  });
});

describe("GET /api/courses/{id}", () => {
  test("answers the course; 404 'Course not found' for an unknown id; 400 for a malformed one", async () => {
    const created = (await golfer.client.post("/api/courses", { name: unique("Turnberry") })).json;
    const res = await golfer.client.get(`/api/courses/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(created);
    const missing = await golfer.client.get("/api/courses/999999");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: "Course not found" });
    const malformed = await golfer.client.get("/api/courses/abc");
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ message: "Invalid course id" });
    expect((await new RestClient(h.app).get(`/api/courses/${created.id}`)).status).toBe(401);
  });
});

describe("courses over tRPC (same service)", () => {
  test("create, duplicate, search and byId", async () => {
    const caller = h.caller(golfer.user);
    const name = unique("Kiawah");
    const course = await caller.courses.create({ name });
    expect(course.name).toBe(name);
    await expect(caller.courses.create({ name: name.toLowerCase() })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Course already exists",
    });
    await expect(caller.courses.create({ name: "K" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Course name must be at least 2 characters",
    });
    expect(await caller.courses.search({ q: name.toLowerCase() })).toEqual([course]);
    expect(await caller.courses.byId({ id: course.id })).toEqual(course);
    await expect(caller.courses.byId({ id: 999999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Course not found",
    });
    await expect(h.caller(null).courses.search({ q: "x" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
