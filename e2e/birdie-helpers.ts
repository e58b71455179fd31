import { type APIRequestContext, type Browser, type Locator, type Page, expect, test } from "@playwright/test";
import { registerViaApi, type TestUser, uniqueUser } from "./fixtures";

// Shared set-up for the birdies and leaderboards specs: challenges, joins and records go through
// the REST routes (fast); each spec drives the screens it is about.

const DAY_MS = 24 * 60 * 60 * 1000;

export function baseURL(): string {
  return test.info().project.use.baseURL ?? "http://127.0.0.1:3100";
}

function originHeader() {
  return { Origin: new URL(baseURL()).origin };
}

/** A calendar day (UTC) `daysAgo` days back, as the record API takes it. */
export function utcDay(daysAgo = 0): string {
  return new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** A user with a display name no other spec uses, so rows can be found by name. */
export function namedUser(firstName: string): TestUser {
  const user = uniqueUser(firstName);
  return { ...user, displayName: `${firstName} ${user.username.slice(-6)}` };
}

export type CreatedChallenge = { id: number; name: string; inviteCode: string; courseName: string };

type ChallengeOptions = {
  name?: string;
  courseMode?: "single" | "hybrid";
  courseName?: string;
  allowMultipleBirdies?: boolean;
  eagleBonus?: boolean;
};

/** A challenge that started 3 days ago and runs 20 more days, so today is inside its window. */
export async function createChallengeViaApi(
  request: APIRequestContext,
  options: ChallengeOptions = {},
): Promise<CreatedChallenge> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = options.name ?? `Birdie Hunt ${suffix}`;
  const courseName = options.courseName ?? `Pebble Links ${suffix}`;
  const response = await request.post("/api/challenges", {
    data: {
      name,
      startDate: new Date(Date.now() - 3 * DAY_MS).toISOString(),
      endDate: new Date(Date.now() + 20 * DAY_MS).toISOString(),
      courseMode: options.courseMode ?? "single",
      courseName,
      allowMultipleBirdies: options.allowMultipleBirdies ?? false,
      eagleBonus: options.eagleBonus ?? false,
    },
    headers: originHeader(),
  });
  expect(response.ok(), `create challenge: ${response.status()} ${await response.text()}`).toBeTruthy();
  const body = (await response.json()) as { id: number; inviteCode: string };
  return { id: body.id, name, inviteCode: body.inviteCode, courseName };
}

export async function joinViaInvite(request: APIRequestContext, inviteCode: string): Promise<void> {
  const response = await request.post(`/api/challenges/invite/${encodeURIComponent(inviteCode)}/join`, {
    headers: originHeader(),
  });
  expect(response.ok(), `join: ${response.status()} ${await response.text()}`).toBeTruthy();
}

type Hole = { hole: number; score: 3 | 2 };

/** Records holes one call each (the REST compatibility path), verified by `partner`. */
export async function recordViaApi(
  request: APIRequestContext,
  challengeId: number,
  holes: Hole[],
  options: { date?: string; partner?: string; signature?: string; customCourseName?: string } = {},
): Promise<void> {
  for (const h of holes) {
    const response = await request.post("/api/birdies", {
      data: {
        challengeId,
        ...(options.customCourseName ? { customCourseName: options.customCourseName } : {}),
        holeNumber: h.hole,
        score: h.score,
        date: options.date ?? utcDay(0),
        verifiedBy: { name: options.partner ?? "Api Partner", signature: options.signature ?? "Api Sig" },
      },
      headers: originHeader(),
    });
    expect(response.ok(), `record hole ${h.hole}: ${response.status()} ${await response.text()}`).toBeTruthy();
  }
}

/** A second signed-in player in their own browser context. */
export async function secondPlayer(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await registerViaApi(page, user);
  return page;
}

/**
 * A hole button of the record form, whatever its mark and recorded state: named "Hole 5",
 * "Hole 5, birdie", "Hole 5, birdie recorded, eagle" or "Hole 5, eagle recorded".
 */
export function holeButton(page: Page, hole: number): Locator {
  return page.getByRole("button", { name: new RegExp(`^Hole ${hole}(, [a-z0-9 ]+)*$`) });
}
