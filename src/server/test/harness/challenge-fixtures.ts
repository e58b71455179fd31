import type { RestClient } from "./harness";

// Challenge set-up shared by the challenge, course and invite suites: through the REST routes, so
// every fixture also exercises the real transport.

const DAY = 86_400_000;
let seq = 0;

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++seq}`;

/** Today's date as a round's `date` (YYYY-MM-DD, UTC). */
export const today = () => new Date().toISOString().slice(0, 10);

/** A window around now: active by default; pass offsets in days for upcoming or past ones. */
export function challengeWindow(startInDays = -1, endInDays = 10) {
  const now = Date.now();
  return {
    startDate: new Date(now + startInDays * DAY).toISOString(),
    endDate: new Date(now + endInDays * DAY).toISOString(),
  };
}

export async function createCourse(client: RestClient, name = unique("Course")) {
  const res = await client.post("/api/courses", { name });
  if (res.status !== 201) throw new Error(`course creation failed: ${res.status} ${res.text}`);
  return res.json as { id: number; name: string };
}

/** A single-course challenge on a fresh course unless the body says otherwise. */
export async function createChallenge(client: RestClient, body: Record<string, unknown> = {}) {
  const courseIds =
    "courseIds" in body || "courseName" in body || body.courseMode === "hybrid"
      ? undefined
      : [(await createCourse(client)).id];
  const res = await client.post("/api/challenges", {
    name: unique("Challenge"),
    ...challengeWindow(),
    ...(courseIds ? { courseIds } : {}),
    ...body,
  });
  if (res.status !== 201) throw new Error(`challenge creation failed: ${res.status} ${res.text}`);
  return res.json;
}

export async function join(client: RestClient, inviteCode: string) {
  const res = await client.post(`/api/challenges/invite/${inviteCode}/join`);
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${res.text}`);
  return res.json as { challengeId: number; name: string };
}
