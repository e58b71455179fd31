import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { directionControlsMessage } from "../../../shared/schemas/text";
import { rows } from "../../db/raw";
import { users } from "../../db/schema/users";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { createChallenge } from "../../features/challenges/commands";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../harness/harness";

// Names and messages other golfers read (issue 13 row 19), through both transports over HTTP: a
// name that shows nothing or carries a direction override is refused with a 400 and its message,
// and nothing is stored; accepted text is stored in NFC.

const ZERO_WIDTH = "\u200B\u2060\u200B";
const HANGUL_FILLER = "\u3164\u3164\u3164\u3164";
const OVERRIDE = "Eve\u202Enimda"; // shows as "Eveadmin"
const DECOMPOSED = "Jose\u0301"; // "José" typed with a combining accent
const COMPOSED = "Jos\u00e9";

let h: TestHarness;
let me: Awaited<ReturnType<typeof signUp>>;
let challengeId: number;
let courseId: number;
beforeAll(async () => {
  h = await createTestHarness();
  me = await signUp(h);
  const challenge = await createChallenge(
    h.as(me.user),
    createChallengeSchema.parse({
      name: "Readable names",
      startDate: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      courseName: `Readable Links ${Date.now().toString(36)}`,
    }),
  );
  challengeId = challenge.id;
  courseId = challenge.courses[0].id;
}, 120_000);
afterAll(() => h.close());

type Call = { rest: (v: string) => Promise<Answer>; trpc: (v: string) => Promise<Answer> };
type Answer = { status: number; message: string | undefined };

const viaRest = async (p: Promise<{ status: number; json: any }>): Promise<Answer> => {
  const r = await p;
  return { status: r.status, message: r.json?.message };
};
const viaTrpc = async (client: RestClient, path: string, input: unknown): Promise<Answer> => {
  const r = await client.post(`/trpc/${path}`, input);
  return { status: r.status, message: r.json?.error?.message };
};

let seq = 0;
const fresh = () => `${Date.now().toString(36)}${++seq}`;
const newUser = (displayName: string) => {
  const t = fresh();
  return { username: `readable_${t}`, displayName, email: `readable_${t}@example.com`, password: "birdie123" };
};
const today = () => new Date().toISOString().slice(0, 10);

const FIELDS: [string, string, string, Call][] = [
  [
    "sign-up display name",
    "Display name",
    "Display name is required",
    {
      rest: (v) => viaRest(new RestClient(h.app).post("/api/register", newUser(v))),
      trpc: (v) => viaTrpc(new RestClient(h.app), "auth.register", newUser(v)),
    },
  ],
  [
    "profile display name",
    "Display name",
    "Display name is required",
    {
      rest: (v) => viaRest(me.client.put("/api/users/me", { displayName: v })),
      trpc: (v) => viaTrpc(me.client, "profile.update", { displayName: v }),
    },
  ],
  [
    "chat message",
    "Message",
    "Message cannot be empty",
    {
      rest: (v) => viaRest(me.client.post(`/api/challenges/${challengeId}/chat`, { message: v })),
      trpc: (v) => viaTrpc(me.client, "chat.send", { challengeId, message: v }),
    },
  ],
  [
    "course name",
    "Course name",
    "Course name must be at least 2 characters",
    {
      rest: (v) => viaRest(me.client.post("/api/courses", { name: v })),
      trpc: (v) => viaTrpc(me.client, "courses.create", { name: v }),
    },
  ],
  [
    "challenge name",
    "Challenge name",
    "Challenge name must be at least 4 characters",
    {
      rest: (v) =>
        viaRest(
          me.client.post("/api/challenges", {
            name: v,
            startDate: new Date().toISOString(),
            endDate: new Date(Date.now() + 86_400_000).toISOString(),
            courseIds: [courseId],
          }),
        ),
      trpc: (v) =>
        viaTrpc(me.client, "challenges.create", {
          name: v,
          startDate: new Date().toISOString(),
          endDate: new Date(Date.now() + 86_400_000).toISOString(),
          courseIds: [courseId],
        }),
    },
  ],
  [
    "partner name",
    "Partner name",
    "Partner name is required",
    {
      rest: (v) =>
        viaRest(
          me.client.post("/api/birdies", {
            challengeId,
            holeNumber: 3,
            score: 3,
            date: today(),
            verifiedBy: { name: v, signature: "sig" },
          }),
        ),
      trpc: (v) =>
        viaTrpc(me.client, "birdies.recordRound", {
          challengeId,
          date: today(),
          holes: [{ holeNumber: 3, score: 3 }],
          verifiedBy: { name: v, signature: "sig" },
        }),
    },
  ],
];

/** Every stored text column that holds what these fields write, searched for a needle. */
async function storedAnywhere(needle: string): Promise<number> {
  const [found] = await rows<{ n: number }>(
    h.db,
    sql`select (
      (select count(*) from users where display_name like ${`%${needle}%`}) +
      (select count(*) from chat_messages where message like ${`%${needle}%`}) +
      (select count(*) from courses where name like ${`%${needle}%`}) +
      (select count(*) from challenges where name like ${`%${needle}%`}) +
      (select count(*) from birdie_records where verifier_name like ${`%${needle}%`})
    )::int as n`,
  );
  return found.n;
}

describe("names and messages must be readable (REST and tRPC)", () => {
  for (const [what, label, blank, call] of FIELDS) {
    for (const [transport, send] of [
      ["REST", call.rest],
      ["tRPC", call.trpc],
    ] as const) {
      test(`${what} over ${transport}: invisible-only and direction overrides are a 400 and store nothing`, async () => {
        expect(await send(ZERO_WIDTH)).toEqual({ status: 400, message: blank });
        expect(await send(HANGUL_FILLER)).toEqual({ status: 400, message: blank });
        expect(await send(OVERRIDE)).toEqual({ status: 400, message: directionControlsMessage(label) });
        expect(await storedAnywhere("\u202E")).toBe(0);
        expect(await storedAnywhere("\u3164")).toBe(0);
        expect(await storedAnywhere("\u2060")).toBe(0);
      });
    }
  }

  test("accepted names and messages are stored in NFC", async () => {
    const name = `${DECOMPOSED} ${fresh()}`;
    expect((await me.client.put("/api/users/me", { displayName: name })).status).toBe(200);
    const [row] = await h.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row.displayName).toBe(name.normalize("NFC"));
    expect(row.displayName.startsWith(COMPOSED)).toBe(true);

    const sent = await me.client.post(`/api/challenges/${challengeId}/chat`, { message: `Hola ${DECOMPOSED}` });
    expect(sent.status).toBe(201);
    expect(sent.json.message).toBe(`Hola ${COMPOSED}`);
  });

  test("a course name typed with a combining accent is the same course as the composed one", async () => {
    const suffix = fresh();
    const first = await me.client.post("/api/courses", { name: `${COMPOSED} Links ${suffix}` });
    expect(first.status).toBe(201);
    const again = await viaTrpc(me.client, "courses.create", { name: `${DECOMPOSED} Links ${suffix}` });
    expect(again).toEqual({ status: 409, message: "Course already exists" });
    const search = await me.client.get(`/api/courses/search?q=${encodeURIComponent(`${DECOMPOSED} Links ${suffix}`)}`);
    expect(search.json.map((c: { id: number }) => c.id)).toEqual([first.json.id]);
  });
});
