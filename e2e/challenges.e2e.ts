import type { Browser, Page } from "@playwright/test";
import { createChallengeApi, joinApi } from "./challenge-api";
import { expect, registerViaApi, test, uniqueUser } from "./fixtures";

async function newSignedInPage(browser: Browser, firstName: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const user = await registerViaApi(page, uniqueUser(firstName));
  return { context, page, user };
}

const toast = (page: Page) => page.getByTestId("toast");

test.describe("My Challenges", () => {
  test("a challenge created through the form shows under Active with the Creator badge", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/challenges");
    await expect(page.getByRole("heading", { level: 1, name: "My Challenges" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Active Challenges" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Join with PIN" })).toHaveAttribute("href", "/join");

    await page.getByRole("link", { name: "Create Challenge" }).click();
    await expect(page).toHaveURL(/\/challenges\/new$/);
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/challenges");

    const name = `Spring Birdies ${Date.now().toString(36)}`;
    await page.getByLabel("Challenge name").fill(name);
    await page.getByLabel("Course name").fill(`Oak Hollow ${Date.now().toString(36)}`);
    await page.getByLabel("Rules").fill("Only weekend rounds count");
    await page.getByRole("button", { name: "Create Challenge" }).click();

    await expect(toast(page)).toContainText("Challenge Created!");
    // Lands on the new challenge with its share card (link, PIN, QR) up front.
    await expect(page).toHaveURL(/\/challenges\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your challenge is ready: invite your friends" })).toBeVisible();
    await expect(page.getByTestId("invite-qr")).toBeVisible();
    await page.goto("/challenges");
    const card = page.getByTestId("challenge-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Creator", { exact: true })).toBeVisible();
    await expect(card.getByText("Single Course")).toBeVisible();
    await expect(card.getByText("1 player")).toBeVisible();
    await expect(card.getByText(/^\d+d \d+h remaining$/)).toBeVisible();
    await expect(card.getByRole("progressbar")).toBeVisible();
    await expect(page.getByRole("tab", { name: /Active/ })).toContainText("1");

    await card.getByRole("link", { name: "View Challenge" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("time-remaining")).toHaveText(/^\d+ days and \d+ hours remaining$/);
  });

  test("create form shows the product's validation messages (docs/product/texts-and-messages.md#challenge-fields)", async ({
    page,
  }) => {
    await registerViaApi(page);
    await page.goto("/challenges/new");
    await page.getByLabel("Challenge name").fill("abc");
    await page.getByLabel("Course name").fill("X");
    const start = await page.getByLabel("Start date").inputValue();
    // The picker refuses days before today; typing an earlier end still gets the message.
    await expect(page.getByLabel("Start date")).toHaveAttribute("min", start);
    await page.getByLabel("End date").fill("2020-01-01");
    await page.getByRole("button", { name: "Create Challenge" }).click();

    await expect(page.getByText("Challenge name must be at least 4 characters")).toBeVisible();
    await expect(page.getByText("Course name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("End date must be after start date")).toBeVisible();
    await expect(page).toHaveURL(/\/challenges\/new$/);

    // The threshold only appears for firstToThreshold and accepts 1 to 18.
    await expect(page.getByLabel("Threshold (holes)")).toHaveCount(0);
    await page.getByLabel("Tiebreaker").selectOption("firstToThreshold");
    await page.getByLabel("Challenge name").fill("Valid name");
    await page.getByLabel("Course name").fill("Valid Course");
    await page.getByLabel("End date").fill("");
    await page.getByLabel("Threshold (holes)").fill("19");
    await page.getByRole("button", { name: "Create Challenge" }).click();
    await expect(page.getByText("Threshold must be between 1 and 18")).toBeVisible();

    // Eagle bonus explains itself in the product's words (docs/product/rules.md#eagle-bonus).
    await page.getByLabel("Eagle bonus").check();
    await expect(page.getByText("Eagles count as two birdies.")).toBeVisible();
  });

  test("a hybrid challenge takes several courses and reads 'first +N more'", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/challenges/new");
    const suffix = Date.now().toString(36);
    const name = `Road Trip ${suffix}`;
    await page.getByLabel("Challenge name").fill(name);
    await page.getByRole("radio", { name: /Hybrid Mode/ }).check();
    await page.getByLabel("Add a course").fill(`Dune Valley ${suffix}`);
    await page.getByRole("button", { name: "Add course" }).click();
    await page.getByLabel("Add a course").fill(`Pine Ridge ${suffix}`);
    await page.getByLabel("Add a course").press("Enter");
    const added = page.getByRole("list", { name: "Added courses" });
    await expect(added.getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("Add a course").fill(`Sea Cliffs ${suffix}`);
    await page.getByRole("button", { name: "Create Challenge" }).click();

    await expect(page).toHaveURL(/\/challenges\/\d+$/);
    await page.goto("/challenges");
    const card = page.getByTestId("challenge-card").filter({ hasText: name });
    await expect(card.getByText(`Dune Valley ${suffix} +2 more`)).toBeVisible();
    await expect(card.getByText("Hybrid Mode")).toBeVisible();
  });

  test("upcoming and past challenges sit in their tabs with their own texts", async ({ page }) => {
    await registerViaApi(page);
    const upcoming = await createChallengeApi(page.request, { startInDays: 5, endInDays: 30 });
    const past = await createChallengeApi(page.request, { startInDays: -40, endInDays: -10 });
    await page.goto("/challenges");
    await expect(page.getByRole("heading", { name: "No Active Challenges" })).toBeVisible();

    await page.getByRole("tab", { name: /Upcoming/ }).click();
    const upcomingCard = page.getByTestId("challenge-card").filter({ hasText: upcoming.name });
    await expect(upcomingCard.getByText(/^Starts \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(upcomingCard.getByRole("link", { name: "View Details" })).toBeVisible();
    await expect(upcomingCard.getByRole("progressbar")).toHaveCount(0);

    await page.getByRole("tab", { name: /Past/ }).click();
    const pastCard = page.getByTestId("challenge-card").filter({ hasText: past.name });
    await expect(pastCard.getByText(/^Ended \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(pastCard.getByRole("link", { name: "View Results" })).toBeVisible();

    await pastCard.getByRole("link", { name: "View Results" }).click();
    await expect(page.getByTestId("time-remaining")).toHaveText("This challenge has ended");
  });

  test("a new golfer's Past tab offers to create a first challenge", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/challenges?tab=past");
    await expect(page.getByRole("heading", { name: "No Past Challenges" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Your First Challenge" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a Challenge" })).toBeVisible();
  });
});

test.describe("challenge detail", () => {
  test("players join by PIN and by invite link; the creator removes one; a non-creator cannot edit", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await registerViaApi(page, uniqueUser("Creator"));
    const challenge = await createChallengeApi(page.request, { rules: "Play it as it lies" });

    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();
    const link = await page.getByLabel("Invite link").inputValue();
    expect(link).toContain(`/join-challenge/${challenge.inviteCode}`);
    const shownPin = (await page.getByTestId("invite-pin").innerText()).replace(/\s/g, "");
    expect(shownPin).toBe(challenge.invitePin);

    // Second golfer: by PIN, typed in lower case with a dash.
    const second = await newSignedInPage(browser, "Pinny");
    await second.page.goto("/join");
    const pinField = second.page.getByLabel("PIN code");
    await pinField.fill(`${shownPin.slice(0, 5).toLowerCase()}`);
    await expect(second.page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await pinField.fill(`${shownPin.slice(0, 5).toLowerCase()}-${shownPin.slice(5)}`);
    await expect(pinField).toHaveValue(shownPin.match(/.{1,3}/g)!.join(" "));
    await second.page.getByRole("button", { name: "Continue" }).click();
    await expect(second.page).toHaveURL(new RegExp(`/challenges/${challenge.id}$`), { timeout: 15_000 });
    await expect(second.page.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();

    // Third golfer: opens the invite link signed out, sees the invitation, signs up, lands in the challenge.
    const thirdContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const third = await thirdContext.newPage();
    await third.goto(new URL(link).pathname);
    await expect(third.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();
    await third.getByRole("button", { name: "Sign Up & Join" }).click();
    await expect(third).toHaveURL(/\/auth\?redirect=/);
    const newcomer = uniqueUser("Linky");
    await expect(third.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    await third.getByLabel("Username").fill(newcomer.username);
    await third.getByLabel("Display name").fill(newcomer.displayName);
    await third.getByLabel("Email").fill(newcomer.email);
    await third.getByLabel("Password").fill(newcomer.password);
    await third.getByRole("button", { name: "Create account" }).click();
    await expect(third).toHaveURL(new RegExp(`/challenges/${challenge.id}$`), { timeout: 15_000 });
    await expect(third.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();
    // A player who is not the creator has no creator tools.
    await expect(third.getByRole("heading", { name: "Creator Controls" })).toHaveCount(0);

    // The creator sees three players and removes the PIN joiner.
    await page.reload();
    const players = page.getByRole("list", { name: "Players", exact: true });
    await expect(players.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByText("3 players")).toBeVisible();
    await expect(players.getByRole("button", { name: /^Remove / })).toHaveCount(2);
    await players.getByRole("button", { name: `Remove ${second.user.displayName}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("All of their birdies in this challenge will be deleted");
    await expect(dialog).toContainText("cannot be undone");
    await dialog.getByRole("button", { name: "Remove Player" }).click();
    await expect(toast(page)).toContainText("Player Removed");
    await expect(players.getByRole("listitem")).toHaveCount(2);

    // The removed golfer no longer sees the challenge.
    await second.page.goto(`/challenges/${challenge.id}`);
    await expect(second.page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();
    await expect(second.page.getByRole("main").getByRole("link", { name: "My Challenges" })).toBeVisible();

    // A non-creator opening the edit page is sent back to the challenge.
    await third.goto(`/challenges/${challenge.id}/edit`);
    await expect(third).toHaveURL(new RegExp(`/challenges/${challenge.id}$`));
    await expect(third.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();

    // The three tabs.
    await third.getByRole("tab", { name: "Rules & Info" }).click();
    await expect(third.getByText("Play it as it lies")).toBeVisible();
    await expect(third.getByRole("heading", { name: "Challenge Details" })).toBeVisible();
    await third.getByRole("tab", { name: "Leaderboard" }).click();
    await expect(third.getByRole("tab", { name: "Leaderboard" })).toHaveAttribute("aria-selected", "true");
    await third.getByRole("tab", { name: "Overview" }).click();
    await expect(third.getByRole("heading", { name: "Challenge Info" })).toBeVisible();
    await expect(third.getByRole("link", { name: "Record Birdie", exact: true })).toHaveAttribute(
      "href",
      `/record-birdies/${challenge.id}`,
    );

    await second.context.close();
    await thirdContext.close();
  });

  test("the creator edits the challenge", async ({ page }) => {
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request);
    await page.goto(`/challenges/${challenge.id}`);
    await page.getByRole("link", { name: "Edit Challenge" }).click();
    await expect(page).toHaveURL(new RegExp(`/challenges/${challenge.id}/edit$`));
    await expect(page.getByLabel("Challenge name")).toHaveValue(challenge.name);
    await expect(page.getByLabel("Course name")).toHaveValue(challenge.courseName);

    await page.getByLabel("Challenge name").fill("ab");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Challenge name must be at least 3 characters")).toBeVisible();

    await page.getByLabel("Challenge name").fill("Fog");
    await page.getByLabel("Tiebreaker").selectOption("firstToComplete");
    await page.getByLabel("Course name").fill(`Cliffside ${Date.now().toString(36)}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/challenges/${challenge.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Fog" })).toBeVisible();
    await expect(page.getByText(/Cliffside/).first()).toBeVisible();
  });

  test("deleting asks 'Are you absolutely sure?' first", async ({ page }) => {
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request);
    await page.goto(`/challenges/${challenge.id}`);

    await page.getByRole("button", { name: "Delete Challenge" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you absolutely sure?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: challenge.name })).toBeVisible();

    await page.getByRole("button", { name: "Delete Challenge" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete Challenge" }).click();
    await expect(page).toHaveURL(/\/challenges$/);
    await expect(page.getByRole("heading", { name: "No Active Challenges" })).toBeVisible();

    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();
  });

  test("the Invite button highlights the invite card; a missing challenge is not found", async ({ page }) => {
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request);
    await page.goto(`/challenges/${challenge.id}?tab=rules`);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Invite Friends" })).toBeInViewport();
    await page.getByRole("button", { name: "Copy PIN" }).click();
    await expect(toast(page)).toContainText(/PIN Copied!|Copy Failed/);

    await page.goto("/challenges/99999999");
    await expect(page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "My Challenges" }).click();
    await expect(page).toHaveURL(/\/challenges$/);
  });

  test("phone width: no horizontal scroll on the list, form and detail", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request, { name: "A rather long challenge name for small phones" });
    const noScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    for (const path of [
      "/challenges",
      "/challenges/new",
      `/challenges/${challenge.id}`,
      `/challenges/${challenge.id}/edit`,
      `/challenges/${challenge.id}?tab=rules`,
    ]) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await noScroll(), path).toBe(true);
    }
  });
});

test("a joined player sees the challenge in their list without the Creator badge", async ({ page, browser }) => {
  await registerViaApi(page);
  const challenge = await createChallengeApi(page.request);
  const other = await newSignedInPage(browser, "Joiner");
  await joinApi(other.page.request, challenge.inviteCode);
  await other.page.goto("/challenges");
  const card = other.page.getByTestId("challenge-card").filter({ hasText: challenge.name });
  await expect(card.getByText("2 players")).toBeVisible();
  await expect(card.getByText("Creator", { exact: true })).toHaveCount(0);
  await other.context.close();
});
