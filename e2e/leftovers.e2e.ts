import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { type SmtpCatcher, startSmtpCatcher } from "../src/server/test/harness/smtp-catcher";
import { baseURL, createChallengeViaApi, joinViaInvite, namedUser, recordViaApi, utcDay } from "./birdie-helpers";
import { expect, registerViaApi, signInAdminViaApi, test, waitForServiceWorkerControl } from "./fixtures";
import { E2E_SMTP_PORT } from "./mail-catcher";

// The leftovers of issues 15, 16 and 17: queued rounds on the grids, "Round synced", a refused
// round back as a draft, amended chat lines live, invite by e-mail, the golfer's support requests
// with replies, and the service worker renewing a push subscription.

test.use({ serviceWorkers: "allow" });
// Mail goes through the job queue and a real SMTP exchange; the shared machine can be slow.
test.setTimeout(90_000);

const origin = () => ({ Origin: new URL(baseURL()).origin });

async function currentUserId(page: Page): Promise<number> {
  const me = await page.request.get("/api/user");
  expect(me.ok()).toBeTruthy();
  return ((await me.json()) as { id: number }).id;
}

async function courseIdOf(request: APIRequestContext, challengeId: number): Promise<number> {
  const res = await request.get(`/api/challenges/${challengeId}`);
  return ((await res.json()) as { courses: { id: number }[] }).courses[0]!.id;
}

/** Puts a round in the device outbox as queueRound stores it and tells the open app. */
async function queueRoundInBrowser(page: Page, userId: number, input: Record<string, unknown>) {
  await page.evaluate(
    async ({ userId, input }) => {
      const open = indexedDB.open("birdie-challenge-offline", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("outbox", { keyPath: "id" });
      const conn = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const id = crypto.randomUUID();
      const tx = conn.transaction("outbox", "readwrite");
      tx.objectStore("outbox").put({
        id,
        userId,
        input: { ...input, clientRoundId: id },
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
    { userId, input },
  );
}

const grid = (page: Page) => page.getByRole("list", { name: "Your holes" });
const hole = (page: Page, n: number) => grid(page).locator(`li[data-hole="${n}"]`);

test.describe("at the course: the offline outbox", () => {
  test("a queued round shows on the grid as waiting, then syncs with a Round synced toast and a link", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerViaApi(page);
    const challenge = await createChallengeViaApi(page.request);
    const userId = await currentUserId(page);
    const courseId = await courseIdOf(page.request, challenge.id);
    await page.goto(`/challenges/${challenge.id}`);
    await waitForServiceWorkerControl(page);
    await expect(hole(page, 4)).toHaveAttribute("data-state", "none");

    await context.setOffline(true);
    await queueRoundInBrowser(page, userId, {
      challengeId: challenge.id,
      courseId,
      date: utcDay(0),
      holes: [
        { holeNumber: 4, score: 3 },
        { holeNumber: 5, score: 2 },
      ],
      verifiedBy: { name: "Offline Partner", signature: "OP" },
    });
    await expect(hole(page, 4)).toHaveAttribute("data-pending", "birdie");
    await expect(hole(page, 5)).toHaveAttribute("data-pending", "eagle");
    await expect(hole(page, 6)).not.toHaveAttribute("data-pending", /.*/);
    await expect(
      grid(page).getByRole("img", { name: "Hole 4, not yet birdied, birdie waiting to sync" }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Legend" }).first()).toContainText("Waiting to sync");

    // Recording again before the round is sent: the picker takes its holes as the server will
    // (one birdie per hole here), so they cannot be marked twice and come back refused.
    await page.getByRole("link", { name: "Record Birdie" }).click();
    const picker = page.getByRole("list", { name: "Holes played" });
    await expect(picker.getByRole("button", { name: "Hole 4, birdie waiting to sync" })).toHaveAttribute(
      "data-waiting",
      "birdie",
    );
    const eagled = picker.getByRole("button", { name: "Hole 5, eagle waiting to sync" });
    await expect(eagled).toHaveAttribute("aria-disabled", "true");
    // Tapped anyway (it is only aria-disabled, so it still takes the tap): nothing is marked.
    await eagled.click({ force: true });
    await expect(eagled).toHaveAttribute("data-mark", "none");
    // A waiting birdie can still become an eagle: the first tap gives the eagle.
    await picker.getByRole("button", { name: "Hole 4, birdie waiting to sync" }).click();
    await expect(picker.getByRole("button", { name: "Hole 4, birdie waiting to sync, eagle" })).toBeVisible();
    await expect(picker.locator("button:not([data-waiting])").first()).toBeVisible();
    await expect(page.getByText("dashed ring = waiting to sync on this device")).toBeVisible();
    await page.goBack();
    await expect(hole(page, 4)).toHaveAttribute("data-pending", "birdie");

    await context.setOffline(false);
    const toast = page.getByTestId("toast").filter({ hasText: "Round synced" });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toContainText(`${challenge.name}: Recorded 2 holes: 1 birdie, 1 eagle.`);
    await expect(hole(page, 4)).toHaveAttribute("data-state", "birdie");
    await expect(hole(page, 5)).toHaveAttribute("data-state", "eagle");
    await expect(hole(page, 4)).not.toHaveAttribute("data-pending", /.*/);

    await page.goto("/");
    // The dashboard is where a golfer often is when the round syncs: the link takes them to it.
    await queueRoundInBrowser(page, userId, {
      challengeId: challenge.id,
      courseId,
      date: utcDay(0),
      holes: [{ holeNumber: 9, score: 3 }],
      verifiedBy: { name: "Offline Partner", signature: "OP" },
    });
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(toast).toContainText(`${challenge.name}: Recorded 1 hole: 1 birdie, 0 eagles.`, { timeout: 15_000 });
    await toast.getByRole("link", { name: "View Result" }).click();
    await expect(page).toHaveURL(new RegExp(`/challenges/${challenge.id}$`));
    await expect(hole(page, 9)).toHaveAttribute("data-state", "birdie");
  });

  test("a queued round the server refuses comes back as a draft with the reason, marks kept", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerViaApi(page);
    const challenge = await createChallengeViaApi(page.request);
    const userId = await currentUserId(page);
    const courseId = await courseIdOf(page.request, challenge.id);
    // Hole 3 gets recorded on another device while this round waits.
    await recordViaApi(page.request, challenge.id, [{ hole: 3, score: 3 }]);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    await expect(page.getByText(challenge.name).first()).toBeVisible();

    await queueRoundInBrowser(page, userId, {
      challengeId: challenge.id,
      courseId,
      date: utcDay(0),
      holes: [
        { holeNumber: 3, score: 3 },
        { holeNumber: 8, score: 3 },
      ],
      verifiedBy: { name: "Pat Partner", signature: "PP" },
    });
    await page.evaluate(() => window.dispatchEvent(new Event("online")));

    const toast = page.getByTestId("toast").filter({ hasText: "Round needs fixing" });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toContainText("Hole 3 is already recorded in this challenge");
    // It left the outbox: nothing is listed as pending any more.
    await expect(page.getByRole("region", { name: "Pending sync" })).toHaveCount(0);

    await toast.getByRole("link", { name: "Fix round" }).click();
    await expect(page).toHaveURL(new RegExp(`/record-birdies/${challenge.id}$`));
    await expect(page.locator("[data-submit-error]")).toContainText("Hole 3 is already recorded in this challenge");
    await expect(page.getByRole("button", { name: /^Hole 8, birdie$/ })).toBeVisible();
    // The refused mark is kept for the golfer to change: the picker shows hole 3 as recorded.
    await expect(page.getByRole("button", { name: /^Hole 3, birdie recorded, birdie$/ })).toBeVisible();
  });
});

async function newPlayer(browser: Browser, firstName: string) {
  const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: "block" });
  const page = await context.newPage();
  const user = await registerViaApi(page, namedUser(firstName));
  return { page, user, close: () => context.close() };
}

test("a deleted record amends its round's chat line live in an open chat", async ({ browser }) => {
  const owner = await newPlayer(browser, "Olive");
  const friend = await newPlayer(browser, "Fred");
  const challenge = await createChallengeViaApi(owner.page.request);
  await joinViaInvite(friend.page.request, challenge.inviteCode);

  await owner.page.goto("/");
  const card = owner.page.getByRole("region", { name: "Challenge Chat" });
  await expect(card.getByTestId("chat-connection")).toHaveText("Live");

  const recorded = await friend.page.request.post("/trpc/birdies.recordRound", {
    headers: origin(),
    data: {
      challengeId: challenge.id,
      date: utcDay(0),
      holes: [
        { holeNumber: 3, score: 3 },
        { holeNumber: 7, score: 3 },
      ],
      verifiedBy: { name: "Pat Partner", signature: "PP" },
    },
  });
  expect(recorded.ok(), await recorded.text()).toBeTruthy();
  const records = ((await recorded.json()) as { result: { data: { records: { id: number; holeNumber: number }[] } } })
    .result.data.records;
  const line = card.getByTestId("chat-message").filter({ hasText: "recorded 2 birdies: holes 3, 7" });
  await expect(line).toHaveCount(1);

  const del = (holeNumber: number) =>
    friend.page.request.delete(`/api/birdies/${records.find((r) => r.holeNumber === holeNumber)!.id}`, {
      headers: origin(),
    });
  expect((await del(3)).ok()).toBeTruthy();
  await expect(card.getByTestId("chat-message").filter({ hasText: "recorded a birdie on hole 7" })).toHaveCount(1);
  await expect(line).toHaveCount(0);

  expect((await del(7)).ok()).toBeTruthy();
  await expect(card.getByTestId("chat-message").filter({ hasText: "recorded a birdie on hole 7" })).toHaveCount(0);
  await owner.close();
  await friend.close();
});

test.describe("invite by e-mail", () => {
  let smtp: SmtpCatcher;
  test.beforeAll(async () => {
    smtp = await startSmtpCatcher(E2E_SMTP_PORT);
  });
  test.afterAll(async () => {
    await smtp?.close();
  });

  test("the invite card checks the addresses, sends, and says so; the mail is text and HTML", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await registerViaApi(page, namedUser("Ivy"));
    const challenge = await createChallengeViaApi(page.request);
    await page.goto(`/challenges/${challenge.id}`);
    const form = page.getByRole("form", { name: "Invite by email" });
    const field = form.getByLabel("Invite by email");
    const send = form.getByRole("button", { name: "Send invitations" });

    await send.click();
    await expect(form.getByText("Please enter at least one email address")).toBeVisible();
    await expect(field).toBeFocused();
    const tag = Math.random().toString(36).slice(2, 8);
    await field.fill(`ana-${tag}@example.com, bo@`);
    await send.click();
    await expect(form.getByText("Please enter a valid email address: bo@")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill(`ana-${tag}@example.com\nbo-${tag}@example.com`);
    await send.click();
    await expect(form.getByRole("status")).toHaveText("Invitation sent to 2 addresses.");
    await expect(field).toHaveValue("");

    const mails = await smtp.waitFor((m) => m.to.includes(tag), 2, 30_000);
    expect(mails.map((m) => m.to).sort()).toEqual([`ana-${tag}@example.com`, `bo-${tag}@example.com`]);
    expect(mails[0]!.subject).toBe(`${user.displayName} invites you to ${challenge.name}`);
    expect(mails[0]!.text).toContain(`/invite/${challenge.inviteCode}`);
    expect(mails[0]!.html).toContain(`/invite/${challenge.inviteCode}`);
  });
});

test("/support lists the golfer's requests with the admins' replies", async ({ page, browser }) => {
  await registerViaApi(page);
  const sent = await page.request.post("/api/support", {
    headers: origin(),
    data: { email: "golfer@example.com", subject: "Eagle shows as birdie", message: "Hole 7 on Sunday.", type: "bug" },
  });
  expect(sent.ok()).toBeTruthy();
  const { id } = (await sent.json()) as { id: number };
  const adminContext = await browser.newContext({ baseURL: baseURL() });
  const admin = await adminContext.newPage();
  await signInAdminViaApi(admin);
  const replied = await admin.request.post("/trpc/admin.support.reply", {
    headers: origin(),
    data: { id, message: "Fixed: it shows as an eagle now." },
  });
  expect(replied.ok(), await replied.text()).toBeTruthy();
  await adminContext.close();

  await page.goto("/support");
  const list = page.getByRole("region", { name: "Your requests" });
  const request = list.getByRole("article", { name: "Eagle shows as birdie" });
  await expect(request).toContainText("Open");
  await expect(request).toContainText("Hole 7 on Sunday.");
  await expect(request).toContainText("Reply from support");
  await expect(request).toContainText("Fixed: it shows as an eagle now.");

  // A new request shows at once.
  await page.getByLabel("Subject").fill("Second question");
  await page.getByLabel("Message").fill("How do ties work?");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(list.getByRole("article").first()).toContainText("Second question");
  await expect(list.getByRole("article", { name: "Second question" })).toContainText("Waiting for a reply.");
});

test("pushsubscriptionchange in the real service worker: the new endpoint replaces the old on the server", async ({
  page,
  context,
}) => {
  await registerViaApi(page);
  await page.goto("/profile?tab=settings");
  await waitForServiceWorkerControl(page);
  // Real P-256 and auth keys, as a browser's subscription carries.
  const keys = await page.evaluate(async () => {
    const b64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    return {
      p256dh: b64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
      auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
    };
  });
  const oldEndpoint = `https://fcm.googleapis.com/fcm/send/old-${Date.now()}`;
  const newEndpoint = `https://fcm.googleapis.com/fcm/send/new-${Date.now()}`;
  const saved = await page.request.post("/api/push/subscriptions", {
    headers: origin(),
    data: { endpoint: oldEndpoint, keys },
  });
  expect(saved.status()).toBe(201);

  // Chromium cannot fire the event itself (its push service is out of reach): the worker's own
  // PushManager is swapped for one that answers as a push service would, then the event is
  // dispatched in the worker. Its fetches to the server are real, with the session cookie.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(
    ({ newEndpoint, keys }) => {
      const sw = self as unknown as {
        registration: { pushManager: { getSubscription: () => Promise<null>; subscribe: () => Promise<unknown> } };
      };
      const subscription = {
        endpoint: newEndpoint,
        options: { applicationServerKey: null },
        toJSON: () => ({ endpoint: newEndpoint, expirationTime: null, keys }),
      };
      sw.registration.pushManager.getSubscription = async () => null;
      sw.registration.pushManager.subscribe = async () => subscription;
    },
    { newEndpoint, keys },
  );
  await worker.evaluate((oldEndpoint) => {
    const Extendable = (globalThis as unknown as { ExtendableEvent: typeof Event }).ExtendableEvent;
    const event = new Extendable("pushsubscriptionchange");
    Object.assign(event, { oldSubscription: { endpoint: oldEndpoint, options: { applicationServerKey: null } } });
    self.dispatchEvent(event);
  }, oldEndpoint);

  const status = (endpoint: string) =>
    page.request
      .get(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`)
      .then((r) => r.json() as Promise<{ subscribed: boolean }>);
  await expect.poll(() => status(newEndpoint)).toEqual({ subscribed: true });
  await expect.poll(() => status(oldEndpoint)).toEqual({ subscribed: false });
});
