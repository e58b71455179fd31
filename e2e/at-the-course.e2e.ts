import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL, createChallengeViaApi, holeButton, namedUser, recordViaApi } from "./birdie-helpers";
import { expect, keptCopy, registerViaApi, test, waitForServiceWorkerControl } from "./fixtures";

// Issue 15, "At the course": the record flow on a 390x844 phone held in one thumb (state-aware
// hole picker, the check before the partner signs, the draft that survives Back/Forward/reload/
// app kill, exactly once per round, the round result, one chat line per round).

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const origin = () => ({ Origin: new URL(baseURL()).origin });

async function birdiesOf(request: APIRequestContext, challengeId: number) {
  const response = await request.get(`/api/birdies?challengeId=${challengeId}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as { holeNumber: number; score: number }[];
}

/**
 * Waits until the device's kept copy of the query cache (IndexedDB, ADR 0029) holds a query of
 * `procedure` ("challenges.byId"). Saving is throttled, so moving on at once could lose the write.
 */
async function waitUntilKept(page: Page, procedure: string) {
  const [router, name] = procedure.split(".");
  await expect.poll(() => keptCopy(page), { timeout: 15_000 }).toContain(`["${router}","${name}"]`);
}

async function toVerification(page: Page, partner = "Jack Partner", signature = "J. Partner") {
  await page.getByRole("button", { name: "Continue to Verification" }).click();
  await expect(page.getByRole("heading", { name: "Partner Verification" })).toBeVisible();
  await page.getByLabel("Partner Name").fill(partner);
  await page.getByLabel("Signature").fill(signature);
}

test.describe("at the course", () => {
  test("the hole picker knows what is recorded: a birdied hole only upgrades, an eagled hole is done", async ({
    page,
  }) => {
    await registerViaApi(page, namedUser("Picker"));
    const challenge = await createChallengeViaApi(page.request);
    await recordViaApi(page.request, challenge.id, [
      { hole: 3, score: 3 },
      { hole: 5, score: 2 },
    ]);
    await page.goto(`/record-birdies/${challenge.id}`);
    const hole3 = holeButton(page, 3);
    const hole5 = holeButton(page, 5);
    await expect(hole3).toHaveAttribute("data-recorded", "birdie");
    await expect(hole3).toHaveAccessibleName("Hole 3, birdie recorded");
    await hole3.tap();
    await expect(hole3).toHaveAttribute("data-mark", "eagle");
    await expect(hole3).toHaveAccessibleName("Hole 3, birdie recorded, eagle");
    await hole3.tap();
    await expect(hole3).toHaveAttribute("data-mark", "none");
    await expect(hole5).toHaveAttribute("aria-disabled", "true");
    await expect(hole5).toHaveAccessibleName("Hole 5, eagle recorded");
    await hole5.tap({ force: true });
    await expect(hole5).toHaveAttribute("data-mark", "none");
    // Targets stay 44 px or more at 390 px.
    const box = await hole5.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test("with multiple birdies on, every hole is markable and shows its count", async ({ page }) => {
    await registerViaApi(page, namedUser("Counts"));
    const challenge = await createChallengeViaApi(page.request, { allowMultipleBirdies: true });
    await recordViaApi(page.request, challenge.id, [
      { hole: 5, score: 3 },
      { hole: 5, score: 3 },
      { hole: 5, score: 2 },
    ]);
    await page.goto(`/record-birdies/${challenge.id}`);
    await expect(page.getByTestId("hole-5-recorded")).toHaveAttribute("data-text", "2B 1E");
    await holeButton(page, 5).tap();
    await expect(holeButton(page, 5)).toHaveAttribute("data-mark", "birdie");
    await expect(holeButton(page, 5)).toHaveAccessibleName("Hole 5, recorded 2 birdies and 1 eagle, birdie");
  });

  test("a hole taken meanwhile is caught before the partner signs, with the marks kept", async ({ page }) => {
    await registerViaApi(page, namedUser("Check"));
    const challenge = await createChallengeViaApi(page.request);
    await page.goto(`/record-birdies/${challenge.id}`);
    await holeButton(page, 2).tap();
    await holeButton(page, 8).tap();
    // Another device records hole 8 while this form is open.
    await recordViaApi(page.request, challenge.id, [{ hole: 8, score: 3 }]);
    await page.getByRole("button", { name: "Continue to Verification" }).click();
    await expect(page.getByTestId("holes-clashes")).toHaveText("Hole 8 is already recorded in this challenge");
    await expect(holeButton(page, 8)).toHaveAttribute("data-flagged", "");
    await expect(page.getByRole("heading", { name: "Partner Verification" })).toHaveCount(0);
    await expect(holeButton(page, 2)).toHaveAttribute("data-mark", "birdie");
    // The picker now knows hole 8 is birdied: a tap turns the mark into the eagle upgrade, which the
    // rules accept, and the flag goes.
    await expect(holeButton(page, 8)).toHaveAttribute("data-recorded", "birdie");
    await holeButton(page, 8).tap();
    await expect(holeButton(page, 8)).toHaveAttribute("data-mark", "eagle");
    await expect(page.getByTestId("holes-clashes")).toHaveCount(0);
    await page.getByRole("button", { name: "Continue to Verification" }).click();
    await expect(page.getByRole("heading", { name: "Partner Verification" })).toBeVisible();
  });

  test("a clash at submit (a race) returns to the holes with the marks kept and the hole flagged", async ({ page }) => {
    await registerViaApi(page, namedUser("Race"));
    const challenge = await createChallengeViaApi(page.request);
    await page.goto(`/record-birdies/${challenge.id}`);
    await holeButton(page, 4).tap();
    await holeButton(page, 9).tap();
    await toVerification(page);
    await recordViaApi(page.request, challenge.id, [{ hole: 9, score: 3 }]);
    await page.getByRole("button", { name: "Submit Verification" }).click();
    await expect(page.getByText("Error Recording Birdies:")).toBeVisible();
    await expect(page.getByTestId("holes-clashes")).toHaveText("Hole 9 is already recorded in this challenge");
    await expect(holeButton(page, 4)).toHaveAttribute("data-mark", "birdie");
    await expect(holeButton(page, 9)).toHaveAttribute("data-mark", "birdie");
    await expect(holeButton(page, 9)).toHaveAttribute("data-flagged", "");
    expect((await birdiesOf(page.request, challenge.id)).map((r) => r.holeNumber)).toEqual([9]);
  });

  test("the draft survives Back, Forward, a reload and an app kill, until discarded", async ({ page, context }) => {
    await registerViaApi(page, namedUser("Draft"));
    const challenge = await createChallengeViaApi(page.request);
    await page.goto(`/record-birdies/${challenge.id}`);
    await holeButton(page, 6).tap();
    await holeButton(page, 7).tap();
    await holeButton(page, 7).tap();
    await toVerification(page, "Pat Partner", "");
    // Back (the browser's, or Android's) returns to the holes with the marks kept.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Partner Verification" })).toHaveCount(0);
    await expect(holeButton(page, 6)).toHaveAttribute("data-mark", "birdie");
    await expect(holeButton(page, 7)).toHaveAttribute("data-mark", "eagle");
    // Forward shows the partner step with the round, not an empty form.
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Partner Verification" })).toBeVisible();
    await expect(page.getByText("6 (birdie), 7 (eagle)")).toBeVisible();
    await expect(page.getByLabel("Partner Name")).toHaveValue("Pat Partner");
    // A reload keeps the step and the round.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Partner Verification" })).toBeVisible();
    await expect(page.getByText("6 (birdie), 7 (eagle)")).toBeVisible();
    // The app is killed and opened again from the home screen.
    await page.close();
    const again = await context.newPage();
    await again.goto(`/record-birdies/${challenge.id}`);
    await expect(holeButton(again, 6)).toHaveAttribute("data-mark", "birdie");
    await expect(holeButton(again, 7)).toHaveAttribute("data-mark", "eagle");
    // Discarded, it is gone for good.
    await again.getByRole("button", { name: "Discard Round" }).click();
    await expect(holeButton(again, 6)).toHaveAttribute("data-mark", "none");
    await again.reload();
    await expect(holeButton(again, 6)).toHaveAttribute("data-mark", "none");
  });

  test("exactly once: a same-frame double tap on Submit Verification records the round once", async ({ page }) => {
    await registerViaApi(page, namedUser("Double"));
    const challenge = await createChallengeViaApi(page.request);
    await page.goto(`/record-birdies/${challenge.id}`);
    await holeButton(page, 10).tap();
    await holeButton(page, 11).tap();
    await toVerification(page);
    const submit = page.getByRole("button", { name: "Submit Verification" });
    // Two clicks in one frame, before React can re-render the pending state.
    await submit.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByRole("heading", { name: "Round Recorded" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect((await birdiesOf(page.request, challenge.id)).map((r) => r.holeNumber).sort()).toEqual([10, 11]);
  });

  test("exactly once at the API: the same round id sent twice at once records once", async ({ page }) => {
    await registerViaApi(page, namedUser("ApiOnce"));
    const challenge = await createChallengeViaApi(page.request);
    const round = {
      challengeId: challenge.id,
      date: new Date().toISOString().slice(0, 10),
      holes: [{ holeNumber: 12, score: 3 }],
      verifiedBy: { name: "Pat", signature: "P" },
      clientRoundId: `e2e-round-${Date.now().toString(36)}`,
    };
    const send = () => page.request.post("/trpc/birdies.recordRound", { data: round, headers: origin() });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.ok(), await a.text()).toBeTruthy();
    expect(b.ok(), await b.text()).toBeTruthy();
    expect(await birdiesOf(page.request, challenge.id)).toHaveLength(1);
  });

  test("the round result shows holes, points, rank, progress and each achievement, with ways on", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await registerViaApi(page, namedUser("Result"));
    const challenge = await createChallengeViaApi(page.request);
    await page.goto(`/record-birdies/${challenge.id}`);
    await holeButton(page, 3).tap();
    await holeButton(page, 4).tap();
    await holeButton(page, 5).tap();
    await holeButton(page, 5).tap();
    await toVerification(page);
    await page.getByRole("button", { name: "Submit Verification" }).click();
    const result = page.getByTestId("round-result");
    await expect(result.getByRole("heading", { name: "Round Recorded" })).toBeFocused();
    await expect(result.getByTestId("result-holes")).toHaveText("3 (birdie), 4 (birdie), 5 (eagle)");
    await expect(result.getByTestId("result-points")).toHaveText("+5 pts");
    await expect(result.getByTestId("result-rank")).toHaveText("#1 of 1");
    await expect(result.getByTestId("result-progress")).toHaveText("3/18 holes");
    const achievements = result.getByTestId("result-achievements").getByRole("listitem");
    // First Birdie, Early Bird, Back-to-Back and Triple Threat at least.
    expect(await achievements.count()).toBeGreaterThanOrEqual(3);
    await expect(achievements.filter({ hasText: "Triple Threat" })).toHaveCount(1);
    // Reduced motion: the celebration does not move.
    expect(await achievements.first().evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await expect(result.getByRole("button", { name: "Share" })).toBeVisible();
    await expect(result.getByRole("link", { name: "View Challenge" })).toHaveAttribute(
      "href",
      `/challenges/${challenge.id}`,
    );

    // One chat line for the round and one for its achievements.
    const chat = await page.request.get(`/api/challenges/${challenge.id}/chat`);
    const lines = ((await chat.json()) as { message: string; type: string }[])
      .filter((m) => m.type === "system")
      .map((m) => m.message);
    expect(lines.filter((l) => l.includes(" recorded "))).toEqual([
      expect.stringMatching(/ recorded 2 birdies and an eagle: holes 3, 4, 5$/),
    ]);
    expect(lines.filter((l) => l.includes(" earned "))).toHaveLength(1);

    await result.getByRole("button", { name: "Record Another Round" }).click();
    await expect(holeButton(page, 5)).toHaveAttribute("data-recorded", "eagle");
  });
});

test.describe("challenges that are not running", () => {
  async function challengeFrom(page: Page, startDays: number, endDays: number) {
    const DAY = 86_400_000;
    const response = await page.request.post("/api/challenges", {
      data: {
        name: `Window ${Math.random().toString(36).slice(2, 7)}`,
        startDate: new Date(Date.now() + startDays * DAY).toISOString(),
        endDate: new Date(Date.now() + endDays * DAY).toISOString(),
        courseMode: "single",
        courseName: `Window Links ${Math.random().toString(36).slice(2, 7)}`,
      },
      headers: origin(),
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()) as { id: number };
  }

  test("an upcoming challenge offers no Record Birdie but when it starts; an ended one offers none", async ({
    page,
  }) => {
    await registerViaApi(page, namedUser("Upcoming"));
    const upcoming = await challengeFrom(page, 3, 30);
    await page.goto(`/challenges/${upcoming.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("starts-on")).toHaveText(/^Starts \w+ \d+, \d{4}$/);
    await expect(page.getByRole("link", { name: "Record Birdie" })).toHaveCount(0);
    // The dashboard's current challenge is this upcoming one: no Record New Birdie either.
    await page.goto("/");
    const card = page.getByTestId("current-challenge-card");
    await expect(card.getByTestId("starts-on")).toHaveText(/^Starts /);
    await expect(card.getByRole("link", { name: "Record New Birdie" })).toHaveCount(0);

    const ended = await challengeFrom(page, -30, -2);
    await page.goto(`/challenges/${ended.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Invite" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Record Birdie" })).toHaveCount(0);
    await expect(page.getByTestId("starts-on")).toHaveCount(0);
  });
});

test.describe("hybrid courses", () => {
  test("the courses played in the challenge and the golfer's recent ones are offered, the likeliest chosen", async ({
    page,
  }) => {
    await registerViaApi(page, namedUser("Hybrid"));
    const tag = Math.random().toString(36).slice(2, 7);
    const challenge = await createChallengeViaApi(page.request, { courseMode: "hybrid", courseName: `Dunes ${tag}` });
    const elsewhere = await createChallengeViaApi(page.request, {
      courseMode: "hybrid",
      courseName: `Elsewhere ${tag}`,
    });
    await recordViaApi(page.request, challenge.id, [{ hole: 1, score: 3 }], { customCourseName: `Pines ${tag}` });
    await recordViaApi(page.request, elsewhere.id, [{ hole: 2, score: 3 }], { customCourseName: `Heath ${tag}` });
    await page.goto(`/record-birdies/${challenge.id}`);
    await expect(page.getByTestId("challenge-courses")).toContainText(
      `Courses in this challenge: Dunes ${tag}, Pines ${tag}`,
    );
    const course = page.getByLabel("Course", { exact: true });
    await expect(course.locator("optgroup[label='In this challenge'] option")).toHaveText([
      `Dunes ${tag}`,
      `Pines ${tag}`,
    ]);
    await expect(course.locator("optgroup[label='Your recent courses'] option")).toHaveText([`Heath ${tag}`]);
    await course.selectOption({ label: `Heath ${tag}` });
    await holeButton(page, 9).tap();
    await toVerification(page);
    await expect(page.getByText(`Heath ${tag}`)).toBeVisible();
    await page.getByRole("button", { name: "Submit Verification" }).click();
    await expect(page.getByRole("heading", { name: "Round Recorded" })).toBeVisible();
  });
});

test.describe("works at the course with no signal", () => {
  test.use({ serviceWorkers: "allow" });

  test("what was seen is shown offline with a quiet banner, a cold start from the home screen included", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await registerViaApi(page, namedUser("Offline"));
    const challenge = await createChallengeViaApi(page.request);
    await recordViaApi(page.request, challenge.id, [{ hole: 7, score: 3 }]);
    // One visit online: dashboard, the challenge (overview and board), achievements. The code that
    // keeps the cache comes late here (as on a slow phone): after the dashboard's data.
    const lateKeeping = "**/assets/query-persistence-*.js";
    await context.route(lateKeeping, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto("/");
    await expect(
      page.getByTestId("current-challenge-card").getByRole("heading", { name: challenge.name }),
    ).toBeVisible();
    await waitForServiceWorkerControl(page);
    // The dashboard's one request usually lands before the code that keeps the cache does; what it
    // brought is kept all the same (the cold start below shows it).
    await waitUntilKept(page, "challenges.list");
    await context.unroute(lateKeeping);
    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();
    await page.getByRole("tab", { name: "Leaderboard" }).click();
    await page.waitForLoadState("networkidle");
    await waitUntilKept(page, "challenges.byId");
    await page.goto("/achievements");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The cache is written to IndexedDB shortly after each change.
    await waitUntilKept(page, "achievements.list");

    // Offline, the dashboard waits for the device's copy rather than saying there is nothing.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes("No Active Challenges")) {
          (window as unknown as { sawNoChallenges: boolean }).sawNoChallenges = true;
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await context.setOffline(true);
    const errorToasts = page.getByTestId("toast").filter({ hasText: /Failed|Error/ });
    // A cold start with no signal: the shell from the service worker, the data from the device.
    await page.goto("/");
    const banner = page.getByTestId("offline-banner");
    await expect(banner).toHaveText(/^Offline - showing what you saw at \d{2}:\d{2}$/);
    const card = page.getByTestId("current-challenge-card");
    await expect(card.getByRole("heading", { name: challenge.name })).toBeVisible();
    await expect(card.getByTestId("birdied-count")).toHaveText("1 / 18 birdied");
    await expect(page.getByText("No Active Challenges")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sawNoChallenges?: boolean }).sawNoChallenges)).toBeFalsy();
    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();
    await expect(banner).toBeVisible();
    // The record form too: the challenge and its recorded holes are known offline.
    await page.goto(`/record-birdies/${challenge.id}`);
    await expect(holeButton(page, 7)).toHaveAttribute("data-recorded", "birdie");
    await expect(errorToasts).toHaveCount(0);
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
  });
});
