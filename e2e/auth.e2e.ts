import { expect, registerViaApi, test, uniqueUser } from "./fixtures";

test.describe("auth page", () => {
  test("signs up through the real form and lands on the dashboard", async ({ page }) => {
    const user = uniqueUser("Tiger");
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Display name").fill(user.displayName);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByText("Registration successful", { exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome to Birdie Challenge, ${user.displayName}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // A brand-new golfer is welcomed, not welcomed back; a reload is the same visit.
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Birdie Challenge, Tiger!" })).toBeVisible();
    await expect(page.getByText("Your birdie journey starts here")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Active Challenges" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Birdie Challenge, Tiger!" })).toBeVisible();

    // The signed-in user is cached on the device in the documented shape.
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem("cachedUser") ?? "null"));
    expect(cached).toMatchObject({
      username: user.username,
      displayName: user.displayName,
      email: user.email,
      isAdmin: false,
      version: "2",
    });
    expect(typeof cached.cachedAt).toBe("number");

    // The next visit (the app opened again) says welcome back.
    const later = await page.context().newPage();
    await later.goto("/");
    await expect(later.getByRole("heading", { level: 1, name: "Welcome back, Tiger!" })).toBeVisible();
    await expect(later.getByText("Your birdie journey continues")).toBeVisible();
  });

  test("shows inline validation messages", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("123");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(page.getByText("Display name is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    await page.getByLabel("Username").fill("bad name!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Username can only contain letters, numbers, and underscores")).toBeVisible();
  });

  test("reports a failed login with the server's message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Username").fill(`nobody_${Date.now()}`);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Login failed");
    await expect(toast).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("logs out from the avatar menu", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Tiger!" })).toBeVisible();

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
    await expect(page.getByText("You have been successfully logged out.")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("cachedUser"))).toBeNull();

    // The session is gone on the server too: a protected page sends us back to sign in.
    await page.goto("/achievements");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fachievements$/);
  });

  test("a signed-out deep link returns to the page after logging in", async ({ page }) => {
    const user = await registerViaApi(page, uniqueUser("Annika"));
    await page.context().clearCookies();

    await page.goto("/achievements");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fachievements$/);

    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();

    await expect(page.getByText("Login successful", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/achievements$/);
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
  });

  test("a pending invite wins over the redirect after signing in", async ({ page }) => {
    const user = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/auth?redirect=%2Fachievements");
    await page.evaluate(() => {
      localStorage.setItem("pendingInviteCode", "ABCDEF123456");
      localStorage.setItem("pendingInviteTimestamp", String(Date.now()));
    });

    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();

    await expect(page).toHaveURL(/\/join-challenge\/ABCDEF123456$/);
    expect(await page.evaluate(() => localStorage.getItem("pendingInviteCode"))).toBeNull();
  });

  test("a signed-in visitor of /auth moves on", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/auth?redirect=%2Fsupport");
    await expect(page).toHaveURL(/\/support$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a reload shows the cached user at once, then follows the server", async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Tiger!" })).toBeVisible();
    // The heading comes in the server's HTML (ADR 0055); the app keeps the user once it runs.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cachedUser"))).toContain(user.username);

    // The server session disappears (expired elsewhere): the cached user only stands in until the
    // server answers, then the visitor is sent to sign in and the cache is dropped.
    await page.context().clearCookies();
    await page.goto("/achievements");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fachievements$/);
    expect(await page.evaluate(() => localStorage.getItem("cachedUser"))).toBeNull();
  });

  test("an expired device cache is discarded", async ({ page }) => {
    await page.goto("/auth");
    await page.evaluate(() => {
      const old = Date.now() - 169 * 60 * 60 * 1000;
      localStorage.setItem(
        "cachedUser",
        JSON.stringify({
          id: 1,
          username: "old",
          displayName: "Old",
          email: "o@x.io",
          isAdmin: false,
          cachedAt: old,
          version: "2",
        }),
      );
    });
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem("cachedUser"))).toBeNull();
  });

  test("the recovery dialog asks the server for a reset link", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Forgot username or password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Account Recovery" });
    await expect(dialog).toBeVisible();

    const field = dialog.getByLabel("Username or email");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(field).toHaveAccessibleDescription("Please enter your username or email");

    // The same answer whether or not an account matches (no enumeration).
    await field.fill("golfer@example.com");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(dialog.getByRole("button", { name: "Email Sent" })).toBeVisible({ timeout: 5000 });
    await expect(dialog.getByRole("status")).toHaveText(
      "If an account matches, we have sent it an e-mail with a link to choose a new password. The link works for 30 minutes.",
    );

    await dialog.getByRole("button", { name: "Back to login" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  });

  test("without mail the recovery dialog says to ask an admin", async ({ page }) => {
    await page.route("**/trpc/config.get**", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      await route.fulfill({ response, body: body.replace('"mailEnabled":true', '"mailEnabled":false') });
    });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Forgot username or password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Account Recovery" });
    await expect(dialog).toHaveAccessibleDescription(
      "This server cannot send e-mail. Please ask an admin to reset your password.",
    );
    await expect(dialog.getByRole("button", { name: "Send reset link" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Back to login" }).click();
    await expect(dialog).toBeHidden();
  });
});
