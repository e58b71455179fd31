import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { ADMIN_USERNAME, expect, registerViaApi, signInAdminViaApi, test, uniqueUser } from "./fixtures";

test.describe("admin area", () => {
  test("an admin may play: player pages open, the menus switch between Admin and Play (ADR 0030)", async ({ page }) => {
    await signInAdminViaApi(page);
    await page.goto("/achievements");
    await expect(page).toHaveURL(/\/achievements$/);
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await page.getByRole("link", { name: "Play", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    await page.goto("/admin");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  });

  test("non-admins cannot open admin pages", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
  });

  test("signed-out visitors of admin pages go to the admin sign-in", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  });
});

// The account exists before the server starts (e2e/serve.ts); ADMIN_USERNAMES made it an admin.
const ADMIN_PASSWORD = E2E_ADMIN.password;

async function signInAtAdminLogin(page: Page) {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

const statValue = (page: Page, label: string) =>
  page.getByRole("region", { name: label, exact: true }).getByTestId("stat-value");

async function readStat(page: Page, label: string): Promise<number> {
  const text = await statValue(page, label).innerText();
  return Number(text.replace(/,/g, ""));
}

test.describe("admin workflows", () => {
  test("an admin signs in, disables a user (their open session ends), resolves a support request and sees the totals change", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The whole round trip of an operator (two browsers, four pages): more than the default budget.
    test.setTimeout(60_000);
    const origin = new URL(baseURL!).origin;

    // A player, signed in on their own device, who writes to support.
    const playerContext = await browser.newContext({ baseURL });
    const playerPage = await playerContext.newPage();
    const player = await registerViaApi(playerPage, uniqueUser("Rory"));
    await playerPage.goto("/");
    await expect(playerPage.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    const subject = `Scores missing ${Date.now().toString(36)}`;
    const sent = await playerPage.request.post("/api/support", {
      data: { email: player.email, subject, message: "My eagle on hole 7 is not showing.", type: "bug" },
      headers: { Origin: origin },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await signInAtAdminLogin(page);
    await expect(page.getByTestId("admin-signed-in-name")).toHaveText("Club Admin");
    const openBefore = await readStat(page, "Open support requests");
    expect(openBefore).toBeGreaterThanOrEqual(1);
    const usersHint = page.getByRole("region", { name: "Users", exact: true });
    const disabledBefore = Number((await usersHint.getByText(/disabled$/).innerText()).split(" ")[0]);

    // Disable the player.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await page.getByLabel("Search users").fill(player.username);
    const row = page.getByRole("row").filter({ hasText: `@${player.username}` });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Disable @${player.username}` }).click();
    const dialog = page.getByRole("dialog", { name: `Disable @${player.username}?` });
    await expect(dialog).toContainText("signed out on every device");
    await dialog.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByTestId("toast")).toContainText("Account disabled");
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Enable @${player.username}` })).toBeVisible();

    // The player's open session is signed out on its next request.
    await playerPage.reload();
    await expect(playerPage).toHaveURL(/\/auth(\?|$)/);
    await playerPage.getByLabel("Username").fill(player.username);
    await playerPage.getByLabel("Password").fill(player.password);
    await playerPage.getByRole("button", { name: "Log in" }).click();
    await expect(playerPage.getByTestId("toast")).toContainText(
      "This account has been disabled. Please contact support.",
    );
    await playerContext.close();

    // Resolve the support request.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Support" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Support Inbox" })).toBeVisible();
    await page.getByRole("button", { name: `Read “${subject}” from ${player.email}` }).click();
    const drawer = page.getByRole("dialog", { name: subject });
    await expect(drawer).toContainText("My eagle on hole 7 is not showing.");
    await drawer.getByRole("button", { name: "Mark resolved" }).click();
    await expect(page.getByTestId("toast")).toContainText("Marked as resolved");
    await expect(page.getByRole("button", { name: `Read “${subject}” from ${player.email}` })).toHaveCount(0);
    await page.getByRole("button", { name: /^Resolved/ }).click();
    await expect(page.getByRole("button", { name: `Read “${subject}” from ${player.email}` })).toBeVisible();

    // The dashboard shows the new totals and both actions in the audit log.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(statValue(page, "Open support requests")).toHaveText(String(openBefore - 1));
    await expect(usersHint.getByText(/disabled$/)).toHaveText(`${disabledBefore + 1} disabled`);
    const activity = page.getByRole("region", { name: "Recent admin activity" });
    await expect(activity).toContainText(`Club Admin disabled @${player.username}`);
    await expect(activity).toContainText(`Club Admin resolved support request “${subject}”`);
  });

  test("a non-admin signing in at /admin/login is refused and signed out again", async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const player = uniqueUser("Nelly");
    const registered = await request.post("/api/register", {
      data: {
        username: player.username,
        displayName: player.displayName,
        email: player.email,
        password: player.password,
      },
      headers: { Origin: origin },
    });
    expect(registered.ok()).toBeTruthy();

    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(player.username);
    await page.getByLabel("Password").fill(player.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("This account is not an admin");
    await expect(page).toHaveURL(/\/admin\/login$/);

    // No session was kept: the app asks them to sign in.
    await page.goto("/challenges");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fchallenges$/);
  });

  test("a wrong password at /admin/login shows the server's message; sign out returns to it", async ({ page }) => {
    await page.goto("/admin/login?redirect=%2Fadmin%2Fanalytics");
    await page.getByLabel("Username").fill(ADMIN_USERNAME);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");

    // The redirect is honoured once the right password is given.
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Records per hole" }).getByRole("listitem")).toHaveCount(18);

    // Signing out from the admin header returns to the admin sign-in.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
  });

  test("an admin deletes a challenge after confirming", async ({ page, browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const creatorContext = await browser.newContext({ baseURL });
    const creatorPage = await creatorContext.newPage();
    await registerViaApi(creatorPage, uniqueUser("Seve"));
    const name = `Doomed Cup ${Date.now().toString(36)}`;
    const created = await creatorPage.request.post("/api/challenges", {
      data: {
        name,
        courseMode: "hybrid",
        startDate: new Date(Date.now() - 86_400_000).toISOString(),
        endDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      },
      headers: { Origin: origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    await creatorContext.close();

    await signInAdminViaApi(page);
    await page.goto("/admin/challenges");
    await page.getByLabel("Search challenges").fill(name);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Open ${name}` }).click();
    const drawer = page.getByRole("dialog", { name });
    await expect(drawer.getByRole("heading", { name: "Players (1)" })).toBeVisible();
    await drawer.getByRole("button", { name: "Delete challenge" }).click();
    const confirm = page.getByRole("dialog", { name: `Delete “${name}”?` });
    await expect(confirm).toContainText("It cannot be undone.");
    await confirm.getByRole("button", { name: "Delete challenge" }).click();
    await expect(page.getByTestId("toast")).toContainText("Challenge deleted");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(`No challenges match “${name}”`)).toBeVisible();
  });

  test("admin pages fit a 375 px phone: the navigation is a top bar and only tables scroll sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAdminViaApi(page);
    for (const [path, heading] of [
      ["/admin/dashboard", "Admin Dashboard"],
      ["/admin/users", "Users"],
      ["/admin/challenges", "Challenges"],
      ["/admin/support", "Support Inbox"],
      ["/admin/analytics", "Analytics"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
