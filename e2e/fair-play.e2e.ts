import { createChallengeViaApi, joinViaInvite, namedUser, recordViaApi, secondPlayer, utcDay } from "./birdie-helpers";
import { expect, registerViaApi, signInAdminViaApi, test } from "./fixtures";

// Fair-play flags (docs/product/rules.md#fair-play-flags): six birdies in one round flag the round;
// recording is not blocked; the creator sees the flag on the challenge page, another member does
// not; an admin voids the records from the review queue with a reason.

test("a flagged round: the creator sees it, a member does not, an admin voids its records", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await registerViaApi(page, namedUser("Cora"));
  const challenge = await createChallengeViaApi(page.request, { name: "Fair Play Open", allowMultipleBirdies: true });
  const golfer = namedUser("Gus");
  const golferPage = await secondPlayer(browser, golfer);
  await joinViaInvite(golferPage.request, challenge.inviteCode);
  // Six birdies in one round: all six are recorded (flags never block).
  await recordViaApi(
    golferPage.request,
    challenge.id,
    [1, 2, 3, 4, 5, 6].map((hole) => ({ hole, score: 3 as const })),
    { date: utcDay(1), partner: "Pete Pal", signature: "P. P." },
  );

  // The creator's challenge page shows the flag (the refresh job runs right after the round).
  await expect(async () => {
    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { name: /Fair-play flags/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const flag = page.getByTestId("fair-play-flag");
  await expect(flag).toContainText("Many birdies in one round");
  await expect(flag).toContainText(`${golfer.displayName} recorded 6 birdies or better in one round`);

  // The golfer (a member, not the creator) sees no flags.
  await golferPage.goto(`/challenges/${challenge.id}`);
  await expect(golferPage.getByRole("heading", { level: 1, name: "Fair Play Open" })).toBeVisible();
  await expect(golferPage.getByRole("heading", { name: /Fair-play flags/ })).toHaveCount(0);
  await golferPage.context().close();

  // An admin voids the round's records with a reason.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await signInAdminViaApi(admin);
  await admin.goto("/admin/fair-play");
  await expect(admin.getByRole("heading", { level: 1, name: "Fair play" })).toBeVisible();
  const card = admin.getByRole("article").filter({ hasText: `${golfer.displayName} recorded 6 birdies` });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Void records" }).click();
  const dialog = admin.getByRole("dialog", { name: "Void 6 records" });
  await dialog.getByLabel("Reason").fill("Six birdies with no witness");
  await dialog.getByRole("button", { name: "Void records" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await admin.getByRole("button", { name: "Actioned" }).click();
  await expect(
    admin.getByRole("article").filter({ hasText: "Voided 6 records: Six birdies with no witness" }),
  ).toBeVisible();
  // The audit log on the dashboard names the action.
  await admin.goto("/admin");
  await expect(admin.getByText("voided the records of fair-play flag").first()).toBeVisible();
  await adminContext.close();
});
