import { readFileSync } from "node:fs";
import { joinViaInvite, namedUser, secondPlayer } from "./birdie-helpers";
import { expect, registerViaApi, test } from "./fixtures";
import { endingChallengeViaApi, recordRoundViaApi, untilEnded } from "./results-helpers";

// Final results (docs/product/routes-and-screens.md#final-results): before the end the page says
// so; after it, the challenge page links to the frozen results with the winner, how it was
// decided, the podium and standings, and the share card (download where the share sheet takes no
// files, as in headless Chromium). One chat line announces the result.

test.describe("final results", () => {
  test.setTimeout(60_000);

  test("waits for the end, then shows the winner, the tiebreak in words, the podium and the share card", async ({
    page,
    browser,
  }) => {
    const ann = await registerViaApi(page, namedUser("Ann"));
    const challenge = await endingChallengeViaApi(page.request, { name: "Sunset Sprint Cup", endsInMs: 10_000 });
    // Ann: 3 birdies (3 points, 3 birdies). Bo: one eagle (3 points, 1 birdie): most birdies decides.
    await recordRoundViaApi(page.request, challenge.id, [1, 2, 3]);
    const bo = namedUser("Bo");
    const boPage = await secondPlayer(browser, bo);
    await joinViaInvite(boPage.request, challenge.inviteCode);
    await recordRoundViaApi(boPage.request, challenge.id, [9], 2);

    await page.goto(`/challenges/${challenge.id}/results`);
    await expect(page.getByRole("heading", { level: 1, name: "Final results" })).toBeVisible();
    await expect(
      page.getByText("This challenge has not ended yet. Its final results are shown once it ends."),
    ).toBeVisible();

    await untilEnded(challenge);
    await page.goto(`/challenges/${challenge.id}`);
    await page.getByRole("link", { name: "Final results" }).click();
    await expect(page).toHaveURL(new RegExp(`/challenges/${challenge.id}/results$`));
    await expect(page.getByRole("heading", { level: 1, name: "Sunset Sprint Cup" })).toBeVisible();
    await expect(page).toHaveTitle("Final Results - Sunset Sprint Cup - Birdie Challenge");
    await expect(page.getByRole("heading", { name: `Winner: ${ann.displayName}` })).toBeVisible();
    await expect(page.getByTestId("decided-by")).toHaveText(
      "Level on points, decided by the tiebreaker: most birdies.",
    );
    const podium = page.getByRole("list", { name: "Podium" });
    await expect(podium.getByRole("listitem")).toHaveCount(2);
    await expect(podium.getByRole("listitem").first()).toContainText(ann.displayName);
    await expect(podium.getByRole("listitem").nth(1)).toContainText(bo.displayName);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(`${ann.displayName}Winner`);

    // The card image loads at its real size.
    const card = page.getByRole("img", { name: /^Results card: Sunset Sprint Cup/ });
    await expect(card).toBeVisible();
    await expect
      .poll(() => card.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
      .toEqual([true, 1200, 630]);

    // No share sheet with files here: the button downloads the PNG.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Share results card" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`challenge-${challenge.id}-results.png`);
    const bytes = readFileSync((await file.path()) ?? "");
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");

    // One chat line announced the result, seen by the other golfer too.
    const chat = await boPage.request.get(`/api/challenges/${challenge.id}/chat`);
    const lines = ((await chat.json()) as { message: string }[]).filter((m) => m.message.includes("has ended"));
    expect(lines.map((m) => m.message)).toEqual([
      `Sunset Sprint Cup has ended. ${ann.displayName} won! See the final results.`,
    ]);
    await boPage.context().close();
  });

  test("a golfer who is not in the challenge sees that it was not found", async ({ page, browser }) => {
    await registerViaApi(page, namedUser("Cleo"));
    const challenge = await endingChallengeViaApi(page.request, { name: "Private Dusk Cup", endsInMs: 3_000 });
    const outsider = await secondPlayer(browser, namedUser("Olly"));
    await untilEnded(challenge);
    await outsider.goto(`/challenges/${challenge.id}/results`);
    await expect(outsider.getByRole("heading", { level: 1, name: "Challenge not found" })).toBeVisible();
    await outsider.context().close();
  });
});
