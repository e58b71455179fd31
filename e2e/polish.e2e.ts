import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { createChallengeViaApi, joinViaInvite, namedUser, recordViaApi } from "./birdie-helpers";
import { expect, registerViaApi, signInAdminViaApi, test, type TestUser } from "./fixtures";

// Issue 16's polish, checked at a phone (390x844) and a laptop (1366x900): touch targets, the
// Invite button, leaving and handing over, boards with points and holes, legends in words in both
// themes, where toasts sit and when they go, and the admin tables.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

async function contextFor(browser: Browser, viewport: { width: number; height: number }, theme?: "dark" | "light") {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  if (theme) await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
  return context;
}

async function golfer(browser: Browser, first: string, viewport = LAPTOP, theme?: "dark" | "light") {
  const context = await contextFor(browser, viewport, theme);
  const page = await context.newPage();
  const user = await registerViaApi(page, namedUser(first));
  return { context, page, user };
}

/** The page has rendered its content: a heading, and nothing still loading. */
async function ready(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator(".loading:visible, .skeleton:visible")).toHaveCount(0);
}

/**
 * Every visible interactive element smaller than 44x44 px (WCAG 2.5.5). A checkbox or radio counts
 * with its label (the label is what one taps); links inside a sentence are the criterion's inline
 * exception.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="menuitem"], [role="button"], summary';
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.closest("[data-sonner-toaster], .sr-only, [aria-hidden='true'], dialog:not([open])")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // The skip link waits off screen until focused.
      if (box.bottom + window.scrollY <= 0 || box.right <= 0) continue;
      const input = el as HTMLInputElement;
      // A bare input inside daisyUI's `label.input` wrapper: the wrapper is the field one taps.
      const wrapper = el.tagName === "INPUT" ? el.closest("label.input, label.select") : null;
      if (wrapper) box = wrapper.getBoundingClientRect();
      else if (el.tagName === "INPUT" && (input.type === "checkbox" || input.type === "radio")) {
        const label = el.closest("label") ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (el.tagName === "A" && style.display === "inline") {
        const own = (el.textContent ?? "").trim().length;
        const around = (el.parentElement?.textContent ?? "").trim().length;
        if (around > own) continue;
      }
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

test.describe("44x44 px targets at 390 px", () => {
  test("every interactive element on every main page is at least 44x44 px", async ({ browser }) => {
    test.setTimeout(240_000);
    const owner = await golfer(browser, "Tapper", PHONE);
    const friend = await golfer(browser, "Tappy", PHONE);
    const challenge = await createChallengeViaApi(owner.page.request, { allowMultipleBirdies: true });
    await joinViaInvite(friend.page.request, challenge.inviteCode);
    await recordViaApi(owner.page.request, challenge.id, [
      { hole: 3, score: 3 },
      { hole: 7, score: 2 },
    ]);
    await recordViaApi(friend.page.request, challenge.id, [{ hole: 4, score: 3 }]);

    const problems: string[] = [];
    async function check(page: Page, path: string) {
      await page.goto(path);
      await ready(page);
      const small = await smallTargets(page);
      if (small.length) problems.push(`${path}:\n    ${small.join("\n    ")}`);
    }

    for (const path of [
      "/",
      "/challenges",
      "/challenges/new",
      `/challenges/${challenge.id}`,
      `/challenges/${challenge.id}?tab=leaderboard`,
      `/challenges/${challenge.id}?tab=rules`,
      "/achievements",
      "/leaderboard/global",
      "/leaderboard/my-challenges",
      `/leaderboard/${challenge.id}`,
      "/profile",
      "/support",
      "/join",
    ])
      await check(owner.page, path);

    const admin = await (await contextFor(browser, PHONE)).newPage();
    await signInAdminViaApi(admin);
    for (const path of ["/admin", "/admin/users", "/admin/challenges", "/admin/support", "/admin/analytics"])
      await check(admin, path);

    const visitor = await (await contextFor(browser, PHONE)).newPage();
    for (const path of ["/auth", `/invite/${challenge.inviteCode}`, `/join-challenge/${challenge.inviteCode}`])
      await check(visitor, path);

    expect(problems, `targets under 44x44 px:\n  ${problems.join("\n  ")}`).toEqual([]);
    await owner.context.close();
    await friend.context.close();
    await admin.context().close();
    await visitor.context().close();
  });
});

for (const [label, viewport] of [
  ["phone", PHONE],
  ["laptop", LAPTOP],
] as const) {
  test.describe(`challenge page at ${viewport.width}x${viewport.height}`, () => {
    test(`${label}: Invite scrolls to the invite card and focuses it`, async ({ browser }) => {
      const { context, page } = await golfer(browser, "Inviter", viewport);
      const challenge = await createChallengeViaApi(page.request);
      await page.goto(`/challenges/${challenge.id}?tab=rules`);
      await ready(page);
      await page.getByRole("button", { name: "Invite", exact: true }).click();
      const card = page.getByRole("region", { name: "Invite Friends" });
      await expect(card).toBeFocused();
      await expect(card.getByRole("heading", { name: "Invite Friends" })).toBeInViewport();
      await expect(page).not.toHaveURL(/tab=rules/);
      await context.close();
    });

    test(`${label}: a toast sits clear of the header and title, and goes with the page`, async ({ browser }) => {
      const { context, page } = await golfer(browser, "Toaster", viewport);
      const challenge = await createChallengeViaApi(page.request);
      await page.goto(`/challenges/${challenge.id}`);
      await ready(page);
      await page.getByRole("button", { name: "Copy PIN" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toBeVisible();
      await page.waitForTimeout(600); // the entry animation
      const toastBox = (await toast.boundingBox())!;
      const title = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
      const header = (await page.getByRole("banner").boundingBox())!;
      // Below the header and the page title (the page is at its top here): at the bottom.
      expect(toastBox.y).toBeGreaterThan(header.y + header.height);
      expect(toastBox.y).toBeGreaterThan(title.y + title.height);
      if (viewport === PHONE) {
        const bar = (await page.getByRole("navigation", { name: "Bottom navigation" }).boundingBox())!;
        expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bar.y + 1);
      }
      // The next page (reached inside the app, not by reloading it) does not inherit it.
      await page.waitForTimeout(2200);
      await expect(toast).toBeVisible();
      await page.locator('a[href="/achievements"]:visible').first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
      await expect(toast).toHaveCount(0);
      await context.close();
    });
  });
}

test.describe("leaving and handing over (1366x900)", () => {
  test("the creator hands over, then leaves; the room reads '{name} left the challenge'", async ({ browser }) => {
    test.setTimeout(90_000);
    const creator = await golfer(browser, "Handy");
    const member = await golfer(browser, "Heir");
    const challenge = await createChallengeViaApi(creator.page.request);
    await joinViaInvite(member.page.request, challenge.inviteCode);
    await recordViaApi(creator.page.request, challenge.id, [{ hole: 5, score: 3 }]);

    // A player who is not the creator has Leave, not Creator Controls.
    await member.page.goto(`/challenges/${challenge.id}`);
    await ready(member.page);
    await expect(member.page.getByRole("heading", { name: "Leave Challenge" })).toBeVisible();
    await expect(member.page.getByRole("heading", { name: "Creator Controls" })).toHaveCount(0);

    await creator.page.goto(`/challenges/${challenge.id}`);
    await ready(creator.page);
    await expect(creator.page.getByRole("heading", { name: "Leave Challenge" })).toHaveCount(0);
    await creator.page.getByRole("button", { name: "Hand Over Challenge" }).click();
    const handOver = creator.page.getByRole("dialog", { name: "Hand over this challenge?" });
    await handOver
      .getByLabel("New creator")
      .selectOption({ label: `${member.user.displayName} (@${member.user.username})` });
    await handOver.getByRole("button", { name: "Hand Over" }).click();
    await expect(creator.page.getByTestId("toast")).toContainText("Challenge Handed Over");
    await expect(creator.page.getByRole("heading", { name: "Creator Controls" })).toHaveCount(0);

    // The old creator is a player now: they leave, after a confirmation.
    await creator.page.getByRole("button", { name: "Leave Challenge" }).click();
    const leave = creator.page.getByRole("dialog", { name: `Leave ${challenge.name}?` });
    await expect(leave).toContainText("All of your birdies in this challenge will be deleted");
    await leave.getByRole("button", { name: "Leave Challenge" }).click();
    await expect(creator.page).toHaveURL(/\/challenges$/);
    await expect(creator.page.getByTestId("toast")).toContainText("You left the challenge");
    await creator.page.goto(`/challenges/${challenge.id}`);
    await expect(creator.page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();

    // The new creator runs it, alone, and the chat says who left.
    await member.page.reload();
    await ready(member.page);
    await expect(member.page.getByRole("heading", { name: "Creator Controls" })).toBeVisible();
    await expect(
      member.page
        .getByRole("region", { name: "Message history" })
        .getByText(`${creator.user.displayName} left the challenge`),
    ).toBeVisible();
    const players = member.page.getByRole("list", { name: "Players", exact: true });
    await expect(players.getByRole("listitem")).toHaveCount(1);
    await creator.context.close();
    await member.context.close();
  });
});

test.describe("boards and legends", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`${theme}: rows show points and holes, medals only with points, legends in words with enough contrast`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const a = await golfer(browser, "Scorer", PHONE, theme);
      const b = await golfer(browser, "Zero", PHONE, theme);
      const challenge = await createChallengeViaApi(a.page.request, { allowMultipleBirdies: true });
      await joinViaInvite(b.page.request, challenge.inviteCode);
      await recordViaApi(a.page.request, challenge.id, [
        { hole: 1, score: 2 },
        { hole: 2, score: 3 },
        { hole: 2, score: 3 },
      ]);

      await a.page.goto(`/leaderboard/${challenge.id}`);
      await ready(a.page);
      const rows = a.page.getByTestId("leaderboard-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).getByRole("img", { name: "Rank 1, Gold medal" })).toBeVisible();
      // The scoreless player is ranked 2 but wins no silver.
      await expect(rows.nth(1).getByRole("img", { name: "Rank 2" })).toBeVisible();
      await expect(rows.nth(1).locator("[data-medal]")).toHaveCount(0);
      await expect(a.page.getByText("Birdie 1 pt", { exact: true })).toBeVisible();
      await expect(a.page.getByText("Eagle 3 pts", { exact: true })).toBeVisible();

      await a.page.goto("/");
      await ready(a.page);
      const widgetRows = a.page.getByTestId("dashboard-leaderboard-row");
      await expect(widgetRows.nth(0).getByTestId("board-figures")).toHaveText("5 pts2/18 holes");
      await expect(widgetRows.nth(1).getByTestId("board-figures")).toHaveText("0 pts0/18 holes");

      // The hole grid's legend, in words, and its count badges read in this theme.
      await a.page.goto(`/challenges/${challenge.id}`);
      await ready(a.page);
      const progress = a.page.getByRole("region", { name: "Your Progress" });
      const legend = progress.getByRole("list", { name: "Legend" });
      await expect(legend).toContainText("Birdie 1 pt");
      await expect(legend).toContainText("Eagle 3 pts");
      await expect(legend).toContainText("Small numbers on a hole: birdies top right, eagles top left");
      await expect(progress.getByTestId("hole-2-birdies")).toHaveText("2");
      const contrast = await new AxeBuilder({ page: a.page })
        .include('[data-testid="hole-status-grid"]')
        .include('[aria-label="Legend"]')
        .withRules(["color-contrast"])
        .analyze();
      expect(contrast.violations.map((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
      // The birdie count badge stands out from the card in this theme (not black on near-black).
      const badge = await progress.getByTestId("hole-2-birdies").evaluate((el) => getComputedStyle(el).backgroundColor);
      const card = await progress.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(badge).not.toBe(card);
      await a.context.close();
      await b.context.close();
    });
  }
});

test.describe("admin tables", () => {
  test("1366 px: no clipped action; 390 px: the table scrolls in its box with a visible hint", async ({ browser }) => {
    test.setTimeout(90_000);
    const seeded: TestUser = await registerViaApi(
      await (await contextFor(browser, LAPTOP)).newPage(),
      namedUser("Tabled"),
    );
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await (await contextFor(browser, viewport)).newPage();
      await signInAdminViaApi(page);
      await page.goto("/admin/users");
      await ready(page);
      await page.getByLabel("Search users").fill(seeded.username);
      const row = page.getByRole("row").filter({ hasText: `@${seeded.username}` });
      await expect(row).toHaveCount(1);
      const disable = row.getByRole("button", { name: `Disable @${seeded.username}` });
      const box = page.locator("section[aria-label='Users'] .overflow-x-auto");
      if (viewport === LAPTOP) {
        const b = (await disable.boundingBox())!;
        const c = (await box.boundingBox())!;
        expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width);
        await expect(page.getByRole("columnheader", { name: "Challenges" })).toBeVisible();
        await expect(page.getByTestId("table-scroll-hint")).toBeHidden();
      } else {
        await expect(page.getByTestId("table-scroll-hint")).toBeVisible();
        // The page never scrolls sideways; only the table's box does.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
      await page.context().close();
    }
  });
});
