import type { Browser, Page } from "@playwright/test";
import { baseURL, createChallengeViaApi, holeButton, joinViaInvite, namedUser, recordViaApi } from "./birdie-helpers";
import { expect, registerViaApi, test, type TestUser } from "./fixtures";

// Two-key verification and creator moderation (docs/product/rules.md#verification): two golfers on
// two "phones" (browser contexts); one records naming the other's account, the other confirms from
// the bell; a creator voids a record and the golfer sees why.

test.use({ serviceWorkers: "block" });

type Player = { page: Page; user: TestUser; close: () => Promise<void> };

async function newPlayer(browser: Browser, firstName: string): Promise<Player> {
  const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: "block" });
  const page = await context.newPage();
  const user = await registerViaApi(page, namedUser(firstName));
  return { page, user, close: () => context.close() };
}

test.describe("two-key verification", () => {
  test("a golfer names a member's account; the partner confirms from the bell", async ({ browser }) => {
    test.setTimeout(90_000);
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    try {
      const challenge = await createChallengeViaApi(alice.page.request);
      await joinViaInvite(bob.page.request, challenge.inviteCode);

      // Alice records hole 4 and picks Bob from the challenge's members.
      const page = alice.page;
      await page.goto(`/record-birdies/${challenge.id}`);
      await holeButton(page, 4).click();
      await page.getByRole("button", { name: "Continue to Verification" }).click();
      await page.getByRole("radio", { name: "A golfer with an account" }).check();
      await page.getByRole("button", { name: bob.user.displayName }).click();
      await expect(page.getByTestId("picked-partner")).toContainText(`@${bob.user.username}`);
      await page.getByRole("button", { name: "Submit Verification" }).click();
      await expect(page.getByTestId("toast")).toContainText("Success!");
      await expect(page.getByTestId("result-waiting")).toHaveText(`Waiting for ${bob.user.displayName} to confirm`);

      // Bob's bell rings; he confirms from the notification.
      await bob.page.goto("/");
      const bell = bob.page.getByTestId("notification-bell");
      await expect(bell).toHaveAccessibleName(/unread/);
      await bell.click();
      await expect(bob.page).toHaveURL(/\/notifications$/);
      const request = bob.page
        .getByTestId("notification-item")
        .filter({ hasText: `${alice.user.displayName} named you as partner for a birdie on hole 4` });
      await expect(request).toBeVisible();
      await request.getByRole("button", { name: "Confirm" }).click();
      await expect(bob.page.getByTestId("toast")).toContainText("Record confirmed");
      await expect(request.getByTestId("verification-answered")).toHaveText("Answered");

      // Alice sees it confirmed in the hole's details, with its history.
      await page.goto(`/challenges/${challenge.id}`);
      const progress = page.getByRole("region", { name: "Your Progress" });
      await progress.getByRole("button", { name: /^Hole 4, birdied/ }).click();
      const details = page.getByRole("dialog", { name: "Hole 4 Details" });
      await expect(details.getByTestId("status-badge")).toHaveAttribute("data-status", "confirmed");
      await details.getByRole("button", { name: "History" }).click();
      const history = details.getByTestId("record-history");
      await expect(history).toContainText(`Recorded as pending by ${alice.user.displayName}`);
      await expect(history).toContainText(`Confirmed by ${bob.user.displayName}`);
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  test("a creator voids a record; the golfer is told why", async ({ browser }) => {
    test.setTimeout(90_000);
    const carla = await newPlayer(browser, "Carla");
    const gus = await newPlayer(browser, "Gus");
    try {
      const challenge = await createChallengeViaApi(carla.page.request);
      await joinViaInvite(gus.page.request, challenge.inviteCode);
      await recordViaApi(gus.page.request, challenge.id, [{ hole: 5, score: 3 }]);

      // Carla opens Gus's holes from the board and voids hole 5 with a reason.
      const page = carla.page;
      await page.goto(`/leaderboard/${challenge.id}`);
      await page.getByTestId("leaderboard-row").filter({ hasText: gus.user.displayName }).getByRole("button").click();
      const playerDialog = page.getByRole("dialog", { name: `${gus.user.displayName}'s Birdies` });
      await playerDialog.getByRole("button", { name: /^Hole 5, birdied/ }).click();
      const details = page.getByRole("dialog", { name: "Hole 5 Details" });
      await expect(details.getByTestId("status-badge")).toHaveAttribute("data-status", "signed");
      await details.getByRole("button", { name: "Void" }).click();
      await details.getByLabel("Why do you void this record?").fill("Played after the round was closed");
      await details.getByRole("button", { name: "Void", exact: true }).last().click();
      await expect(page.getByTestId("toast")).toContainText("Record voided");
      await expect(details.getByTestId("status-badge")).toHaveAttribute("data-status", "voided");

      // Gus hears why, and sees it on his own record.
      await gus.page.goto("/notifications");
      await expect(
        gus.page
          .getByTestId("notification-item")
          .filter({ hasText: `${carla.user.displayName} voided your birdie on hole 5 in ${challenge.name}` }),
      ).toContainText("Played after the round was closed");
      await gus.page.goto(`/challenges/${challenge.id}`);
      const editBirdies = gus.page.getByRole("region", { name: "Edit Birdies" });
      await expect(editBirdies.getByTestId("status-badge")).toHaveAttribute("data-status", "voided");
      await expect(
        gus.page.getByRole("region", { name: "Your Progress" }).getByTestId("your-progress-count"),
      ).toHaveText("0/18");
    } finally {
      await carla.close();
      await gus.close();
    }
  });
});
