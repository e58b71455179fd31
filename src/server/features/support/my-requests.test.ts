import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";

// GET /api/support and support.mine: the /support page's list of the golfer's own requests.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const valid = {
  email: "help@example.com",
  subject: "Scores",
  message: "My eagle shows as a birdie",
  type: "bug" as const,
};

describe("GET /api/support", () => {
  test("the golfer's own requests, newest first, with the admins' replies; nobody else's", async () => {
    const golfer = await signUp(h);
    const other = await signUp(h);
    const admin = await signUp(h);
    await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const first = await golfer.client.post("/api/support", { ...valid, subject: "First" });
    const second = await golfer.client.post("/api/support", { ...valid, subject: "Second", type: "question" });
    await other.client.post("/api/support", { ...valid, subject: "Not yours" });
    await h.caller({ ...admin.user, isAdmin: true }).admin.support.reply({ id: first.json.id, message: "Fixed it." });
    await h
      .caller({ ...admin.user, isAdmin: true })
      .admin.support.reply({ id: first.json.id, message: "Anything else?" });
    await h.caller({ ...admin.user, isAdmin: true }).admin.support.setStatus({ id: first.json.id, status: "resolved" });

    const res = await golfer.client.get("/api/support");
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: { subject: string }) => i.subject)).toEqual(["Second", "First"]);
    expect(res.json.items[0]).toMatchObject({ id: second.json.id, status: "open", type: "question", replies: [] });
    expect(res.json.items[1]).toMatchObject({
      id: first.json.id,
      message: "My eagle shows as a birdie",
      type: "bug",
      status: "resolved",
      resolvedAt: expect.any(String),
      replies: [
        { id: expect.any(Number), message: "Fixed it.", createdAt: expect.any(String) },
        { id: expect.any(Number), message: "Anything else?", createdAt: expect.any(String) },
      ],
    });
    // The tRPC twin answers the same; a new golfer has none; signed out is 401.
    expect(await h.caller(golfer.user).support.mine()).toEqual(res.json);
    expect((await other.client.get("/api/support")).json.items.map((i: { subject: string }) => i.subject)).toEqual([
      "Not yours",
    ]);
    expect((await (await signUp(h)).client.get("/api/support")).json).toEqual({ items: [] });
    expect((await new RestClient(h.app).get("/api/support")).status).toBe(401);
  });
});
