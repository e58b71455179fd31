import { afterAll, beforeAll, expect, test } from "bun:test";
import { decodeWire } from "../../shared/wire/trpc-transformer";
import { createChallenge, today } from "../test/harness/challenge-fixtures";
import { createTestHarness, signUp, type TestHarness } from "../test/harness/harness";

// ADR 0061 over HTTP: tRPC answers carry holeCounts in the marked form, the client's decoding gives
// back exactly what the REST twin answers, and the REST routes keep their documented JSON.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

test("a golfer's challenges and a board: marked over /trpc, the same as REST once decoded", async () => {
  const golfer = await signUp(h);
  const challenge = await createChallenge(golfer.client, { allowMultipleBirdies: true });
  const recorded = await golfer.client.post("/trpc/birdies.recordRound", {
    challengeId: challenge.id,
    date: today(),
    holes: [
      { holeNumber: 1, score: 3 },
      { holeNumber: 7, score: 2 },
    ],
    verifiedBy: { name: "Pat Partner", signature: "P. Partner" },
  });
  expect(recorded.status).toBe(200);

  const viaTrpc = await golfer.client.get("/trpc/challenges.list");
  expect(viaTrpc.status).toBe(200);
  expect(viaTrpc.text).toContain('"holeCounts":{"$n":["1",');
  const viaRest = await golfer.client.get(`/api/users/${golfer.user.id}/challenges`);
  expect(viaRest.status).toBe(200);
  expect(viaRest.text).toContain('"holeCounts":{"1":{"birdies":1,"eagles":0},"7":{"birdies":0,"eagles":1}}');
  expect(decodeWire(viaTrpc.json.result.data)).toEqual(viaRest.json);

  const board = await golfer.client.get(`/trpc/leaderboards.challenge?input=${q({ challengeId: challenge.id })}`);
  expect(board.status).toBe(200);
  const boardRest = await golfer.client.get(`/api/challenges/${challenge.id}/leaderboard`);
  expect(boardRest.status).toBe(200);
  expect(decodeWire(board.json.result.data)).toEqual(boardRest.json);
  expect(board.text).toContain('"holeCounts":{"$n":["1",');
  expect(boardRest.json[0].holeCounts["7"]).toEqual({ birdies: 0, eagles: 1 });
});

test("inputs are plain JSON and errors keep their shape", async () => {
  const golfer = await signUp(h);
  const missing = await golfer.client.get(`/trpc/challenges.byId?input=${q({ id: 987654 })}`);
  expect(missing.status).toBe(404);
  expect(missing.json.error.message).toBeString();
  expect(missing.json.error.data.httpStatus).toBe(404);
});
