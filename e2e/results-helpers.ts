import { type APIRequestContext, expect } from "@playwright/test";
import { baseURL, utcDay } from "./birdie-helpers";

// A challenge that ends a few seconds from now, for the specs about final results and fair-play
// flags: set-up through the REST routes, then the spec waits for the end and drives the screens.

const DAY_MS = 24 * 60 * 60 * 1000;

export type EndingChallenge = { id: number; name: string; inviteCode: string; endsAt: number };

export async function endingChallengeViaApi(
  request: APIRequestContext,
  options: { name: string; endsInMs?: number },
): Promise<EndingChallenge> {
  const endsAt = Date.now() + (options.endsInMs ?? 8_000);
  const response = await request.post("/api/challenges", {
    data: {
      name: options.name,
      startDate: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      endDate: new Date(endsAt).toISOString(),
      courseName: `Sunset Links ${Math.random().toString(36).slice(2, 7)}`,
    },
    headers: { Origin: new URL(baseURL()).origin },
  });
  expect(response.ok(), `create challenge: ${response.status()} ${await response.text()}`).toBeTruthy();
  const body = (await response.json()) as { id: number; inviteCode: string };
  return { id: body.id, name: options.name, inviteCode: body.inviteCode, endsAt };
}

/** Records yesterday's round (one REST call per hole). */
export async function recordRoundViaApi(request: APIRequestContext, challengeId: number, holes: number[], score = 3) {
  for (const holeNumber of holes) {
    const response = await request.post("/api/birdies", {
      data: {
        challengeId,
        holeNumber,
        score,
        date: utcDay(1),
        verifiedBy: { name: "Rita Marker", signature: "R. M." },
      },
      headers: { Origin: new URL(baseURL()).origin },
    });
    expect(response.ok(), `record hole ${holeNumber}: ${response.status()} ${await response.text()}`).toBeTruthy();
  }
}

/** Waits (in the test's own process) until the challenge's end has passed. */
export async function untilEnded(challenge: EndingChallenge): Promise<void> {
  const left = challenge.endsAt - Date.now() + 500;
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
