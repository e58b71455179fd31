import type { Page } from "@playwright/test";
import { expect, registerViaApi, test } from "./fixtures";

// The ads need the server started with AD_AFFILIATE_URL (e2e/serve.ts); the address is read from
// the server itself, and the specs that need it are skipped when it is not configured.
let AFFILIATE = "";

async function affiliateOf(page: Page): Promise<string> {
  const res = await page.request.get("/trpc/config.get");
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { result: { data: { adAffiliateUrl: string | null } } };
  return body.result.data.adAffiliateUrl ?? "";
}

test.beforeEach(async ({ page }) => {
  AFFILIATE = await affiliateOf(page);
});

test.describe("ads", () => {
  test("ad-free mode (the default) hides every ad", async ({ page }) => {
    await registerViaApi(page);
    await page.addInitScript(() => localStorage.setItem("adPopupDelayMs", "300"));
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.locator("[data-ad-placement]")).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Sponsored offer" })).toHaveCount(0);
  });

  test("with ad-free off, the popup opens after its delay and 'Not Now' closes it", async ({ page }) => {
    // e2e/serve.ts always configures an affiliate address; without one these tests must fail.
    expect(AFFILIATE, "AD_AFFILIATE_URL must be set for the e2e server").not.toBe("");
    await registerViaApi(page);
    await page.addInitScript(() => {
      localStorage.setItem("adFreeMode", "false");
      localStorage.setItem("adPopupDelayMs", "1500");
    });
    await page.goto("/profile");
    const started = Date.now();
    const popup = page.getByRole("dialog", { name: "Sponsored offer" });
    await expect(popup).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    // Skeleton first, the offer 800 ms later.
    await expect(popup.getByText("Betting isn't hard, you're just bad at it")).toBeVisible();
    const cta = popup.getByRole("link", { name: "Bet on Golf" });
    await expect(cta).toHaveAttribute("href", AFFILIATE);
    await expect(cta).toHaveAttribute("target", "_blank");
    await expect(cta).toHaveAttribute("rel", "noopener noreferrer sponsored");

    await popup.getByRole("button", { name: "Not Now" }).click();
    await expect(popup).toHaveCount(0);

    // The profile-page card shows its skeleton, then the offer.
    const card = page.locator('[data-ad-placement="profile-page"]');
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Claim Offer" })).toHaveAttribute(
      "rel",
      "noopener noreferrer sponsored",
    );
  });

  test("the close icon dismisses the popup and the CTA opens the partner in a new tab", async ({ page, context }) => {
    // e2e/serve.ts always configures an affiliate address; without one these tests must fail.
    expect(AFFILIATE, "AD_AFFILIATE_URL must be set for the e2e server").not.toBe("");
    await registerViaApi(page);
    await page.addInitScript(() => {
      localStorage.setItem("adFreeMode", "false");
      localStorage.setItem("adPopupDelayMs", "200");
    });
    // The partner site is not reachable from the test machine: answer it locally.
    await context.route(`${AFFILIATE}**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Partner</title>" }),
    );
    await page.goto("/profile");
    const popup = page.getByRole("dialog", { name: "Sponsored offer" });
    await expect(popup.getByText("Betting isn't hard, you're just bad at it")).toBeVisible();
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toHaveCount(0);

    // Once per page load: a reload brings it back, and the CTA closes it while opening the partner.
    await page.reload();
    await expect(popup.getByText("Betting isn't hard, you're just bad at it")).toBeVisible();
    const [partner] = await Promise.all([
      context.waitForEvent("page"),
      popup.getByRole("link", { name: "Bet on Golf" }).click(),
    ]);
    await expect(popup).toHaveCount(0);
    expect(partner.url()).toContain(new URL(AFFILIATE).host);
    // No referrer reaches the partner.
    expect(await partner.evaluate(() => document.referrer)).toBe("");
    await partner.close();
  });

  test("turning ad-free mode back on in Settings hides ads at once", async ({ page }) => {
    // e2e/serve.ts always configures an affiliate address; without one these tests must fail.
    expect(AFFILIATE, "AD_AFFILIATE_URL must be set for the e2e server").not.toBe("");
    await registerViaApi(page);
    await page.addInitScript(() => localStorage.setItem("adPopupDelayMs", "600000"));
    await page.goto("/profile?tab=settings");
    await page.getByRole("checkbox", { name: "Ad-free mode" }).uncheck();
    await expect(page.locator('[data-ad-placement="profile-page"]')).toBeVisible();
    await page.getByRole("checkbox", { name: "Ad-free mode" }).check();
    await expect(page.locator("[data-ad-placement]")).toHaveCount(0);
  });
});
