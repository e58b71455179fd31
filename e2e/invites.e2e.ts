import type { Browser } from "@playwright/test";
import { createChallengeApi } from "./challenge-api";
import { expect, registerViaApi, test, uniqueUser } from "./fixtures";

async function creatorWithChallenge(browser: Browser, options: Parameters<typeof createChallengeApi>[1] = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await registerViaApi(page, uniqueUser("Host"));
  const challenge = await createChallengeApi(page.request, options);
  return { context, challenge };
}

test.describe("join by PIN", () => {
  test("signed out, the PIN page asks for a sign-in first", async ({ page }) => {
    await page.goto("/join");
    await expect(page).toHaveURL(/\/auth\?redirect=\/join$/);
  });

  test("the PIN box groups in threes, checks length and reports an unknown PIN", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/join");
    const field = page.getByLabel("PIN code");
    const continueButton = page.getByRole("button", { name: "Continue" });
    await expect(continueButton).toBeDisabled();

    await field.fill("abcde");
    await expect(field).toHaveValue("ABC DE");
    await expect(continueButton).toBeDisabled();
    await field.blur();
    await expect(page.getByText("PIN code is too short")).toBeVisible();

    await field.fill("");
    await expect(page.getByText("Please enter a PIN code")).toBeVisible();

    await field.fill("abc-def-ghj-klm-npq");
    await expect(field).toHaveValue("ABC DEF GHJ KLM");

    await field.fill("ZZZZZZZZZZ");
    await expect(continueButton).toBeEnabled();
    await continueButton.click();
    await expect(page.getByText("Invalid PIN code. Please try again.")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Invalid PIN");
    await expect(page.getByTestId("toast")).toContainText("The PIN code you entered is invalid or expired.");

    await expect(page.getByRole("link", { name: "View My Challenges" })).toHaveAttribute("href", "/challenges");
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  });
});

test.describe("invite links", () => {
  test("signed in, the invite link joins and opens the challenge; a second visit says already joined", async ({
    page,
    browser,
  }) => {
    const host = await creatorWithChallenge(browser);
    await registerViaApi(page);

    await page.goto(`/join-challenge/${host.challenge.inviteCode}`);
    await expect(page.getByRole("heading", { name: host.challenge.name })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Challenge Joined!");
    await expect(page).toHaveURL(new RegExp(`/challenges/${host.challenge.id}$`));
    await expect(page.getByText("2 players")).toBeVisible();

    await page.goto(`/join-challenge/${host.challenge.inviteCode}`);
    await expect(page.getByTestId("toast")).toContainText("Already joined");
    await expect(page).toHaveURL(new RegExp(`/challenges/${host.challenge.id}$`));
    await host.context.close();
  });

  test("an unknown code is Challenge Not Found; a malformed one is an Invalid Invitation", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/join-challenge/NoSuchInviteCode123");
    await expect(page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();
    await page.goto("/join-challenge/bad!code");
    await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  });

  test("signed out, the invite link shows the invitation first and keeps it while signing up", async ({
    page,
    browser,
  }) => {
    const host = await creatorWithChallenge(browser);
    await page.goto(`/join-challenge/${host.challenge.inviteCode}`);
    await expect(page.getByText("You've Been Invited to Join")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: host.challenge.name })).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign Up & Join" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/auth\\?redirect=/join-challenge/${host.challenge.inviteCode}&tab=register$`),
    );
    expect(await page.evaluate(() => localStorage.getItem("pendingInviteCode"))).toBe(host.challenge.inviteCode);
    await host.context.close();
  });
});

test.describe("share page", () => {
  test("anyone can preview; Invite copies the link", async ({ page, browser }) => {
    const host = await creatorWithChallenge(browser, { rules: "Winter rules apply" });
    // Desktop Linux Chromium has no share sheet, but make sure the copy path is the one tested.
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/share/challenge/${host.challenge.inviteCode}`);

    await expect(page.getByRole("heading", { level: 1, name: host.challenge.name })).toBeVisible();
    await expect(page.getByText("Host Tester").first()).toBeVisible();
    await expect(page.getByText("Winter rules apply")).toBeVisible();
    await expect(page.getByText(host.challenge.courseName)).toBeVisible();
    await expect(page.getByText("1 player", { exact: true })).toBeVisible();
    // Signed out there is no list to browse (it used to lead to My Challenges).
    await expect(page.getByRole("link", { name: "Browse All Challenges" })).toHaveCount(0);

    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByTestId("toast")).toContainText("Link Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `/share/challenge/${host.challenge.inviteCode}`,
    );

    // Joining from the preview goes through sign-in and keeps the invitation.
    await page.getByRole("link", { name: "Join This Challenge" }).click();
    await expect(page).toHaveURL(new RegExp(`/join-challenge/${host.challenge.inviteCode}$`));
    await page.getByRole("button", { name: "Login & Join" }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await host.context.close();
  });

  test("an unknown code shows Challenge Not Found with Go to Home", async ({ page }) => {
    await page.goto("/share/challenge/NoSuchInviteCode123");
    await expect(page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();
    await expect(
      page.getByText("The challenge you're looking for doesn't exist or the invitation link is no longer valid."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("invite page", () => {
  test("signed out: Login & Join keeps the invitation and lands in the challenge after logging in", async ({
    page,
    browser,
  }) => {
    const host = await creatorWithChallenge(browser);
    // A golfer with an account, signed out in this browser.
    const golfer = uniqueUser("Guest");
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await registerViaApi(await other.newPage(), golfer);
    await other.close();

    await page.goto(`/invite/${host.challenge.inviteCode}`);
    await expect(page.getByText("You've Been Invited to Join")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: host.challenge.name })).toBeVisible();
    await expect(
      page.getByText(
        "The player with the most points wins (birdie 1, eagle 3). Ties go to the player with the most birdies.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Up & Join" })).toBeVisible();

    await page.getByRole("button", { name: "Login & Join" }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=/join-challenge/${host.challenge.inviteCode}$`));

    await page.getByLabel("Username").fill(golfer.username);
    await page.getByLabel("Password").fill(golfer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(new RegExp(`/challenges/${host.challenge.id}$`), { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: host.challenge.name })).toBeVisible();
    await host.context.close();
  });

  test("signed in: the page moves on to joining by itself", async ({ page, browser }) => {
    const host = await creatorWithChallenge(browser);
    await registerViaApi(page);
    await page.goto(`/invite/${host.challenge.inviteCode}`);
    await expect(page.getByText("You've Been Invited to Join")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/challenges/${host.challenge.id}$`), { timeout: 15_000 });
    await host.context.close();
  });

  test("Sign Up & Join opens the register tab", async ({ page, browser }) => {
    const host = await creatorWithChallenge(browser);
    await page.goto(`/invite/${host.challenge.inviteCode}`);
    await page.getByRole("button", { name: "Sign Up & Join" }).click();
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    expect(await page.evaluate(() => localStorage.getItem("pendingInviteCode"))).toBe(host.challenge.inviteCode);
    await host.context.close();
  });
});
