import type { Browser, Page } from "@playwright/test";
import { baseURL, createChallengeViaApi, joinViaInvite, namedUser, recordViaApi } from "./birdie-helpers";
import { expect, registerViaApi, test, type TestUser } from "./fixtures";

// The notification centre (docs/product/rules.md#notifications,
// docs/product/routes-and-screens.md#notifications): the bell's count changes live, over /ws,
// when another golfer records a round; nothing is reloaded.

test.use({ serviceWorkers: "block" });

type Player = { page: Page; user: TestUser; close: () => Promise<void> };

async function newPlayer(browser: Browser, firstName: string): Promise<Player> {
  const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: "block" });
  const page = await context.newPage();
  const user = await registerViaApi(page, namedUser(firstName));
  return { page, user, close: () => context.close() };
}

test.describe("notifications", () => {
  test("the bell updates live when a rival records a round; the list marks all read", async ({ browser }) => {
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    try {
      const challenge = await createChallengeViaApi(alice.page.request);
      await alice.page.goto("/");
      const bell = alice.page.getByTestId("notification-bell");
      await expect(bell).toHaveAccessibleName("Notifications");

      // Bob joins: Alice hears of it without reloading.
      await joinViaInvite(bob.page.request, challenge.inviteCode);
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
      await expect(alice.page.getByTestId("notification-count")).toHaveText("1");

      // Bob records a round: one more, live.
      await recordViaApi(bob.page.request, challenge.id, [{ hole: 4, score: 3 }]);
      await expect(bell).toHaveAccessibleName("Notifications, 2 unread");

      await bell.click();
      await expect(alice.page).toHaveURL(/\/notifications$/);
      await expect(alice.page).toHaveTitle("Notifications - Birdie Challenge");
      await expect(alice.page.getByRole("heading", { level: 1, name: "Notifications" })).toBeFocused();
      const items = alice.page.getByTestId("notification-item");
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText(
        `${bob.user.displayName} recorded a round in ${challenge.name}: 1 birdie`,
      );
      await expect(items.nth(1)).toContainText(`${bob.user.displayName} joined ${challenge.name}`);
      await expect(alice.page.getByTestId("unread-summary")).toHaveText("2 unread");

      await alice.page.getByRole("button", { name: "Mark all as read" }).click();
      await expect(alice.page.getByTestId("unread-summary")).toHaveText("You're all caught up.");
      await expect(bell).toHaveAccessibleName("Notifications");
      await expect(alice.page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();

      // Opening an item goes to its page (the challenge's board).
      await items.first().getByRole("link").click();
      await expect(alice.page).toHaveURL(new RegExp(`/leaderboard/${challenge.id}$`));
    } finally {
      await alice.close();
      await bob.close();
    }
  });
});
