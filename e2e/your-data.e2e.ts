import { readFileSync } from "node:fs";
import { createChallengeViaApi, namedUser, recordViaApi, utcDay } from "./birdie-helpers";
import { expect, registerViaApi, test } from "./fixtures";

// Issue 18, "Hole legends" and "Your data": the legends card and the challenge's downloads on the
// detail page; Settings downloads everything and deletes the account.

test("the challenge page shows hole legends and open holes, and downloads the records and the calendar", async ({
  page,
}) => {
  const golfer = await registerViaApi(page, namedUser("Legend"));
  const challenge = await createChallengeViaApi(page.request);
  await recordViaApi(page.request, challenge.id, [{ hole: 7, score: 3 }], { date: utcDay(1) });
  await page.goto(`/challenges/${challenge.id}`);
  const card = page.getByRole("region", { name: "Hole Legends" });
  await expect(card.getByText(`Hole 7 legend: ${golfer.displayName}`)).toBeVisible();
  await expect(card.getByTestId("open-holes")).toContainText("1, 2, 3, 4, 5, 6, 8,");

  const csvDownload = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download records (CSV)" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`challenge-${challenge.id}-records.csv`);
  const text = readFileSync((await csv.path()) ?? "", "utf8");
  expect(text.split("\r\n")[0]).toContain("Golfer,Username,Hole,Type");
  expect(text).toContain(`${golfer.displayName},${golfer.username},7,birdie`);

  const icsDownload = page.waitForEvent("download");
  await card.getByRole("link", { name: "Add to calendar" }).click();
  const ics = readFileSync((await (await icsDownload).path()) ?? "", "utf8");
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toContain(`SUMMARY:${challenge.name}`);
});

test("Settings: download my data, then delete the account with the password", async ({ page, baseURL }) => {
  const golfer = await registerViaApi(page, namedUser("Leaver"));
  await page.goto("/profile?tab=settings");

  const exportDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const data = JSON.parse(readFileSync((await (await exportDownload).path()) ?? "", "utf8"));
  expect(data.tables.users[0].username).toBe(golfer.username);

  const trigger = page.getByRole("button", { name: "Delete account" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByText("Password is incorrect")).toBeVisible();

  await dialog.getByLabel("Password").fill(golfer.password);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId("toast").filter({ hasText: "Account deleted" })).toBeVisible();

  const origin = new URL(baseURL ?? "").origin;
  const login = await page.request.post("/api/login", {
    data: { username: golfer.username, password: golfer.password },
    headers: { Origin: origin },
  });
  expect(login.status()).toBe(401);
});
