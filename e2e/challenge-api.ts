import { type APIRequestContext, expect, test } from "@playwright/test";

// REST shortcuts for the challenges and invites specs: set-up goes through the API (fast), the
// behaviour under test goes through the screens.

const DAY_MS = 24 * 60 * 60 * 1000;

function originHeader() {
  return { Origin: new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3100").origin };
}

export type ApiChallenge = { id: number; name: string; inviteCode: string; invitePin: string; courseName: string };

type Options = { name?: string; courseName?: string; startInDays?: number; endInDays?: number; rules?: string };

/** By default a challenge that started yesterday and runs 20 more days (active). */
export async function createChallengeApi(request: APIRequestContext, options: Options = {}): Promise<ApiChallenge> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = options.name ?? `Links Quest ${suffix}`;
  const courseName = options.courseName ?? `Harbour Links ${suffix}`;
  const response = await request.post("/api/challenges", {
    data: {
      name,
      courseName,
      rules: options.rules,
      startDate: new Date(Date.now() + (options.startInDays ?? -1) * DAY_MS).toISOString(),
      endDate: new Date(Date.now() + (options.endInDays ?? 20) * DAY_MS).toISOString(),
    },
    headers: originHeader(),
  });
  expect(response.ok(), `create challenge: ${response.status()} ${await response.text()}`).toBeTruthy();
  const body = (await response.json()) as { id: number; inviteCode: string; invitePin: string };
  return { id: body.id, name, inviteCode: body.inviteCode, invitePin: body.invitePin, courseName };
}

export async function joinApi(request: APIRequestContext, inviteCode: string): Promise<void> {
  const response = await request.post(`/api/challenges/invite/${encodeURIComponent(inviteCode)}/join`, {
    headers: originHeader(),
  });
  expect(response.ok(), `join: ${response.status()} ${await response.text()}`).toBeTruthy();
}
