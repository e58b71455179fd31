import { createChallengeApi } from "./challenge-api";
import { expect, test } from "./fixtures";

// Issue 19, first paint: a cold dashboard load asks for its data once (GET /api/dashboard, preloaded
// by the HTML and started before React renders), beside the page's chunks, and asks nobody who is
// signed in (the HTML said so). The widgets render from that one answer.

test.describe("first paint", () => {
  test("a cold dashboard: one data request, no separate user, challenges, board or achievements requests", async ({
    page,
    signedInUser,
  }) => {
    await createChallengeApi(page.request, { name: "Paint Cup" });
    const api: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/trpc/")) api.push(url.pathname);
    });
    await page.goto("/");
    await expect(
      page.getByRole("heading", { name: `Welcome back, ${signedInUser.displayName.split(" ")[0]}!` }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Challenge Leaderboard" })).toBeVisible();
    await expect(page.getByText("Paint Cup").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Achievements" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(api.filter((p) => p === "/api/dashboard")).toHaveLength(1);
    const separate = api.filter((p) =>
      /auth\.me|challenges\.list|leaderboards\.challenge|achievements\.mine|\/api\/user$/.test(p),
    );
    expect(separate).toEqual([]);
  });
});
