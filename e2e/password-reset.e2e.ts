import { expect, test } from "@playwright/test";
import { linkIn, type SmtpCatcher, startSmtpCatcher } from "../src/server/test/harness/smtp-catcher";
import { registerViaApi, uniqueUser } from "./fixtures";
import { E2E_SMTP_PORT } from "./mail-catcher";

// Forgot password -> mail -> link -> new password -> signed in (docs/product/rules.md#password-reset-and-e-mail).
// The mail is read from a real SMTP server this spec runs on the port e2e/serve.ts sends to.

const RESET_REQUESTED =
  "If an account matches, we have sent it an e-mail with a link to choose a new password. The link works for 30 minutes.";
const INVALID_RESET_LINK = "This password reset link has expired or was already used. Please ask for a new one.";

// Mail goes through the job queue and a real SMTP exchange; the shared machine can be slow.
test.setTimeout(90_000);

let smtp: SmtpCatcher;
test.beforeAll(async () => {
  smtp = await startSmtpCatcher(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp?.close();
});

test("forgot password: the mailed link sets a new password and signs the golfer in", async ({ browser, baseURL }) => {
  const signUp = await browser.newContext();
  const user = await registerViaApi(await signUp.newPage(), uniqueUser("Reset"));
  await signUp.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot username or password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Account Recovery" });
  await dialog.getByLabel("Username or email").fill(user.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(RESET_REQUESTED);

  const [mail] = await smtp.waitFor(
    (m) => m.to === user.email && m.subject === "Reset your Birdie Challenge password",
    1,
    20_000,
  );
  const link = linkIn(mail, "/reset-password/");
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
  await expect(page).toHaveTitle(/Reset Password/);
  await page.getByLabel("New password").fill("12345");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByLabel("New password")).toHaveAccessibleDescription("Password must be at least 6 characters");

  await page.getByLabel("New password").fill("fresh-birdie-9");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast").first()).toContainText("Password changed");
  const me = await page.request.get("/api/user");
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(user.username);

  // The owner hears of it, and the old password no longer works.
  await smtp.waitFor(
    (m) => m.to === user.email && m.subject === "Your Birdie Challenge password was changed",
    1,
    20_000,
  );
  const origin = new URL(baseURL!).origin;
  const old = await page.request.post("/api/login", {
    data: { username: user.username, password: user.password },
    headers: { Origin: origin },
  });
  expect(old.status()).toBe(401);

  // The link worked once.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(link);
  await second.getByLabel("New password").fill("another-pass-1");
  await second.getByRole("button", { name: "Set New Password" }).click();
  await expect(second.getByRole("alert")).toContainText(INVALID_RESET_LINK);
  await again.close();
  await context.close();
});
