import { createChallengeViaApi, holeButton, namedUser, recordViaApi } from "./birdie-helpers";
import { expect, registerViaApi, test } from "./fixtures";

test.describe("recording birdies", () => {
  test("a verified round shows on the dashboard, in the hole dialog and drawer, and a deleted record leaves the grid", async ({
    page,
  }) => {
    // The round now ends on its result screen before the dashboard, detail and deletion checks.
    test.setTimeout(60_000);
    await registerViaApi(page, namedUser("Recorder"));
    const challenge = await createChallengeViaApi(page.request);

    await page.goto(`/record-birdies/${challenge.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Record Birdies" })).toBeVisible();
    // The preselected challenge is locked; a single-course challenge plays on its course.
    const challengeSelect = page.getByLabel("Challenge", { exact: true });
    await expect(challengeSelect).toBeDisabled();
    await expect(challengeSelect.locator("option:checked")).toHaveText(challenge.name);
    await expect(page.getByLabel("Course", { exact: true }).locator("option:checked")).toHaveText(challenge.courseName);
    await expect(page.getByLabel("Date Played")).not.toHaveValue("");

    const continueButton = page.getByRole("button", { name: "Continue to Verification" });
    await expect(continueButton).toBeDisabled();
    // Only aria-disabled while just the holes are missing: pressing it explains why.
    await continueButton.click({ force: true });
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("No holes selected");
    await expect(toast).toContainText("Please select at least one hole where you scored a birdie or eagle.");

    // Taps cycle none -> birdie -> eagle -> none.
    const hole3 = holeButton(page, 3);
    const hole7 = holeButton(page, 7);
    const hole9 = holeButton(page, 9);
    await hole3.click();
    await expect(hole3).toHaveAttribute("data-mark", "birdie");
    await hole7.click();
    await hole7.click();
    await expect(hole7).toHaveAttribute("data-mark", "eagle");
    await hole9.click();
    await hole9.click();
    await hole9.click();
    await expect(hole9).toHaveAttribute("data-mark", "none");
    await expect(page.getByTestId("marked-summary")).toHaveText("2 holes marked: 1 birdie, 1 eagle");

    await continueButton.click();
    const submit = page.getByRole("button", { name: "Submit Verification" });
    await expect(submit).toBeDisabled();
    // Back returns to the form with the marks kept.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(hole7).toHaveAttribute("data-mark", "eagle");
    await continueButton.click();

    await page.getByLabel("Partner Name").fill("Jack Partner");
    await expect(submit).toBeDisabled();
    await page.getByLabel("Signature").fill("J. Partner");
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(toast).toContainText("Success!");
    await expect(toast).toContainText("Recorded 2 holes: 1 birdie, 1 eagle.");
    // Success shows the round's result; Record Another Round starts a fresh form that knows the
    // recorded holes.
    await expect(page.getByRole("heading", { name: "Round Recorded" })).toBeVisible();
    await page.getByRole("button", { name: "Record Another Round" }).click();
    await expect(holeButton(page, 3)).toHaveAttribute("data-mark", "none");
    await expect(holeButton(page, 3)).toHaveAttribute("data-recorded", "birdie");
    await expect(holeButton(page, 7)).toHaveAttribute("data-mark", "none");
    await expect(holeButton(page, 7)).toHaveAttribute("data-recorded", "eagle");

    // Dashboard: the current challenge card.
    await page.goto("/");
    const card = page.getByTestId("current-challenge-card");
    await expect(card.getByRole("heading", { name: challenge.name })).toBeVisible();
    await expect(card).toContainText(challenge.courseName);
    await expect(card).toContainText("Single Course");
    await expect(card.getByTestId("ends-in")).toHaveText(/^Ends in (19|20) days \d+ hours?$/);
    await expect(card.getByTestId("birdied-count")).toHaveText("2 / 18 birdied");
    const grid = card.getByTestId("hole-status-grid");
    await expect(grid.locator('[data-state="birdie"]')).toHaveCount(1);
    await expect(grid.locator('[data-state="eagle"]')).toHaveCount(1);
    await expect(grid.locator("li[data-hole='3']")).toHaveAttribute("data-state", "birdie");
    await expect(grid.locator("li[data-hole='7']")).toHaveAttribute("data-state", "eagle");
    await expect(card).toContainText("Birdie 1 pt");
    await expect(card).toContainText("Eagle 3 pts");
    await expect(card.getByRole("link", { name: "View Challenge" })).toHaveAttribute(
      "href",
      `/challenges/${challenge.id}`,
    );
    await expect(card.getByRole("link", { name: "Record New Birdie" })).toHaveAttribute(
      "href",
      `/record-birdies/${challenge.id}`,
    );

    // Hole dialog, then the verification drawer.
    await grid.getByRole("button", { name: /^Hole 7, eagled/ }).click();
    const holeDialog = page.getByRole("dialog", { name: "Hole 7 Details" });
    await expect(holeDialog).toBeVisible();
    await expect(holeDialog.getByTestId("hole-eagle-count")).toHaveText("1 Eagle");
    await expect(holeDialog.getByTestId("hole-birdie-count")).toHaveText("0 Birdies");
    await expect(holeDialog.getByRole("list", { name: "Records on hole 7" })).toContainText("Eagle");
    await expect(holeDialog).toContainText(challenge.courseName);
    await expect(holeDialog).toContainText("Verified by");
    await holeDialog.getByRole("button", { name: "Jack Partner" }).click();

    const drawer = page.getByRole("dialog", { name: "Verification Details" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("verifier-name")).toHaveText("Jack Partner");
    await expect(drawer.getByTestId("verifier-signature")).toHaveText("J. Partner");
    await expect(drawer).toContainText("Recorded on");
    await expect(drawer).toContainText("Eagle (-2)");
    await expect(drawer).toContainText(challenge.courseName);
    await expect(drawer).toContainText("Hole7");
    // Escape closes only the top layer.
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(holeDialog).toBeVisible();
    await holeDialog.getByRole("button", { name: "Verification" }).click();
    await drawer.getByRole("button", { name: "Close", exact: true }).click();
    await expect(drawer).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(holeDialog).toBeHidden();

    // Challenge detail: Edit Birdies deletes a record and the grid follows.
    await page.goto(`/challenges/${challenge.id}`);
    const progress = page.getByRole("region", { name: "Your Progress" });
    await expect(progress.getByTestId("your-progress-count")).toHaveText("2/18");
    const editBirdies = page.getByRole("region", { name: "Edit Birdies" });
    await expect(editBirdies.getByTestId("own-birdie")).toHaveCount(2);
    await editBirdies.getByRole("button", { name: "Delete hole 3 birdie" }).click();
    await page.getByRole("dialog", { name: "Delete this birdie?" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast).toContainText("Birdie deleted");
    await expect(editBirdies.getByTestId("own-birdie")).toHaveCount(1);
    await expect(progress.getByTestId("your-progress-count")).toHaveText("1/18");
    await expect(progress.locator("li[data-hole='3']")).toHaveAttribute("data-state", "none");
    await expect(progress.locator("li[data-hole='7']")).toHaveAttribute("data-state", "eagle");

    await page.goto("/");
    await expect(page.getByTestId("birdied-count")).toHaveText("1 / 18 birdied");
    await expect(page.getByTestId("hole-status-grid").locator("li[data-hole='3']")).toHaveAttribute(
      "data-state",
      "none",
    );
  });

  test("hybrid challenges take a typed course; changing the course clears marks; a birdied hole offers only the eagle upgrade", async ({
    page,
  }) => {
    await registerViaApi(page, namedUser("Hybrid"));
    const challenge = await createChallengeViaApi(page.request, { courseMode: "hybrid" });
    await recordViaApi(page.request, challenge.id, [{ hole: 4, score: 3 }], {
      partner: "Earlier Partner",
      customCourseName: challenge.courseName,
    });

    await page.goto("/record-birdies");
    await page.getByLabel("Challenge", { exact: true }).selectOption({ label: challenge.name });
    const course = page.getByLabel("Course", { exact: true });
    await expect(course.locator("option:checked")).toHaveText(challenge.courseName);
    // The hole rule is per challenge, whatever the course: the recorded birdie takes only an eagle.
    await holeButton(page, 4).click();
    await expect(holeButton(page, 4)).toHaveAttribute("data-mark", "eagle");

    await course.selectOption({ label: "Another course..." });
    await expect(holeButton(page, 4)).toHaveAttribute("data-mark", "none");
    const continueButton = page.getByRole("button", { name: "Continue to Verification" });
    // Without a course name the form cannot continue.
    await expect(continueButton).toBeDisabled();
    await page.getByLabel("Course Name").fill("Links Of Nowhere");
    // Hole 4 already holds a birdie: the picker knows, and offers only the upgrade to an eagle.
    await expect(holeButton(page, 4)).toHaveAttribute("data-recorded", "birdie");
    await holeButton(page, 4).click();
    await expect(holeButton(page, 4)).toHaveAttribute("data-mark", "eagle");
    await continueButton.click();
    await page.getByLabel("Partner Name").fill("Pat");
    await page.getByLabel("Signature").fill("Pat S");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Recorded 1 hole: 0 birdies, 1 eagle.");

    await page.goto("/");
    const card = page.getByTestId("current-challenge-card");
    await expect(card).toContainText("Hybrid Mode");
    await card.getByRole("button", { name: /^Hole 4, eagled/ }).click();
    const dialog = page.getByRole("dialog", { name: "Hole 4 Details" });
    // Newest first: the eagle on the typed course, then the superseded birdie.
    const entries = dialog.getByRole("listitem");
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText("Eagle");
    await expect(entries.first()).toContainText("Links Of Nowhere");
    await expect(entries.nth(1)).toContainText("Birdie");
    await expect(entries.nth(1)).toContainText("Earlier Partner");
  });

  test("with multiple birdies allowed the grid shows birdie and eagle counts", async ({ page }) => {
    await registerViaApi(page, namedUser("Multi"));
    const challenge = await createChallengeViaApi(page.request, { allowMultipleBirdies: true });
    await recordViaApi(page.request, challenge.id, [
      { hole: 5, score: 3 },
      { hole: 5, score: 3 },
      { hole: 5, score: 2 },
      { hole: 12, score: 3 },
    ]);
    await page.goto("/");
    const grid = page.getByTestId("current-challenge-card").getByTestId("hole-status-grid");
    await expect(grid.getByTestId("hole-5-birdies")).toHaveText("2");
    await expect(grid.getByTestId("hole-5-eagles")).toHaveText("1");
    await expect(grid.getByTestId("hole-12-birdies")).toHaveText("1");
    await expect(grid.getByTestId("hole-12-eagles")).toHaveCount(0);
    await expect(page.getByTestId("birdied-count")).toHaveText("2 / 18 birdied");
    await grid.getByRole("button", { name: /^Hole 5, eagled/ }).click();
    const dialog = page.getByRole("dialog", { name: "Hole 5 Details" });
    await expect(dialog.getByTestId("hole-birdie-count")).toHaveText("2 Birdies");
    await expect(dialog.getByTestId("hole-eagle-count")).toHaveText("1 Eagle");
  });

  test("the record page and dashboard fit a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await registerViaApi(page, namedUser("Phone"));
    const challenge = await createChallengeViaApi(page.request, { allowMultipleBirdies: true });
    await recordViaApi(page.request, challenge.id, [{ hole: 18, score: 3 }]);
    for (const path of [
      "/",
      `/record-birdies/${challenge.id}`,
      "/achievements",
      "/leaderboard/global",
      `/leaderboard/${challenge.id}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
        path,
      ).toBe(false);
    }
  });
});
