import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse as parseCsv } from "csv-parse/sync";
import ICAL from "ical.js";
import { challengeWindow, createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { RECORDS_CSV_COLUMNS } from "./exports";

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
let creator: Golfer;
let member: Golfer;
let outsider: Golfer;
let challenge: { id: number; inviteCode: string; name: string; startDate: string; endDate: string };

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };

async function record(g: Golfer, holeNumber: number, score: number, date: string) {
  const res = await g.client.post("/api/birdies", {
    challengeId: challenge.id,
    holeNumber,
    score,
    date,
    verifiedBy: partner,
  });
  if (res.status !== 201) throw new Error(`record failed: ${res.status} ${res.text}`);
  return res.json;
}

beforeAll(async () => {
  h = await createTestHarness();
  creator = await signUp(h, { displayName: "Carla Creator" });
  // A name a spreadsheet would run as a formula: the CSV must keep it text.
  member = await signUp(h, { displayName: "=Mo Member" });
  outsider = await signUp(h, { displayName: "Otto Outsider" });
  challenge = await createChallenge(creator.client, {
    name: 'Autumn Cup, the "big" one',
    rules: "Play it as it lies",
    allowMultipleBirdies: true,
    ...challengeWindow(-5, 10),
  });
  await join(member.client, challenge.inviteCode);
  // Hole 3: the member first (two days ago), then the creator today. Hole 5: an eagle by the creator.
  await record(member, 3, 3, day(-2));
  await record(creator, 3, 3, day(0));
  await record(creator, 5, 2, day(-1));
}, 60_000);
afterAll(() => h.close());

describe("GET /api/challenges/{id}/holes", () => {
  test("every hole with who birdied it first and its counted birdies and eagles; open holes have nobody", async () => {
    const res = await creator.client.get(`/api/challenges/${challenge.id}/holes`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(18);
    expect(res.json.map((r: { holeNumber: number }) => r.holeNumber)).toEqual(
      Array.from({ length: 18 }, (_, i) => i + 1),
    );
    expect(res.json[2]).toEqual({
      holeNumber: 3,
      firstBy: { userId: member.user.id, displayName: "=Mo Member", date: day(-2) },
      birdies: 2,
      eagles: 0,
    });
    expect(res.json[4]).toEqual({
      holeNumber: 5,
      firstBy: { userId: creator.user.id, displayName: "Carla Creator", date: day(-1) },
      birdies: 0,
      eagles: 1,
    });
    const open = res.json
      .filter((r: { firstBy: unknown }) => r.firstBy === null)
      .map((r: { holeNumber: number }) => r.holeNumber);
    expect(open).toEqual([1, 2, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  test("the tRPC twin answers the same", async () => {
    const rest = await member.client.get(`/api/challenges/${challenge.id}/holes`);
    expect(await h.caller(member.user).results.holes({ id: challenge.id })).toEqual(rest.json);
  });

  test("non-members get 404 as for every member-only read; signed out 401; a bad id 400", async () => {
    expect(await outsider.client.get(`/api/challenges/${challenge.id}/holes`)).toMatchObject({
      status: 404,
      json: { message: "Challenge not found" },
    });
    expect((await new RestClient(h.app).get(`/api/challenges/${challenge.id}/holes`)).status).toBe(401);
    expect(await creator.client.get("/api/challenges/abc/holes")).toMatchObject({
      status: 400,
      json: { message: "Invalid challenge id" },
    });
  });
});

describe("GET /api/challenges/{id}/records.csv", () => {
  test("RFC 4180 CSV, one row per record, parsed back by csv-parse; formula-looking names stay text", async () => {
    const res = await member.client.get(`/api/challenges/${challenge.id}/records.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="challenge-${challenge.id}-records.csv"`);
    expect(res.text).toContain("\r\n");
    const rows: Record<string, string>[] = parseCsv(res.text, { columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([...RECORDS_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.Golfer, r.Hole, r.Type, r["Date played"], r["Verification status"]])).toEqual([
      ["'=Mo Member", "3", "birdie", day(-2), "signed"],
      ["Carla Creator", "3", "birdie", day(0), "signed"],
      ["Carla Creator", "5", "eagle", day(-1), "signed"],
    ]);
    expect(rows[0]?.["Verified by"]).toBe("Pat Partner");
    expect(rows[0]?.Username).toBe(member.user.username);
  });

  test("non-members 404, signed out 401", async () => {
    expect((await outsider.client.get(`/api/challenges/${challenge.id}/records.csv`)).status).toBe(404);
    expect((await new RestClient(h.app).get(`/api/challenges/${challenge.id}/records.csv`)).status).toBe(401);
  });
});

describe("GET /api/challenges/{id}/calendar.ics", () => {
  test("the challenge window as one all-day event, parsed back by ical.js", async () => {
    const res = await creator.client.get(`/api/challenges/${challenge.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/calendar");
    const cal = new ICAL.Component(ICAL.parse(res.text));
    const vevent = cal.getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Autumn Cup, the "big" one');
    expect(event.uid).toBe(`challenge-${challenge.id}@birdie-challenge`);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(challenge.startDate.slice(0, 10));
    // DTEND is exclusive: the day after the last day of the window.
    const end = new Date(challenge.endDate);
    const dayAfter = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() + 1));
    expect(event.endDate.toString()).toBe(dayAfter.toISOString().slice(0, 10));
    expect(event.description).toContain("Play it as it lies");
  });

  test("non-members 404, signed out 401", async () => {
    expect((await outsider.client.get(`/api/challenges/${challenge.id}/calendar.ics`)).status).toBe(404);
    expect((await new RestClient(h.app).get(`/api/challenges/${challenge.id}/calendar.ics`)).status).toBe(401);
  });
});
