import { type Page, expect, test as base } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";

export type TestUser = {
  username: string;
  password: string;
  displayName: string;
  email: string;
};

let counter = 0;

/** A user nobody has registered yet in this run (usernames: letters, digits, underscores, <= 30). */
export function uniqueUser(firstName = "Tiger"): TestUser {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  const username = `${firstName.toLowerCase()}_${suffix}`.slice(0, 30);
  return {
    username,
    password: "birdie-pass-123",
    displayName: `${firstName} Tester`,
    email: `${username}@example.com`,
  };
}

/**
 * Registers and signs in through the REST route (fast path for specs that do not test the form).
 * `page.request` shares the browser context's cookies, so the page is signed in afterwards. The
 * server refuses cross-site writes, hence the explicit same-origin Origin header.
 */
export async function registerViaApi(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  const baseURL = base.info().project.use.baseURL ?? "http://127.0.0.1:3100";
  const response = await page.request.post("/api/register", {
    data: { username: user.username, displayName: user.displayName, email: user.email, password: user.password },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.ok(), `register ${user.username}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return user;
}

/** Created by e2e/serve.ts before the server starts, and listed in its ADMIN_USERNAMES. */
export const ADMIN_USERNAME = E2E_ADMIN.username;

/** Signs in the admin (the account exists before the server starts; sign-up never makes admins). */
export async function signInAdminViaApi(page: Page): Promise<void> {
  const origin = new URL(base.info().project.use.baseURL ?? "http://127.0.0.1:3100").origin;
  const credentials = { username: E2E_ADMIN.username, password: E2E_ADMIN.password };
  const loggedIn = await page.request.post("/api/login", { data: credentials, headers: { Origin: origin } });
  expect(loggedIn.ok(), await loggedIn.text()).toBeTruthy();
  expect((await loggedIn.json()).isAdmin, "e2e_admin is an admin").toBe(true);
}

/**
 * The page has rendered its content: a heading, the app in charge of a page the server painted
 * (ADR 0054, 0055: inert until then), and no spinner or skeleton still waiting on data. For pages
 * of contexts made in the test too, which the `page` fixture's wait below does not cover.
 */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await expect(page.locator(".loading:visible, .skeleton:visible")).toHaveCount(0);
}

/**
 * Until the app has taken over a page the server painted (ADR 0054, 0055), `#root` is inert and its
 * inputs are the server's: a file set or text typed there would be lost, as a golfer cannot do (inert
 * takes no taps). Waits for it, as a golfer waits for a page to respond; a navigation on the way
 * (a redirect) ends the wait.
 */
async function untilTakesInput(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector("#root[inert]"), undefined, { timeout: 15_000 })
    .catch(() => {});
}

type Goto = Page["goto"];
type Reload = Page["reload"];

export const test = base.extend<{ signedInUser: TestUser }>({
  // goto and reload return once the app can take input. A test that asks only for the DOM
  // (`waitUntil: "domcontentloaded"` or "commit") gets the page as the server sent it.
  page: async ({ page }, use) => {
    const goto: Goto = page.goto.bind(page);
    const reload: Reload = page.reload.bind(page);
    const asServed = (options?: { waitUntil?: string }) =>
      options?.waitUntil === "domcontentloaded" || options?.waitUntil === "commit";
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!asServed(options)) await untilTakesInput(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (!asServed(options)) await untilTakesInput(page);
      return response;
    };
    await use(page);
  },
  signedInUser: async ({ page }, use) => {
    await use(await registerViaApi(page));
  },
});

export { expect };

/** Waits until the app's service worker controls the page (it then answers offline). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 });
}

/**
 * The device's kept copy of the query cache (ADR 0029) as saved in IndexedDB, or "" when there is
 * none yet. Saving is throttled (at most once a second): poll it rather than read it once.
 */
export function keptCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => resolve("");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("keyval")) return resolve("");
          const get = db.transaction("keyval").objectStore("keyval").get("birdie.query-cache");
          get.onerror = () => resolve("");
          get.onsuccess = () => resolve(typeof get.result === "string" ? get.result : "");
        };
      }),
  );
}
