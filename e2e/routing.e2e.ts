import type { Page } from "@playwright/test";
import { expect, registerViaApi, signInAdminViaApi, test } from "./fixtures";

// The client router (src/client/lib/router.tsx over wouter, ADR 0047): the route table's order
// stands for react-router's ranking, and scroll follows react-router's rule.

test.describe("route ranking", () => {
  test("a static segment wins over a parameter", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/challenges/new");
    await expect(page.getByRole("heading", { level: 1, name: "Create Challenge" })).toBeVisible();
    await page.goto("/leaderboard/global");
    await expect(page.getByRole("heading", { level: 1, name: "Global Leaderboard" })).toBeVisible();
    await page.goto("/leaderboard/my-challenges");
    await expect(page.getByRole("heading", { level: 1, name: "My Rankings" })).toBeVisible();
  });

  test("/admin/login is the open sign-in page; other unknown /admin paths are the admin 404", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();

    await signInAdminViaApi(page);
    await page.goto("/admin/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });

  test("/login keeps its query on the way to /auth", async ({ page }) => {
    await page.goto("/login?redirect=%2Fprofile");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  });
});

/** The page's data is in: a skeleton giving way to taller content would move the scroll position. */
async function settled(page: Page, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.locator(".loading:visible, .skeleton:visible")).toHaveCount(0);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** A new golfer on a settled Achievements page, scrolled down to `y`. */
async function achievementsScrolledTo(page: Page, y: number) {
  await registerViaApi(page);
  await page.goto("/achievements");
  await settled(page, "Achievements");
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

test.describe("scroll", () => {
  test.use({ viewport: { width: 375, height: 400 } });

  test("a new page starts at the top; Back returns to where the last one was left", async ({ page }) => {
    await achievementsScrolledTo(page, 300);

    // A script click: Playwright's own would first scroll the bar's link into view (the page's end).
    await page
      .getByTestId("bottom-bar")
      .getByRole("link", { name: "Profile" })
      .evaluate((link: HTMLElement) => link.click());
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(300);

    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("the position survives a reload of the page", async ({ page }) => {
    await achievementsScrolledTo(page, 250);
    await page.reload();
    await settled(page, "Achievements");
    await expect.poll(() => scrollY(page)).toBe(250);
  });
});
