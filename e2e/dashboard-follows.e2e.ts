import { createChallengeViaApi, joinViaInvite, namedUser, recordViaApi, secondPlayer } from "./birdie-helpers";
import { expect, registerViaApi, test } from "./fixtures";

// An open dashboard follows rounds it did not record itself (docs/product/routes-and-screens.md#data-freshness):
// the golfer's own, recorded on another device or through the API, arrive with My Challenges'
// 15 s poll and refresh the card, board and achievements; a rival's arrive with the live
// notification and refresh the board at once.

test.describe("the dashboard follows rounds recorded elsewhere", () => {
  test("the golfer's own round from elsewhere reaches the card, the board and the achievements", async ({ page }) => {
    await registerViaApi(page, namedUser("Roamer"));
    const challenge = await createChallengeViaApi(page.request);
    // Fake timers from the first script on, so the 15 s poll can be fast-forwarded.
    await page.clock.install();
    await page.goto("/");
    const card = page.getByTestId("current-challenge-card");
    const board = page.getByRole("region", { name: "Challenge Leaderboard" });
    const recent = page.getByRole("region", { name: "Recent Achievements" });
    await expect(card.getByTestId("birdied-count")).toHaveText("0 / 18 birdied");
    await expect(board).toContainText("No players have recorded birdies yet");
    await expect(recent).toContainText("No achievements yet");

    // Another device of the same golfer (the same session, through the REST route).
    await recordViaApi(page.request, challenge.id, [{ hole: 7, score: 3 }]);
    await page.clock.fastForward("00:16");

    await expect(card.getByTestId("birdied-count")).toHaveText("1 / 18 birdied");
    await expect(board.getByTestId("dashboard-leaderboard-row")).toHaveCount(1);
    await expect(board.getByTestId("dashboard-leaderboard-row")).toContainText("You");
    await expect(recent).toContainText("First Birdie");
  });

  test("a rival's round moves the open dashboard's board without waiting for a poll", async ({ page, browser }) => {
    await registerViaApi(page, namedUser("Keeper"));
    const challenge = await createChallengeViaApi(page.request);
    const chaser = namedUser("Chaser");
    const rival = await secondPlayer(browser, chaser);

    await page.goto("/");
    const board = page.getByRole("region", { name: "Challenge Leaderboard" });
    await expect(board).toContainText("No players have recorded birdies yet");
    // The rival joins now: the bell counting it proves the live socket is open.
    await joinViaInvite(rival.request, challenge.inviteCode);
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 1 unread");

    await recordViaApi(rival.request, challenge.id, [{ hole: 3, score: 2 }]);
    // Well under the 15 s poll: what moves the board is the rival_round notification's event.
    const rows = board.getByTestId("dashboard-leaderboard-row");
    await expect(rows.first()).toContainText(chaser.displayName, { timeout: 10_000 });
    await expect(rows.first()).toContainText("3 pts");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("You");
    await rival.context().close();
  });
});
