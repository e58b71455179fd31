import type { Page } from "@playwright/test";
import { createChallengeApi } from "./challenge-api";
import { expect, registerViaApi, test, waitForServiceWorkerControl } from "./fixtures";

// Service workers need their own browser context per test (Playwright gives each test one), and
// must be allowed here even if other specs block them.
test.use({ serviceWorkers: "allow" });

const DB = "birdie-challenge-offline";

/**
 * Puts a round in the device outbox exactly as queueRound stores it, then tells the open app (the
 * outbox listens on a BroadcastChannel for changes made by other tabs). Used until the record
 * page (another feature) queues rounds itself when offline.
 */
async function queueRoundInBrowser(page: Page, userId: number, input: Record<string, unknown>) {
  await page.evaluate(
    async ({ db, userId, input }) => {
      const open = indexedDB.open(db, 1);
      open.onupgradeneeded = () => open.result.createObjectStore("outbox", { keyPath: "id" });
      const conn = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = conn.transaction("outbox", "readwrite");
      tx.objectStore("outbox").put({
        id: crypto.randomUUID(),
        userId,
        input,
        createdAt: Date.now(),
        status: "pending",
        error: null,
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      conn.close();
      new BroadcastChannel("birdie-outbox").postMessage("changed");
    },
    { db: DB, userId, input },
  );
}

async function currentUserId(page: Page): Promise<number> {
  const me = await page.request.get("/api/user");
  expect(me.ok()).toBeTruthy();
  return ((await me.json()) as { id: number }).id;
}

async function firstCourseId(page: Page, challengeId: number): Promise<number> {
  const res = await page.request.get(`/api/challenges/${challengeId}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { courses: { id: number }[] }).courses[0].id;
}

const today = () => new Date().toISOString().slice(0, 10);

test.describe("installable app", () => {
  test("the manifest, icons and theme colours are served", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      "href",
      "/icons/apple-touch-icon-180.png",
    );
    // No inline script anywhere (CSP script-src 'self'); the first-paint data block is JSON, never run.
    expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
    await expect(page.locator('script[type="application/json"]#first-paint')).toHaveCount(1);

    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: "Birdie Challenge",
      short_name: "Birdie",
      start_url: "/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? "any"}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192:any", "512x512:any", "512x512:maskable"]));
    for (const src of [...manifest.icons.map((i: { src: string }) => i.src), "/icons/apple-touch-icon-180.png"]) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()["content-type"]).toContain("image/png");
    }
    const sw = await page.request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
  });

  test("the app loads offline after one visit, and /api is never answered with the shell", async ({
    page,
    context,
  }) => {
    await registerViaApi(page);
    await page.goto("/pwa-info");
    await expect(page.getByRole("heading", { level: 1, name: "Install Birdie Challenge" })).toBeVisible();
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Install Birdie Challenge" })).toBeVisible();
    await expect(page.getByText("Your device")).toBeVisible();

    // A route never opened before comes from the precached shell too, and offline the cached
    // golfer stays signed in (no answer is not a 401), so the dashboard opens at the course.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome back, / })).toBeVisible();

    // The navigation fallback leaves the API alone: no index.html for /api or /trpc.
    for (const path of ["/api/health", "/trpc/config.get"]) {
      const response = await page.goto(path).catch(() => null);
      if (response) expect(response.headers()["content-type"] ?? "").not.toContain("text/html");
    }
    await context.setOffline(false);
  });

  test("the install steps cover each platform and suggest up to 3 active challenges", async ({ page }) => {
    await registerViaApi(page);
    for (let i = 0; i < 4; i++)
      await createChallengeApi(page.request, { name: `Offline Links ${i} ${Date.now().toString(36)}` });
    await createChallengeApi(page.request, { name: "Future Open", startInDays: 5, endInDays: 30 });
    await page.goto("/pwa-info");
    for (const title of ["iPhone and iPad", "Android", "Desktop"])
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(
      page
        .getByText("Tap Add to Home Screen", { exact: false })
        .or(page.getByText("Add to Home Screen", { exact: false }))
        .first(),
    ).toBeVisible();
    await expect(page.getByText("Tap Install app", { exact: false })).toBeVisible();
    const suggestions = page
      .getByRole("region", { name: "Ready for your next round" })
      .getByRole("link", { name: "Record Birdie" });
    await expect(suggestions).toHaveCount(3);
    await expect(page.getByText("Future Open")).toHaveCount(0);
  });

  test("the install offer appears only when the browser offers an install", async ({ page }) => {
    await page.goto("/pwa-info");
    await expect(page.getByRole("heading", { level: 1, name: "Install Birdie Challenge" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Install now" })).toHaveCount(0);
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<unknown>;
      };
      event.prompt = async () => undefined;
      event.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
      window.dispatchEvent(event);
    });
    await page.getByRole("button", { name: "Install now" }).click();
    // The browser's prompt can be used once: the offer goes away.
    await expect(page.getByRole("button", { name: "Install now" })).toHaveCount(0);
  });
});

test.describe("offline recording outbox", () => {
  test("a round kept offline shows as pending and is saved once the connection returns", async ({ page, context }) => {
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request);
    const userId = await currentUserId(page);
    const courseId = await firstCourseId(page, challenge.id);
    await page.goto("/");
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    await queueRoundInBrowser(page, userId, {
      challengeId: challenge.id,
      courseId,
      date: today(),
      holes: [
        { holeNumber: 4, score: 3 },
        { holeNumber: 5, score: 2 },
      ],
      verifiedBy: { name: "Offline Partner", signature: "OP" },
    });
    const panel = page.getByRole("region", { name: "Pending sync" });
    await expect(panel.getByTestId("pending-sync-badge")).toHaveText(/Pending sync\s*1/);
    await expect(panel).toContainText("You're offline");

    await context.setOffline(false);
    await expect(panel).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId("toast").filter({ hasText: "Round synced" })).toBeVisible();

    // Saved exactly once.
    const records = await page.request.get(`/api/birdies?userId=${userId}&challengeId=${challenge.id}`);
    const list = (await records.json()) as { holeNumber: number }[];
    expect(list.map((r) => r.holeNumber).sort()).toEqual([4, 5]);
  });

  test("a round the server refuses stays visible with its reason until discarded", async ({ page }) => {
    await registerViaApi(page);
    const userId = await currentUserId(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();

    // A challenge this player is not in: the server answers 404, which no retry can fix.
    await queueRoundInBrowser(page, userId, {
      challengeId: 999_999,
      courseId: 1,
      date: today(),
      holes: [{ holeNumber: 1, score: 3 }],
      verifiedBy: { name: "Partner", signature: "P" },
    });
    await page.evaluate(() => window.dispatchEvent(new Event("online")));

    const toast = page.getByTestId("toast").filter({ hasText: "Could not sync a round" });
    await expect(toast).toBeVisible();
    const panel = page.getByRole("region", { name: "Pending sync" });
    await expect(panel).toContainText("could not be sent");
    await expect(panel.getByRole("button", { name: "Retry" })).toBeVisible();

    // Still there after a reload (kept on the device), toast raised again.
    await page.reload();
    await expect(panel.getByTestId("pending-sync-badge")).toHaveText(/Pending sync\s*1/);
    await expect(toast).toBeVisible();

    await panel.getByRole("button", { name: "Discard" }).click();
    await panel.getByRole("button", { name: "Discard round" }).click();
    await expect(panel).toHaveCount(0);
    await expect(toast).toHaveCount(0);
  });
});
