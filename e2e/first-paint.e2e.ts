import type { Page } from "@playwright/test";
import { createChallengeViaApi, recordViaApi, utcDay } from "./birdie-helpers";
import { createChallengeApi } from "./challenge-api";
import { type TestUser, expect, registerViaApi, test, waitForServiceWorkerControl } from "./fixtures";

// Issue 19, first paint: a cold dashboard load asks for its data once (GET /api/dashboard, preloaded
// by the HTML and started before React renders), beside the page's chunks, and asks nobody who is
// signed in (the HTML said so). The widgets render from that one answer.

/** The paths of the page's /api and /trpc requests from now on, in order. */
function dataRequestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/trpc/")) paths.push(url.pathname);
  });
  return paths;
}

/** The tRPC procedures the page asks for from now on, one entry per call of a batch. */
function trpcCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/trpc/")) calls.push(...url.pathname.slice("/trpc/".length).split(","));
  });
  return calls;
}

const welcomeBack = (page: Page, user: TestUser) =>
  page.getByRole("heading", { name: `Welcome back, ${user.displayName.split(" ")[0]}!` });

test.describe("first paint", () => {
  test("a cold dashboard: one data request, no separate user, challenges, board or achievements requests", async ({
    page,
    signedInUser,
  }) => {
    await createChallengeApi(page.request, { name: "Paint Cup" });
    const api = dataRequestsOf(page);
    await page.goto("/");
    await expect(welcomeBack(page, signedInUser)).toBeVisible();
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

  test("a cold dashboard fills in a frame at a time: the challenge's card, its board, the achievements, then the chat", async ({
    page,
    signedInUser,
  }) => {
    await createChallengeApi(page.request, { name: "Stage Cup" });
    // Before any script of the page: count animation frames, and note the frame in which each
    // part first appears in the document (issue 19: no single commit mounts the whole page).
    await page.addInitScript(() => {
      const w = window as unknown as { frames_: number; seen_: Record<string, number> };
      w.frames_ = 0;
      w.seen_ = {};
      const tick = () => {
        w.frames_++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const parts: Record<string, string> = {
        card: "//h3[normalize-space()='Hole Status']",
        board: "//h2[@id='dashboard-leaderboard-title']",
        achievements: "//h2[@id='recent-achievements-title']",
        chat: "//*[@data-slot='chat']//h2",
      };
      new MutationObserver(() => {
        for (const [name, path] of Object.entries(parts)) {
          if (name in w.seen_) continue;
          const found = document.evaluate(path, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null);
          if (found.singleNodeValue) w.seen_[name] = w.frames_;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await expect(welcomeBack(page, signedInUser)).toBeVisible();
    await expect(page.locator("[data-slot='chat'] h2")).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seen_: Record<string, number> }).seen_);
    expect(Object.keys(seen).sort()).toEqual(["achievements", "board", "card", "chat"]);
    expect(seen.board).toBeGreaterThan(seen.card);
    expect(seen.achievements).toBeGreaterThan(seen.board);
    expect(seen.chat).toBeGreaterThan(seen.achievements);
  });

  test("a cold challenge page: the challenge comes in the HTML (ADR 0055), its Overview asked for in one batch", async ({
    page,
  }) => {
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request, { name: "Paint Open" });
    const trpcCalls: string[][] = [];
    const api: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith("/trpc/")) trpcCalls.push(url.pathname.slice("/trpc/".length).split(","));
      if (url.pathname.startsWith("/api/")) api.push(url.pathname);
    });
    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Paint Open" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Progress" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top Players" })).toBeVisible();
    await page.waitForTimeout(500);
    // The server's HTML carried it: nobody asks for it again.
    expect(api.filter((p) => p === `/api/challenges/${challenge.id}`)).toHaveLength(0);
    const called = trpcCalls.flat();
    expect(called).not.toContain("challenges.byId");
    const overview = ["birdies.list", "leaderboards.challenge", "results.holes", "challenges.players"];
    for (const procedure of overview) expect(called.filter((c) => c === procedure)).toHaveLength(1);
    // The four went out together, not one after another.
    expect(trpcCalls.some((batch) => overview.every((p) => batch.includes(p)))).toBe(true);
  });

  test("a cold record page: the round's form comes in the HTML with the golfer's challenges (ADR 0073), taken over without asking again", async ({
    page,
  }) => {
    await registerViaApi(page);
    const challenge = await createChallengeApi(page.request, { name: "Paint Round" });
    const path = `/record-birdies/${challenge.id}`;
    // Before any script: the server's first screen is the form itself, its date field among it.
    const served = await (await page.request.get(path)).text();
    expect(served).toContain('type="date"');
    expect(served).toContain(">Paint Round</option>");
    expect(served).not.toContain("Loading challenges...");
    const trpcCalls = trpcCallsOf(page);
    await page.goto(path);
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.getByLabel("Challenge", { exact: true })).toHaveValue(String(challenge.id));
    // The app's form, not the painted one: it takes a tap.
    await page.getByRole("button", { name: /^Hole 7\b/ }).click();
    await expect(page.getByTestId("marked-summary")).toHaveText("1 hole marked: 1 birdie, 0 eagles");
    await page.waitForTimeout(500);
    expect(trpcCalls).not.toContain("challenges.list");
  });

  test("cold boards: the board comes in the HTML with the golfer's challenges (ADR 0074), taken over without asking again", async ({
    page,
  }) => {
    await registerViaApi(page);
    const challenge = await createChallengeViaApi(page.request, { name: "Painted Board Cup" });
    await recordViaApi(page.request, challenge.id, [{ hole: 5, score: 3 }]);
    const trpcCalls = trpcCallsOf(page);

    // A challenge's board: before any script, the server's first screen is the board itself.
    const boardPath = `/leaderboard/${challenge.id}`;
    const served = await (await page.request.get(boardPath)).text();
    expect(served).toContain('aria-label="Challenge leaderboard"');
    expect(served).toMatch(/data-testid="leaderboard-row" data-rank="1" aria-current="true"/);
    expect(served).toContain(">Painted Board Cup</option>");
    expect(served).not.toContain("Loading leaderboard data...");
    await page.goto(boardPath);
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.locator('[data-testid="leaderboard-row"][aria-current="true"]')).toContainText("1 / 18");
    await page.waitForTimeout(500);
    expect(trpcCalls.filter((call) => /^(leaderboards\.challenge|challenges\.list)$/.test(call))).toEqual([]);

    // The global board of the period in the address, the golfer's own row marked.
    const served2 = await (await page.request.get("/leaderboard/global?period=week")).text();
    expect(served2).toMatch(/data-testid="global-row" data-rank="\d+" aria-current="true"/);
    expect(served2).not.toContain("Loading leaderboard data...");
    await page.goto("/leaderboard/global?period=week");
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.getByRole("heading", { name: "This Week", exact: true })).toBeVisible();
    await expect(page.locator('[data-testid="global-row"][aria-current="true"]')).toBeVisible();
    await page.waitForTimeout(500);
    expect(trpcCalls.filter((call) => /^(leaderboards\.global|challenges\.list)$/.test(call))).toEqual([]);
    // The app's page, not the painted one: another period is asked for and shown.
    await page.getByRole("button", { name: "Today" }).click();
    await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
    await expect(page.locator('[data-testid="global-row"][aria-current="true"]')).toBeVisible();
    expect(trpcCalls).toContain("leaderboards.global");
  });

  test("the dashboard and a challenge page open without Intl's date and number formatters (ADR 0052)", async ({
    page,
    signedInUser,
  }) => {
    // A page's first Intl.DateTimeFormat loads the locale's calendar data on the main thread
    // (~200 ms on Lighthouse's phone); the first screens write their dates without it. The page's
    // own calls are counted from before its scripts run; chat times, legends and cards included.
    await page.addInitScript(() => {
      const calls: string[] = [];
      Object.assign(window, { __intlCalls: calls });
      for (const name of ["DateTimeFormat", "NumberFormat", "RelativeTimeFormat"] as const) {
        // A proxy, so `new Intl.DateTimeFormat()` and a call without `new` are both counted.
        const counted: ProxyHandler<typeof Intl.DateTimeFormat> = {
          construct(target, args) {
            calls.push(name);
            return Reflect.construct(target, args) as object;
          },
          apply(target, self, args) {
            calls.push(name);
            return Reflect.apply(target, self, args) as unknown;
          },
        };
        Object.assign(Intl, { [name]: new Proxy(Intl[name] as typeof Intl.DateTimeFormat, counted) });
      }
      for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const) {
        const original = Date.prototype[name];
        Date.prototype[name] = function (this: Date, ...args: Parameters<typeof original>) {
          calls.push(name);
          return original.apply(this, args);
        };
      }
    });
    const challenge = await createChallengeViaApi(page.request);
    await recordViaApi(page.request, challenge.id, [{ hole: 7, score: 3 }], { date: utcDay(1) });
    const intlCalls = () => page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);

    await page.goto("/");
    await expect(welcomeBack(page, signedInUser)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Challenge Leaderboard" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await intlCalls()).toEqual([]);

    await page.goto(`/challenges/${challenge.id}`);
    const legends = page.getByRole("region", { name: "Hole Legends" });
    const [month, day] = new Date(`${utcDay(1)}T12:00:00Z`)
      .toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })
      .split(" ");
    await expect(legends.getByText(`Hole 7 legend: ${signedInUser.displayName}, ${month} ${day}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top Players" })).toBeVisible();
    // The chat's message carries its full time as a tooltip.
    const chat = page.getByRole("region", { name: "Challenge Chat" });
    await expect(chat.getByText(`${signedInUser.displayName} recorded a birdie on hole 7`)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await intlCalls()).toEqual([]);
  });

  test("a cold challenge page the golfer cannot see still says so (the early request's refusal is asked again)", async ({
    page,
  }) => {
    await registerViaApi(page);
    await page.goto("/challenges/2147483000");
    await expect(page.getByRole("heading", { level: 1, name: "Challenge Not Found" })).toBeVisible();
  });

  test("the sign-in page comes painted in the server's HTML; React adopts those nodes and only then takes input (ADR 0054)", async ({
    page,
    browser,
  }) => {
    // A golfer made in a context of its own: this page stays signed out.
    const other = await browser.newContext();
    const user = await registerViaApi(await other.newPage());
    await other.close();

    const served = await (await page.request.get("/auth?redirect=%2Fprofile")).text();
    expect(served).toContain('data-first-screen="/auth" inert');
    expect(served).toContain("Welcome back</h1>");
    expect(served).toContain('name="username"');
    // Another tab of the page, or a signed-in visitor, gets the plain page.
    expect(await (await page.request.get("/auth?tab=register")).text()).not.toContain("data-first-screen");

    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(msg.text());
    });
    // The app's entry is held back: what shows until then is the server's HTML alone.
    const entry = /<meta name="app-entry" content="([^"]+)"/.exec(served)?.[1];
    expect(entry).toBeTruthy();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/auth", { waitUntil: "domcontentloaded" });
    const heading = page.locator("h1", { hasText: "Welcome back" });
    await expect(heading).toBeVisible();
    await expect(page.locator("#root")).toHaveAttribute("inert", "");
    await heading.evaluate((h1) => {
      (window as unknown as { paintedHeading: Element }).paintedHeading = h1;
    });

    release();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    // Hydrated, not rendered again: the heading the browser painted first is still the one shown.
    expect(
      await heading.evaluate((h1) => h1 === (window as unknown as { paintedHeading: Element }).paintedHeading),
    ).toBe(true);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(welcomeBack(page, user)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("hydrating the sign-in page renders the route's components once: no store differs from what was hydrated (ADR 0068)", async ({
    page,
  }) => {
    // A stand-in for React DevTools' hook, which production React reports every commit to. A
    // function component that rendered again has a new hook list (memoizedState); one React only
    // passed over keeps its old one. Recorded: those that rendered again and hold the page's <main>.
    await page.addInitScript(() => {
      type Fiber = { tag: number; child: Fiber | null; sibling: Fiber | null; return: Fiber | null };
      type Seen = Fiber & { alternate: Fiber | null; memoizedState: unknown; stateNode: unknown };
      const lastState = new WeakMap<Fiber, unknown>();
      const rerendered: number[] = [];
      (window as unknown as { rerenderedAboveMain: number[] }).rerenderedAboveMain = rerendered;
      (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
          const main = document.querySelector("main");
          const changed = new Set<Fiber>();
          const walk = (node: Fiber | null) => {
            for (let fiber = node as Seen | null; fiber; fiber = fiber.sibling as Seen | null) {
              if (fiber.tag === 0) {
                const key = fiber.alternate && lastState.has(fiber.alternate) ? fiber.alternate : fiber;
                if (lastState.has(key) && lastState.get(key) !== fiber.memoizedState) changed.add(fiber);
                lastState.set(key, fiber.memoizedState);
              }
              walk(fiber.child);
            }
          };
          walk(root.current.child);
          // The host fiber of <main>, then its function-component ancestors that rendered again.
          const find = (node: Fiber | null): Seen | null => {
            for (let fiber = node as Seen | null; fiber; fiber = fiber.sibling as Seen | null) {
              if (fiber.stateNode === main) return fiber;
              const inside = find(fiber.child);
              if (inside) return inside;
            }
            return null;
          };
          let count = 0;
          for (let fiber: Fiber | null = main ? find(root.current.child) : null; fiber; fiber = fiber.return) {
            if (changed.has(fiber)) count++;
          }
          rerendered.push(count);
        },
      };
    });
    await page.goto("/auth");
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    // Past hydration's own commits and the effects after them.
    await page.waitForTimeout(1500);
    const perCommit = await page.evaluate(
      () => (window as unknown as { rerenderedAboveMain: number[] }).rerenderedAboveMain,
    );
    expect(perCommit.length).toBeGreaterThan(0);
    // Before ADR 0068 the history entry's server value (null) differed from the browser's, and the
    // route's components (and with them the page's boundary still hydrating) rendered again at once.
    expect(perCommit.filter((n) => n > 0)).toEqual([]);
  });

  test("a signed-in golfer's pages come painted in the server's HTML, rendered for them; the app's first render takes over (ADR 0055)", async ({
    page,
    signedInUser,
  }) => {
    const challenge = await createChallengeApi(page.request, { name: "Painted Cup" });
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(`${page.url()}: ${msg.text()}`);
    });
    const firstName = signedInUser.displayName.split(" ")[0];
    const pages: [string, string][] = [
      ["/", `Welcome back, ${firstName}!`],
      [`/challenges/${challenge.id}`, "Painted Cup"],
      [`/record-birdies/${challenge.id}`, "Record Birdies"],
      ["/leaderboard/global", "Global Leaderboard"],
      [`/leaderboard/${challenge.id}`, "Challenge Leaderboard"],
      ["/profile", "Profile"],
    ];
    for (const [path, heading] of pages) {
      const served = await (await page.request.get(path)).text();
      expect(served, path).toContain(`data-first-screen="${path}" inert`);
      // Rendered for this golfer: the menu names them before any script runs.
      expect(served, path).toContain(signedInUser.displayName);
      const entry = /<meta name="app-entry" content="([^"]+)"/.exec(served)?.[1];
      expect(entry, path).toBeTruthy();
      // React's renderer (ADR 0065) is not fetched before the paint either: named, then preloaded
      // by the script that starts the entry.
      const renderer = /<meta name="app-preload" content="([^"]*react-dom[^"]*)"/.exec(served)?.[1];
      expect(renderer, path).toBeTruthy();
      expect(served, path).not.toContain(`<link rel="modulepreload" crossorigin href="${renderer}">`);
      // What shows until the app's entry runs is the server's HTML alone.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${entry}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(page.locator("#root"), path).toHaveAttribute("inert", "");
      release();
      await expect(page.locator("#root"), path).not.toHaveAttribute("inert");
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(page.locator(`link[rel="modulepreload"][href="${renderer}"]`), path).toHaveCount(1);
      await page.unrouteAll();
    }
    // The app runs on what it took over: the challenge page's Overview fills in.
    await page.goto(`/challenges/${challenge.id}`);
    await expect(page.getByRole("heading", { name: "Your Progress" })).toBeVisible();
    expect(problems).toEqual([]);
    // A signed-out visitor to a signed-in page gets the plain page (the sign-in screen renders in the browser).
    await page.context().clearCookies();
    expect(await (await page.request.get("/profile")).text()).not.toContain("data-first-screen");
  });

  test.describe("through the service worker", () => {
    test.use({ serviceWorkers: "allow" });

    test("a repeat visit opens from the worker's shell with what the device kept, and asks for the dashboard once", async ({
      page,
      signedInUser,
    }) => {
      await createChallengeApi(page.request, { name: "Repeat Cup" });
      await page.goto("/");
      await expect(page.getByText("Repeat Cup").first()).toBeVisible();
      await waitForServiceWorkerControl(page);
      await page.waitForTimeout(1_500);
      const api = dataRequestsOf(page);
      await page.goto("/");
      await expect(welcomeBack(page, signedInUser)).toBeVisible();
      await expect(page.getByText("Repeat Cup").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Recent Achievements" })).toBeVisible();
      await page.waitForTimeout(1_000);
      // The dashboard's one request brings the lists the device restored: none is asked for again.
      expect(api.filter((p) => p === "/api/dashboard")).toHaveLength(1);
      expect(api.filter((p) => /challenges\.list|leaderboards\.challengeTop|achievements\.mine/.test(p))).toEqual([]);
    });
  });
});
