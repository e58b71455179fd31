import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { supportRequests } from "../../db/schema/support";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1" } });
}, 120_000);
afterAll(() => h.close());

const valid = {
  email: "help@example.com",
  subject: "Scores",
  message: "My eagle shows as a birdie",
  type: "bug" as const,
};

describe("POST /api/support", () => {
  test("stores the request as open with the sender, answering 201", async () => {
    const { client, user } = await signUp(h);
    const res = await client.post("/api/support", { ...valid, subject: "  Scores  " });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, status: "open" });
    const [row] = await h.db.select().from(supportRequests).where(eq(supportRequests.id, res.json.id));
    expect(row).toMatchObject({
      userId: user.id,
      email: "help@example.com",
      subject: "Scores",
      type: "bug",
      status: "open",
    });
  });

  test("type defaults to question; signed-out senders are accepted", async () => {
    const res = await new RestClient(h.app).post("/api/support", {
      email: "anon@example.com",
      subject: "Locked out",
      message: "I forgot my username",
    });
    expect(res.status).toBe(201);
    const [row] = await h.db.select().from(supportRequests).where(eq(supportRequests.id, res.json.id));
    expect(row).toMatchObject({ userId: null, type: "question" });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["blank subject", { subject: "   " }, "Missing information: Please fill out all fields."],
    ["blank message", { message: "" }, "Missing information: Please fill out all fields."],
    ["missing email", { email: undefined }, "Missing information: Please fill out all fields."],
    ["invalid email", { email: "nope" }, "Please enter a valid email address"],
    ["unknown type", { type: "complaint" }, "Type must be one of bug, feature, question, other"],
  ];
  for (const [name, patch, message] of bad) {
    test(`400 for ${name}, nothing stored`, async () => {
      const { client, user } = await signUp(h);
      const res = await client.post("/api/support", { ...valid, ...patch });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
      expect(await h.db.select().from(supportRequests).where(eq(supportRequests.userId, user.id))).toHaveLength(0);
    });
  }

  test("a sender is limited to 5 requests an hour (429 { message })", async () => {
    const { client, user } = await signUp(h);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post("/api/support", valid)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await h.db.select().from(supportRequests).where(eq(supportRequests.userId, user.id))).toHaveLength(5);
  });

  test("tRPC support.create shares the service", async () => {
    const { user } = await signUp(h);
    const res = await h.caller(user).support.create({ ...valid, type: "feature" });
    expect(res.success).toBe(true);
    await expect(h.caller(user).support.create({ ...valid, subject: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Missing information: Please fill out all fields.",
    });
  });
});
