import { expect, registerViaApi, test } from "./fixtures";

async function hasHorizontalScroll(page: import("@playwright/test").Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test.describe("signed-in layout", () => {
  test("unknown paths show the 404 page", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/no-such-page/here");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  });

  test("the theme choice survives a reload", async ({ page }) => {
    await registerViaApi(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  test("the system theme follows the OS live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });

  test("the bottom bar shows on phones only", async ({ page }) => {
    await registerViaApi(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const bottomBar = page.getByTestId("bottom-bar");
    await expect(bottomBar).toBeVisible();
    for (const label of ["Home", "Challenges", "Record", "Achieve", "Leaderboard", "Profile"]) {
      await expect(bottomBar.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bottomBar).toBeHidden();
    const topNav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Dashboard", "My Challenges", "Record Birdies", "Achievements", "Leaderboards"]) {
      await expect(topNav.getByRole("link", { name: label })).toBeVisible();
    }
  });

  test("no horizontal scroll at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole("tab", { name: "Register" }).click();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await registerViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test("the avatar menu and navigation reach their pages", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/profile\?tab=settings$/);
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Support" }).click();
    await expect(page).toHaveURL(/\/support$/);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Challenges" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Challenges" })).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: "Create Challenge" }).click();
    await expect(page).toHaveURL(/\/challenges\/new$/);
  });

  test("old record-multiple-birdies links redirect", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/record-multiple-birdies/7");
    await expect(page).toHaveURL(/\/record-birdies\/7$/);
    await expect(page.getByRole("heading", { level: 1, name: "Record Birdies" })).toBeVisible();
  });

  test("public pages open without signing in", async ({ page }) => {
    await page.goto("/pwa-info");
    await expect(page.getByRole("heading", { level: 1, name: "Install Birdie Challenge" })).toBeVisible();
    await page.goto("/invite/SOMECODE1234");
    await expect(page).toHaveURL(/\/invite\/SOMECODE1234$/);
  });
});

test.describe("error screen", () => {
  test("a page that fails to load shows 'Something went wrong' inside the layout, and Try again recovers", async ({
    page,
  }) => {
    await registerViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();

    await page.route("**/assets/achievements-page-*.js", (route) => route.abort());
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Achievements" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    // The shell stays usable around the error.
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

    await page.unroute("**/assets/achievements-page-*.js");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
  });
});
