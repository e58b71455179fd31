import { createChallengeViaApi, joinViaInvite, namedUser, recordViaApi, secondPlayer, utcDay } from "./birdie-helpers";
import { expect, registerViaApi, test } from "./fixtures";

test.describe("leaderboards and achievements", () => {
  test("two players see the same order, medals and 'You' on every board", async ({ page, browser }) => {
    const alice = await registerViaApi(page, namedUser("Alice"));
    const challenge = await createChallengeViaApi(page.request);
    const bruno = namedUser("Bruno");
    const brunoPage = await secondPlayer(browser, bruno);
    await joinViaInvite(brunoPage.request, challenge.inviteCode);

    // Alice: one birdie (1 pt). Bruno: a birdie and an eagle (4 pts).
    await recordViaApi(page.request, challenge.id, [{ hole: 1, score: 3 }]);
    await recordViaApi(brunoPage.request, challenge.id, [
      { hole: 2, score: 3 },
      { hole: 3, score: 2 },
    ]);

    // Alice's full board.
    await page.goto(`/leaderboard/${challenge.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Challenge Leaderboard" })).toBeVisible();
    await expect(page.getByLabel("Challenge", { exact: true }).locator("option:checked")).toHaveText(challenge.name);
    await expect(page.getByRole("link", { name: "View Challenge Details" })).toHaveAttribute(
      "href",
      `/challenges/${challenge.id}`,
    );
    const rows = page.getByTestId("leaderboard-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(bruno.displayName);
    await expect(rows.nth(0).getByTestId("leaderboard-points")).toHaveText("4");
    await expect(rows.nth(0).getByRole("img", { name: "Rank 1, Gold medal" })).toBeVisible();
    await expect(rows.nth(1)).toContainText("You");
    await expect(rows.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(rows.nth(1).getByRole("img", { name: "Rank 2, Silver medal" })).toBeVisible();
    await expect(page.getByText("Birdie 1 pt", { exact: true })).toBeVisible();
    await expect(page.getByText("Eagle 3 pts", { exact: true })).toBeVisible();

    // Any player's birdies open from the board.
    await rows.nth(0).getByRole("button").click();
    const playerDialog = page.getByRole("dialog", { name: `${bruno.displayName}'s Birdies` });
    await expect(playerDialog.getByTestId("player-holes-completed")).toHaveText("2 / 18");
    await expect(playerDialog.getByTestId("player-courses-played")).toHaveText("1");
    await expect(playerDialog.getByRole("region", { name: "Holes by course" })).toContainText(challenge.courseName);
    await playerDialog.getByRole("button", { name: /^Hole 3, eagled/ }).click();
    await expect(page.getByRole("dialog", { name: "Hole 3 Details" })).toContainText("Api Partner");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Hole 3 Details" })).toBeHidden();
    await expect(playerDialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(playerDialog).toBeHidden();

    // Alice's dashboard widget and the View Leaderboards menu.
    await page.goto("/");
    const widget = page.getByRole("region", { name: "Challenge Leaderboard" });
    const widgetRows = widget.getByTestId("dashboard-leaderboard-row");
    await expect(widgetRows).toHaveCount(2);
    await expect(widgetRows.nth(0)).toContainText(bruno.displayName);
    // Every ranked row shows the points it is ranked by and the holes.
    await expect(widgetRows.nth(0).getByTestId("board-figures")).toHaveText("4 pts2/18 holes");
    await expect(widgetRows.nth(0)).toContainText("Handicap: N/A");
    await expect(widgetRows.nth(1)).toContainText("You");
    await expect(widgetRows.nth(1)).toHaveAttribute("aria-current", "true");
    await widget.getByRole("button", { name: "View Leaderboards" }).click();
    await expect(page.getByRole("menuitem", { name: "This Challenge" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Global Leaders" })).toBeVisible();
    await page.getByRole("menuitem", { name: "My Rankings" }).click();
    await expect(page).toHaveURL(/\/leaderboard\/my-challenges$/);
    const ranking = page.getByTestId("my-ranking").filter({ hasText: challenge.name });
    await expect(ranking.getByTestId("my-rank")).toHaveText("#2");
    await expect(ranking).toContainText("of 2");
    await expect(ranking).toContainText(bruno.displayName);

    // Bruno sees himself first, as 'You', with the gold medal, on the detail page's Top Players too.
    await brunoPage.goto(`/challenges/${challenge.id}`);
    const top = brunoPage.getByRole("region", { name: "Top Players" });
    const topRows = top.getByTestId("top-player");
    await expect(topRows).toHaveCount(2);
    await expect(topRows.nth(0)).toContainText("You");
    await expect(topRows.nth(0).getByRole("img", { name: "Rank 1, Gold medal" })).toBeVisible();
    await expect(topRows.nth(1)).toContainText(alice.displayName);
    await expect(top.getByRole("link", { name: "View Full Leaderboard" })).toHaveAttribute(
      "href",
      `/leaderboard/${challenge.id}`,
    );
    await brunoPage.context().close();
  });

  test("the first birdie earns 'First Birdie' on the dashboard and on /achievements Earned", async ({ page }) => {
    await registerViaApi(page, namedUser("Newbie"));
    const challenge = await createChallengeViaApi(page.request);

    await page.goto("/");
    const recent = page.getByRole("region", { name: "Recent Achievements" });
    await expect(recent).toContainText("No achievements yet");
    await expect(recent).toContainText("Start recording birdies to earn achievements!");

    // Recorded through the form so the unlock toast shows too.
    await page.goto(`/record-birdies/${challenge.id}`);
    await page.getByRole("button", { name: "Hole 10", exact: true }).click();
    await page.getByRole("button", { name: "Continue to Verification" }).click();
    await page.getByLabel("Partner Name").fill("Sam");
    await page.getByLabel("Signature").fill("Sam S");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    await expect(page.getByTestId("toast")).toContainText("Success!");
    await expect(page.getByTestId("toast")).toContainText("Achievement Unlocked");

    await page.goto("/");
    const tiles = recent.getByTestId("recent-achievement");
    await expect(tiles).toHaveCount(2);
    await expect(recent).toContainText("First Birdie");
    await expect(tiles.first()).toContainText("Today");
    await expect(recent.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/achievements");

    await recent.getByRole("link", { name: "View All" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
    await expect(page.getByTestId("achievement-card")).toHaveCount(9);
    const earnedCount = await page.locator('[data-testid="achievement-card"][data-earned="true"]').count();
    expect(earnedCount).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("achievements-summary")).toHaveText(`${earnedCount} of 9 earned`);
    await expect(page.getByTestId("achievements-percent")).toHaveText(`${Math.round((earnedCount / 9) * 100)}%`);

    await page.getByRole("tab", { name: "Earned" }).click();
    await expect(page.getByRole("tab", { name: "Earned" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("achievement-card")).toHaveCount(earnedCount);
    const firstBirdie = page.getByRole("listitem", { name: "First Birdie, earned" });
    await expect(firstBirdie).toBeVisible();
    await expect(firstBirdie).toContainText("Earned ");

    await page.getByRole("tab", { name: "Milestones" }).click();
    await expect(page.getByTestId("achievement-card")).toHaveCount(4);
    await page.getByRole("tab", { name: "Specialty" }).click();
    await expect(page.getByTestId("achievement-card")).toHaveCount(5);
  });

  test("the global board switches periods and highlights the player", async ({ page, browser }) => {
    await registerViaApi(page, namedUser("Globe"));
    const challenge = await createChallengeViaApi(page.request);
    const older = namedUser("Oldie");
    const olderPage = await secondPlayer(browser, older);
    await joinViaInvite(olderPage.request, challenge.inviteCode);

    // Today for the player; two days ago for the other (inside the challenge window).
    await recordViaApi(page.request, challenge.id, [{ hole: 1, score: 3 }], { date: utcDay(0) });
    await recordViaApi(olderPage.request, challenge.id, [{ hole: 1, score: 2 }], { date: utcDay(2) });
    await olderPage.context().close();

    await page.goto("/leaderboard");
    await expect(page).toHaveURL(/\/leaderboard\/global$/);
    await expect(page.getByRole("heading", { level: 1, name: "Global Leaderboard" })).toBeVisible();
    const period = page.getByRole("group", { name: "Period" });
    for (const label of ["All Time", "This Year", "This Month", "This Week", "Today"]) {
      await expect(period.getByRole("button", { name: label })).toBeVisible();
    }
    await expect(period.getByRole("button", { name: "All Time" })).toHaveAttribute("aria-pressed", "true");
    const rows = page.getByTestId("global-row");
    await expect(rows.filter({ hasText: older.displayName })).toHaveCount(1);
    const mine = rows.filter({ hasText: "You" });
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveAttribute("aria-current", "true");
    // Medals for the top three.
    await expect(rows.first().locator("[data-medal='gold']")).toBeVisible();

    await period.getByRole("button", { name: "Today" }).click();
    await expect(page).toHaveURL(/period=day$/);
    await expect(period.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
    await expect(rows.filter({ hasText: "You" })).toHaveCount(1);
    await expect(rows.filter({ hasText: older.displayName })).toHaveCount(0);

    await period.getByRole("button", { name: "This Year" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "This Year" })).toBeVisible();
    // Two days ago may fall in last year on 1-2 January; the player's own row is always there.
    await expect(rows.filter({ hasText: "You" })).toHaveCount(1);

    // The period survives a reload (it lives in the URL).
    await page.reload();
    await expect(
      page.getByRole("group", { name: "Period" }).getByRole("button", { name: "This Year" }),
    ).toHaveAttribute("aria-pressed", "true");
  });
});
