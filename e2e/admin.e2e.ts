import { expect, registerViaApi, signInAdminViaApi, test } from "./fixtures";

test.describe("admin area", () => {
  test("a signed-in admin outside /admin is sent to /admin", async ({ page }) => {
    await signInAdminViaApi(page);
    await page.goto("/achievements");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  });

  test("non-admins cannot open admin pages", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
  });

  test("signed-out visitors of admin pages go to the admin sign-in", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  });
});
