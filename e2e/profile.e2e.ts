import { join } from "node:path";
import { expect, registerViaApi, test } from "./fixtures";

// Playwright runs from the repository root.
const fixture = (name: string) => join(process.cwd(), "src/server/test/harness/fixtures", name);

test.describe("profile", () => {
  test("uploading a picture shows it in the header avatar at once", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/profile");
    await expect(page.getByText("JPG, PNG or GIF. Max 5MB.")).toBeVisible();

    await page.getByLabel("Profile picture").setInputFiles(fixture("tiny.png"));
    await expect(page.getByTestId("toast").filter({ hasText: "Profile picture updated" })).toBeVisible();
    const headerAvatar = page.getByRole("button", { name: "Account menu" }).locator("img");
    await expect(headerAvatar).toHaveAttribute("src", /\/api\/users\/\d+\/picture\?v=1$/);
    // The served picture really loads (cookie-authenticated URL).
    await expect
      .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // A second upload bumps the version, so the new picture replaces the cached one.
    await page.getByLabel("Profile picture").setInputFiles(fixture("tiny.jpg"));
    await expect(headerAvatar).toHaveAttribute("src", /\/picture\?v=2$/);

    await page.reload();
    await expect(page.getByRole("button", { name: "Account menu" }).locator("img")).toHaveAttribute(
      "src",
      /\/picture\?v=2$/,
    );

    await page.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("button", { name: "Account menu" }).locator("img")).toHaveCount(0);
  });

  test("files that are not images are refused before upload", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/profile");
    await page
      .getByLabel("Profile picture")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Invalid file type");
    await expect(toast).toContainText("Please select an image file.");
    await expect(page.getByRole("button", { name: "Account menu" }).locator("img")).toHaveCount(0);
  });

  test("display name, home course and handicap are saved; email is read-only", async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto("/profile?tab=profile");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Handicap")).toHaveAttribute("step", "0.1");

    await page.getByLabel("Display name").fill("Seve Ballesteros");
    await page.getByLabel("Home course").fill("Royal Pedreña");
    await page.getByLabel("Handicap").fill("4.3");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Profile updated" })).toBeVisible();
    // The header reflects the change without a reload (the avatar shows the new initials).
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText("SB");

    await page.reload();
    await expect(page.getByLabel("Display name")).toHaveValue("Seve Ballesteros");
    await expect(page.getByLabel("Home course")).toHaveValue("Royal Pedreña");
    await expect(page.getByLabel("Handicap")).toHaveValue("4.3");

    // Emptying the handicap clears it.
    await page.getByLabel("Handicap").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Profile updated" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Handicap")).toHaveValue("");
    await expect(page.getByLabel("Home course")).toHaveValue("Royal Pedreña");

    // A blank display name is caught by the form.
    await page.getByLabel("Display name").fill("  ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Display name is required")).toBeVisible();
  });

  test("settings toggles persist across reloads", async ({ page }) => {
    await registerViaApi(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/profile?tab=settings");
    // Notification settings live on the account (docs/product/rules.md#notifications).
    const email = page.getByRole("checkbox", {
      name: "E-mail: A rival records a round in your challenge (one message per round)",
    });
    const push = page.getByRole("checkbox", {
      name: "Push: A challenge you play in has ended, with your final standing and the winner",
    });
    const adFree = page.getByRole("checkbox", { name: "Ad-free mode" });
    // Defaults: a rival's round is not e-mailed, results are pushed; ad-free on.
    await expect(email).not.toBeChecked();
    await expect(push).toBeChecked();
    await expect(adFree).toBeChecked();
    await expect(page.getByRole("radio", { name: "System" })).toBeChecked();

    // Saved to the account before the page is left.
    const stored = page.waitForResponse((r) => r.url().includes("notifications.updateSettings") && r.ok());
    await email.check();
    await stored;
    await adFree.uncheck();
    await page.getByText("Dark", { exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    await page.reload();
    await expect(email).toBeChecked();
    await expect(push).toBeChecked();
    await expect(adFree).not.toBeChecked();
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    const saved = page.waitForResponse((r) => r.url().includes("notifications.updateSettings") && r.ok());
    await push.uncheck();
    await saved;
    const savedAgain = page.waitForResponse((r) => r.url().includes("notifications.updateSettings") && r.ok());
    await email.uncheck();
    await savedAgain;
    await adFree.check();
    await page.reload();
    await expect(email).not.toBeChecked();
    await expect(push).not.toBeChecked();
    await expect(adFree).toBeChecked();
  });

  test("changing the password in Settings: a wrong current one is refused, then other devices are signed out", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await registerViaApi(page);
    // The same golfer signed in on a second device.
    const otherDevice = await browser.newContext({ baseURL });
    const origin = new URL(baseURL!).origin;
    const signedIn = await otherDevice.request.post("/api/login", {
      data: { username: user.username, password: user.password },
      headers: { Origin: origin },
    });
    expect(signedIn.ok()).toBeTruthy();

    await page.goto("/profile?tab=settings");
    const form = page.getByRole("form", { name: "Change password" });
    const current = form.getByLabel("Current password");
    const next = form.getByLabel("New password");
    const submit = form.getByRole("button", { name: "Change Password" });

    // The sign-up rules, before anything is sent.
    await current.fill(user.password);
    await next.fill("short");
    await submit.click();
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();

    // The server's answer for a wrong current password, under that field.
    await current.fill("not-my-password");
    await next.fill("a-brand-new-pass");
    await submit.click();
    await expect(form.getByText("Current password is incorrect")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");

    await current.fill(user.password);
    await submit.click();
    await expect(page.getByTestId("toast").filter({ hasText: "Password changed" })).toContainText(
      "You were signed out on your other devices.",
    );
    await expect(current).toHaveValue("");
    await expect(next).toHaveValue("");

    // This device stays signed in; the other one is signed out; the new password works.
    await page.reload();
    await expect(page.getByRole("form", { name: "Change password" })).toBeVisible();
    expect((await otherDevice.request.get("/api/user")).status()).toBe(401);
    const withNew = await otherDevice.request.post("/api/login", {
      data: { username: user.username, password: "a-brand-new-pass" },
      headers: { Origin: origin },
    });
    expect(withNew.ok()).toBeTruthy();
    await otherDevice.close();
  });
});

test.describe("support", () => {
  test("the form needs a subject and message, then sends the request", async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto("/support");
    await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(page.getByLabel("Request type")).toHaveValue("question");

    await page.getByRole("button", { name: "Send request" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Missing information");
    await expect(toast).toContainText("Please fill out all fields.");

    await page.getByLabel("Subject").fill("Hole 7 shows twice");
    await page.getByLabel("Message").fill("After recording an eagle on hole 7 the grid shows it twice.");
    await page.getByLabel("Request type").selectOption("bug");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Support request sent" })).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
  });
});

test("profile, settings, support and install pages fit a 375 px phone", async ({ page }) => {
  await registerViaApi(page);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ["/profile", "/profile?tab=settings", "/support", "/pwa-info"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
      path,
    ).toBe(false);
  }
});
