import { afterAll, beforeAll, expect, test } from "bun:test";
import { createChallenge } from "../../test/harness/challenge-fixtures";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";

// Production limits (RATE_LIMIT_SCALE 1): 30 PIN look-ups per address and per golfer per 15 minutes.
let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1" } });
}, 120_000);
afterAll(() => h.close());

test("the 31st PIN look-up from one address is 429 { message }, found or not; other addresses are unaffected", async () => {
  const { client, user } = await signUp(h);
  const challenge = await createChallenge(client);
  // Form errors are answered before the limiter and spend nothing.
  for (let i = 0; i < 5; i++) expect((await client.get("/api/challenges/pin/AB")).status).toBe(400);
  for (let i = 0; i < 30; i++) {
    const res = await client.get(`/api/challenges/pin/${i % 2 ? challenge.invitePin : "ZZZZZZZZZZ"}`);
    expect(res.status).toBe(i % 2 ? 200 : 404);
  }
  const blocked = await client.get(`/api/challenges/pin/${challenge.invitePin}`);
  expect(blocked.status).toBe(429);
  expect(blocked.json).toEqual({ message: "Too many PIN attempts. Please wait a few minutes and try again." });
  expect(blocked.headers.get("retry-after")).toBeTruthy();

  // The tRPC twin counts against the same address...
  await expect(h.caller(user, { ip: "local" }).invites.lookupPin({ pin: challenge.invitePin })).rejects.toMatchObject({
    code: "TOO_MANY_REQUESTS",
  });
  // ...while another golfer at another address still gets through.
  const other = await signUp(h);
  expect(
    await h.caller(other.user, { ip: "203.0.113.9" }).invites.lookupPin({ pin: challenge.invitePin }),
  ).toMatchObject({
    success: true,
    challengeId: challenge.id,
  });
});

test("PIN look-ups are limited per golfer too: hopping addresses does not reset the count (row 21)", async () => {
  const { client, user } = await signUp(h);
  const challenge = await createChallenge(client);
  for (let i = 0; i < 30; i++) {
    const caller = h.caller(user, { ip: `198.51.100.${i + 1}` });
    await expect(caller.invites.lookupPin({ pin: "ZZZZZZZZZZ" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  }
  await expect(
    h.caller(user, { ip: "198.51.100.200" }).invites.lookupPin({ pin: challenge.invitePin }),
  ).rejects.toMatchObject({
    code: "TOO_MANY_REQUESTS",
    message: "Too many PIN attempts. Please wait a few minutes and try again.",
  });
});
