import { type Page, expect, test as base } from "@playwright/test";

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

/** Must match ADMIN_USERNAMES in e2e/serve.ts. */
export const ADMIN_USERNAME = "e2e_admin";

/** Signs in the admin, registering it on first use (a retried spec finds it already registered). */
export async function signInAdminViaApi(page: Page): Promise<void> {
  const origin = new URL(base.info().project.use.baseURL ?? "http://127.0.0.1:3100").origin;
  const credentials = { username: ADMIN_USERNAME, password: "admin-pass-123" };
  const registered = await page.request.post("/api/register", {
    data: { ...credentials, displayName: "Club Admin", email: "e2e_admin@example.com" },
    headers: { Origin: origin },
  });
  if (registered.ok()) return;
  expect(registered.status(), await registered.text()).toBe(409);
  const loggedIn = await page.request.post("/api/login", { data: credentials, headers: { Origin: origin } });
  expect(loggedIn.ok(), await loggedIn.text()).toBeTruthy();
}

export const test = base.extend<{ signedInUser: TestUser }>({
  signedInUser: async ({ page }, use) => {
    await use(await registerViaApi(page));
  },
});

export { expect };
