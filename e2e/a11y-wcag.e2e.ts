import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { createChallengeViaApi, joinViaInvite, recordViaApi, utcDay } from "./birdie-helpers";
import { createChallengeApi } from "./challenge-api";
import { expect, registerViaApi, signInAdminViaApi, type TestUser, test, uniqueUser, waitForContent } from "./fixtures";
import { endingChallengeViaApi, recordRoundViaApi, untilEnded } from "./results-helpers";

// WCAG 2.2 AA beyond what axe can see (issue 21; axe itself runs in e2e/a11y.e2e.ts). Every main
// page at 390 px and 1280 px: a title of its own, every element reached by Tab visible, unobscured
// and showing focus (the longer pages also with Shift+Tab and at 200% text), no sideways scrolling
// or cut text at 320 px and at 200% text (390, 640 and 1280 px), headings without jumps, tablists
// whose aria-controls name real panels, and the non-text contrast of field borders, hole buttons
// and circles and medals in both themes. Then the behaviours: focus and announcements
// on navigation and record steps, focus back to the trigger after menus and confirms, errors inline
// and tied to their fields, toasts that wait and close with Escape, the hole picker's names, the
// chat's live region, the ad popup and the Invite button. One seeded world, signed in once per role.

type Role = "guest" | "player" | "admin";

type World = {
  player: TestUser;
  challengeId: number;
  challengeName: string;
  inviteCode: string;
  /** A second challenge of the player's, for the specs that delete things. */
  scratchId: number;
  /** An ended challenge of the player's: frozen results and a fair-play flag. */
  endedId: number;
  rivalName: string;
  states: Record<Exclude<Role, "guest">, Awaited<ReturnType<BrowserContext["storageState"]>>>;
};

const CHALLENGE_NAME = "Pebble Creek Cup";
const ENDED_NAME = "Twilight Sprint";
const SITE = "Birdie Challenge";
// Long enough to be cut on a 320 px board row unless rows wrap.
const RIVAL_NAME = "Maximilian Fairway-Ashbourne";

let world: World | undefined;

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3100").origin;
}

async function newContext(browser: Browser, role: Role, extra: Parameters<Browser["newContext"]>[0] = {}) {
  const w = world!;
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: role === "guest" ? undefined : w.states[role],
    ...extra,
  });
}

async function seed(browser: Browser): Promise<World> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const player = await registerViaApi(page, { ...uniqueUser("Wcag"), displayName: "Wendy Wcag" });
  const challenge = await createChallengeViaApi(page.request, {
    name: CHALLENGE_NAME,
    courseName: "Creekside Links",
    allowMultipleBirdies: true,
  });
  await recordViaApi(
    page.request,
    challenge.id,
    [
      { hole: 3, score: 3 },
      { hole: 7, score: 2 },
    ],
    { partner: "Jack Partner", signature: "J. Partner" },
  );
  await recordViaApi(page.request, challenge.id, [{ hole: 12, score: 3 }], { date: utcDay(1) });
  await createChallengeApi(page.request, { name: "Next Month Scramble", startInDays: 5, endInDays: 30 });
  const scratch = await createChallengeViaApi(page.request, { name: "Dune Ridge Open" });
  await recordViaApi(page.request, scratch.id, [
    { hole: 2, score: 3 },
    { hole: 4, score: 3 },
  ]);
  const support = await page.request.post("/api/support", {
    data: { email: player.email, subject: "Hole 7 twice", message: "The grid shows it twice.", type: "bug" },
    headers: { Origin: origin() },
  });
  expect(support.ok(), await support.text()).toBeTruthy();

  // Rivals fill the medal places; one has a long name and one joins the scratch challenge.
  const rivals = [
    { name: RIVAL_NAME, holes: [1, 6, 11, 16] },
    { name: "Bob Fairway", holes: [2, 8] },
    { name: "Cat Green", holes: [4] },
  ];
  for (const rival of rivals) {
    const rivalContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const rivalPage = await rivalContext.newPage();
    await registerViaApi(rivalPage, { ...uniqueUser("Rival"), displayName: rival.name });
    await joinViaInvite(rivalPage.request, challenge.inviteCode);
    if (rival.name === "Bob Fairway") await joinViaInvite(rivalPage.request, scratch.inviteCode);
    await recordViaApi(
      rivalPage.request,
      challenge.id,
      rival.holes.map((hole) => ({ hole, score: 3 as const })),
    );
    await rivalContext.close();
  }
  // Ends during the seeding, with frozen results. Its round was played yesterday on another course
  // than the player's hole 12 yesterday: a "two courses on one day" fair-play flag.
  const ended = await endingChallengeViaApi(page.request, { name: ENDED_NAME, endsInMs: 6_000 });
  await recordRoundViaApi(page.request, ended.id, [1, 2]);
  const playerState = await context.storageState();
  await context.close();

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInAdminViaApi(await adminContext.newPage());
  const adminState = await adminContext.storageState();
  await adminContext.close();
  await untilEnded(ended);

  return {
    player,
    challengeId: challenge.id,
    challengeName: challenge.name,
    inviteCode: challenge.inviteCode,
    scratchId: scratch.id,
    endedId: ended.id,
    rivalName: RIVAL_NAME,
    states: { player: playerState, admin: adminState },
  };
}

async function settle(page: Page) {
  await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
}

// ---------------------------------------------------------------------------------------------
// Checks that run inside the page (plain functions passed to page.evaluate).

type FocusReport = { end: true } | { end: false; key: number; what: string; problems: string[] };

/** Where keyboard focus is now: is it shown, and can it be seen (not under the header, nav or a toast)? */
function inspectFocus(): FocusReport {
  const w = window as unknown as { __focusKeys?: WeakMap<Element, number>; __focusNext?: number };
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return { end: true };
  w.__focusKeys ??= new WeakMap();
  w.__focusNext ??= 0;
  let key = w.__focusKeys.get(el);
  if (key === undefined) {
    key = w.__focusNext++;
    w.__focusKeys.set(el, key);
  }
  const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
  const what = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("type") ? ` type=${el.getAttribute("type")}` : ""}> "${name}"`;
  const problems: string[] = [];
  const rect = el.getBoundingClientRect();
  // The app draws focus as an outline (daisyUI controls, the browser's own ring on links); a
  // field inside a daisyUI input box shows it on the box (:focus-within).
  const outlined = (target: Element) => {
    const cs = getComputedStyle(target);
    return cs.outlineStyle !== "none" && Number.parseFloat(cs.outlineWidth) > 0;
  };
  const shown = (target: Element) =>
    outlined(target) || (target.parentElement?.matches(".input, .select, .textarea") && outlined(target.parentElement));
  if (rect.width < 2 || rect.height < 2) {
    // A visually hidden control: only fine when the label wrapping it shows the focus.
    const label = (el as HTMLInputElement).labels?.[0];
    if (!label || !shown(label)) problems.push("focused element is invisible (no visible focus on it or its label)");
    return { end: false, key, what, problems };
  }
  if (!shown(el)) problems.push("no visible focus indicator (outline)");
  const inside = (hit: Element | null) => hit !== null && (hit === el || el.contains(hit));
  const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
  const points: [string, number][] = [["centre", rect.top + rect.height / 2]];
  // Elements shorter than the window must be wholly in sight, not just their middle.
  if (rect.height < window.innerHeight / 2) points.push(["top edge", rect.top + 2], ["bottom edge", rect.bottom - 2]);
  for (const [where, y] of points) {
    if (y < 0 || y >= window.innerHeight) {
      problems.push(`${where} is outside the window (y=${Math.round(y)})`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (!inside(hit)) {
      const cover = hit
        ? `<${hit.tagName.toLowerCase()}${hit.className && typeof hit.className === "string" ? `.${hit.className.split(" ").slice(0, 2).join(".")}` : ""}>`
        : "nothing";
      problems.push(`${where} covered by ${cover}`);
    }
  }
  return { end: false, key, what, problems };
}

/** Sideways scrolling, cut-off text and scrolling sub-navigations, once the layout has settled. */
function inspectReflow(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const label = (el: Element) =>
    `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  if (root.scrollWidth > root.clientWidth) {
    // Name the innermost elements that stick out, to say where the fix belongs.
    const clipped = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement)
        if (getComputedStyle(node).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > root.clientWidth + 1 && !el.closest(".sr-only") && !clipped(el),
    );
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other))).slice(0, 3);
    problems.push(
      `page scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth} (${innermost.map(label).join(", ")})`,
    );
  }
  for (const el of document.querySelectorAll<HTMLElement>("body *")) {
    // Tables may scroll inside themselves (2D data is exempt from reflow); a select cannot wrap
    // its chosen option and lists it in full when opened.
    if (el.closest("dialog, [popover], [aria-hidden='true'], .sr-only, table, select, [data-sonner-toaster]")) continue;
    if (el.offsetParent === null && getComputedStyle(el).position !== "fixed") continue;
    const cs = getComputedStyle(el);
    if (cs.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1) problems.push(`text cut: ${label(el)}`);
    else if (
      (cs.overflowX === "auto" || cs.overflowX === "scroll") &&
      el.scrollWidth > el.clientWidth + 1 &&
      !el.querySelector("table")
    )
      problems.push(`region scrolls sideways: ${label(el)}`);
  }
  return problems;
}

/** Heading levels never skip one on the way down (h1 -> h3). */
function inspectStructure(): string[] {
  const problems: string[] = [];
  let previous = 0;
  for (const h of document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")) {
    if (h.closest("dialog, [aria-hidden='true']") || h.offsetParent === null) continue;
    const level = Number(h.tagName[1]);
    if (previous && level > previous + 1)
      problems.push(`heading jumps h${previous} -> h${level}: "${h.textContent?.trim().slice(0, 40)}"`);
    previous = level;
  }
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    const controls = tab.getAttribute("aria-controls");
    const panel = controls ? document.getElementById(controls) : null;
    if (panel?.getAttribute("role") !== "tabpanel")
      problems.push(`tab "${tab.textContent?.trim()}" controls ${controls ?? "nothing"}, not a tabpanel in the page`);
  }
  return problems;
}

/**
 * Non-text contrast (WCAG 1.4.11) measured from computed styles: field borders against what is
 * around them, unselected hole buttons and empty hole circles against the card, medals against
 * their disc. Colours go through a canvas so every CSS colour syntax (oklch, color-mix) reads alike.
 */
function inspectContrast(): string[] {
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  type Rgba = [number, number, number, number];
  const rgba = (color: string): Rgba => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "#000";
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  };
  /** The solid colour behind an element: its ancestors' backgrounds, composited from the page up. */
  const backdrop = (el: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let node = el; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    let result: Rgba = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const problems: string[] = [];
  const check = (what: string, el: Element, fg: Rgba, bg: Rgba) => {
    const r = ratio(fg, bg);
    if (r < 3) problems.push(`${what}: ${r.toFixed(2)}:1 (< 3:1)`);
  };
  const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;

  for (const field of document.querySelectorAll<HTMLElement>(
    "input.input:not([type=file]), select.select, textarea.textarea",
  )) {
    if (!visible(field) || (field as HTMLInputElement).disabled || field.closest("dialog")) continue;
    const outside = backdrop(field.parentElement);
    const own = over(rgba(getComputedStyle(field).backgroundColor), outside);
    const border = over(rgba(getComputedStyle(field).borderTopColor), own);
    check(
      `border of ${field.tagName.toLowerCase()} "${field.getAttribute("name") ?? field.id}"`,
      field,
      border,
      outside,
    );
  }
  for (const hole of document.querySelectorAll<HTMLElement>('button[data-mark="none"]')) {
    if (!visible(hole)) continue;
    const outside = backdrop(hole.parentElement);
    const border = over(
      rgba(getComputedStyle(hole).borderTopColor),
      over(rgba(getComputedStyle(hole).backgroundColor), outside),
    );
    check(`unselected hole button "${hole.getAttribute("aria-label")}"`, hole, border, outside);
  }
  for (const item of document.querySelectorAll<HTMLElement>('[data-testid="hole-status-grid"] [data-state="none"]')) {
    const circle = item.firstElementChild as HTMLElement | null;
    if (!circle || !visible(circle)) continue;
    const outside = backdrop(item);
    const fill = over(rgba(getComputedStyle(circle).backgroundColor), outside);
    const border = over(rgba(getComputedStyle(circle).borderTopColor), fill);
    // The circle shows through its outline or through its fill, whichever stands out more.
    const best = Math.max(ratio(border, outside), ratio(fill, outside));
    if (best < 3) problems.push(`empty hole circle ${item.dataset.hole}: ${best.toFixed(2)}:1 (< 3:1)`);
  }
  for (const medal of document.querySelectorAll<HTMLElement>("[data-medal]")) {
    if (!visible(medal)) continue;
    const disc = over(rgba(getComputedStyle(medal).backgroundColor), backdrop(medal.parentElement));
    const icon = medal.querySelector("svg");
    const color = over(rgba(getComputedStyle(icon ?? medal).color), disc);
    check(`${medal.dataset.medal} medal`, medal, color, disc);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

/**
 * Tabs through the whole page from the top; every stop is checked where it lands. `backwards`
 * carries on from where the last sweep left focus (past the end of the page) with Shift+Tab, so
 * elements scrolled to from below (under the sticky header) are checked too.
 */
async function tabSweep(page: Page, { backwards = false, limit = 70 } = {}): Promise<string[]> {
  if (!backwards)
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
    });
  const problems: string[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const report = await page.evaluate(inspectFocus);
    if (report.end || seen.has(report.key)) break;
    seen.add(report.key);
    for (const p of report.problems) problems.push(`${backwards ? "(Shift+Tab) " : ""}${report.what}: ${p}`);
  }
  return problems;
}

async function setTextSize(page: Page, percent: number) {
  await page.evaluate((p) => {
    document.documentElement.style.fontSize = `${p}%`;
  }, percent);
  // Let resize observers and the layout catch up with the new text size.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
}

type PageCase = {
  name: string;
  as: Role;
  path: (w: World) => string;
  title: (w: World) => string;
  /**
   * Also swept backwards (Shift+Tab, towards the sticky header) and again at 200% text: the long
   * pages with forms, boards and the chat. The others get the forward sweeps at both widths.
   */
  deep?: boolean;
};

const PAGES: PageCase[] = [
  { name: "sign in", as: "guest", path: () => "/auth", title: () => `Log In - ${SITE}` },
  { name: "register", deep: true, as: "guest", path: () => "/auth?tab=register", title: () => `Register - ${SITE}` },
  { name: "dashboard", deep: true, as: "player", path: () => "/", title: () => `Dashboard - ${SITE}` },
  { name: "my challenges", as: "player", path: () => "/challenges", title: () => `My Challenges - ${SITE}` },
  { name: "new challenge", as: "player", path: () => "/challenges/new", title: () => `Create Challenge - ${SITE}` },
  {
    name: "challenge detail",
    deep: true,
    as: "player",
    path: (w) => `/challenges/${w.challengeId}`,
    title: (w) => `${w.challengeName} - ${SITE}`,
  },
  {
    name: "challenge detail: leaderboard",
    as: "player",
    path: (w) => `/challenges/${w.challengeId}?tab=leaderboard`,
    title: (w) => `${w.challengeName} - ${SITE}`,
  },
  {
    name: "edit challenge",
    as: "player",
    path: (w) => `/challenges/${w.challengeId}/edit`,
    title: (w) => `Edit Challenge - ${w.challengeName} - ${SITE}`,
  },
  {
    name: "record birdies",
    deep: true,
    as: "player",
    path: (w) => `/record-birdies/${w.challengeId}`,
    title: (w) => `Record Birdies - ${w.challengeName} - ${SITE}`,
  },
  {
    name: "final results",
    deep: true,
    as: "player",
    path: (w) => `/challenges/${w.endedId}/results`,
    title: () => `Final Results - ${ENDED_NAME} - ${SITE}`,
  },
  {
    name: "ended challenge with a fair-play flag",
    as: "player",
    path: (w) => `/challenges/${w.endedId}`,
    title: () => `${ENDED_NAME} - ${SITE}`,
  },
  { name: "achievements", as: "player", path: () => "/achievements", title: () => `Achievements - ${SITE}` },
  {
    name: "global leaderboard",
    deep: true,
    as: "player",
    path: () => "/leaderboard/global",
    title: () => `Global Leaderboard - ${SITE}`,
  },
  {
    name: "my rankings",
    as: "player",
    path: () => "/leaderboard/my-challenges",
    title: () => `My Rankings - ${SITE}`,
  },
  {
    name: "challenge leaderboard",
    as: "player",
    path: (w) => `/leaderboard/${w.challengeId}`,
    title: (w) => `Challenge Leaderboard - ${w.challengeName} - ${SITE}`,
  },
  { name: "profile", deep: true, as: "player", path: () => "/profile", title: () => `Profile - ${SITE}` },
  { name: "settings", as: "player", path: () => "/profile?tab=settings", title: () => `Settings - ${SITE}` },
  { name: "support", deep: true, as: "player", path: () => "/support", title: () => `Support - ${SITE}` },
  { name: "notifications", as: "player", path: () => "/notifications", title: () => `Notifications - ${SITE}` },
  { name: "verifications", as: "player", path: () => "/verifications", title: () => `Confirm rounds - ${SITE}` },
  { name: "join by PIN", as: "player", path: () => "/join", title: () => `Join a Challenge - ${SITE}` },
  { name: "install info", as: "player", path: () => "/pwa-info", title: () => `Install the App - ${SITE}` },
  {
    name: "invitation (signed out)",
    as: "guest",
    path: (w) => `/invite/${w.inviteCode}`,
    title: (w) => `Invitation - ${w.challengeName} - ${SITE}`,
  },
  {
    name: "share preview (signed out)",
    as: "guest",
    path: (w) => `/share/challenge/${w.inviteCode}`,
    title: (w) => `Challenge Preview - ${w.challengeName} - ${SITE}`,
  },
  { name: "404", as: "player", path: () => "/no-such-page", title: () => `Page Not Found - ${SITE}` },
  { name: "admin sign in", as: "guest", path: () => "/admin/login", title: () => `Admin Sign In - ${SITE}` },
  { name: "admin dashboard", as: "admin", path: () => "/admin", title: () => `Admin Dashboard - ${SITE}` },
  { name: "admin users", deep: true, as: "admin", path: () => "/admin/users", title: () => `Users - Admin - ${SITE}` },
  {
    name: "admin challenges",
    as: "admin",
    path: () => "/admin/challenges",
    title: () => `Challenges - Admin - ${SITE}`,
  },
  { name: "admin support", as: "admin", path: () => "/admin/support", title: () => `Support Inbox - Admin - ${SITE}` },
  { name: "admin analytics", as: "admin", path: () => "/admin/analytics", title: () => `Analytics - Admin - ${SITE}` },
  { name: "admin fair play", as: "admin", path: () => "/admin/fair-play", title: () => `Fair play - Admin - ${SITE}` },
];

test.describe("WCAG 2.2 AA beyond axe", () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    world = await seed(browser);
  });

  test("every main page has a title of its own", async ({ browser }) => {
    // One visit per page in one test: near 30 s on a busy 2-core machine once /notifications joined,
    // over 60 s once (session 24) while benchmarks shared the machine with the suite's first test.
    test.setTimeout(120_000);
    const titles = new Map<string, string>();
    for (const role of ["guest", "player", "admin"] as const) {
      const context = await newContext(browser, role);
      const page = await context.newPage();
      for (const c of PAGES.filter((p) => p.as === role)) {
        await page.goto(c.path(world!));
        await waitForContent(page);
        await expect(page, c.name).toHaveTitle(c.title(world!));
        titles.set(c.name, await page.title());
      }
      await context.close();
    }
    // Tabs of one page may share its title; different pages never do.
    const byTitle = new Map<string, string[]>();
    for (const [name, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), name]);
    const shared = [...byTitle.entries()].filter(
      ([, names]) => names.length > 1 && !names[0].startsWith("challenge detail"),
    );
    expect(shared, "pages sharing one title").toEqual([]);
  });

  for (const c of PAGES) {
    test(`${c.name}: focus in sight, reflow, structure, contrast`, async ({ browser }) => {
      test.setTimeout(60_000);
      const w = world!;
      const context = await newContext(browser, c.as, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const failures: string[] = [];
      const report = (where: string, problems: string[]) => {
        for (const p of problems) failures.push(`${where}: ${p}`);
      };

      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(c.path(w));
        await waitForContent(page);
        await settle(page);
        const at = `${viewport.width}px`;
        report(`${at} structure`, await page.evaluate(inspectStructure));
        report(`${at} tab`, await tabSweep(page));
        if (viewport.width === 390 && c.deep) report(`${at} tab`, await tabSweep(page, { backwards: true }));
        for (const theme of ["light", "dark"] as const) {
          await setTheme(page, theme);
          report(`${at} ${theme} contrast`, await page.evaluate(inspectContrast));
        }
        await setTheme(page, "light");
        await setTextSize(page, 200);
        report(`${at} 200% text`, await page.evaluate(inspectReflow));
        if (viewport.width === 1280) {
          // A tablet's width with 200% text: the wide layouts (from 640 px) with twice the text.
          await page.setViewportSize({ width: 640, height: 800 });
          await setTextSize(page, 200);
          report("640px 200% text", await page.evaluate(inspectReflow));
        }
        if (viewport.width === 390) {
          if (c.deep) report(`${at} 200% text tab`, await tabSweep(page));
          await setTextSize(page, 100);
          await page.setViewportSize({ width: 320, height: 720 });
          await setTextSize(page, 100);
          report("320px", await page.evaluate(inspectReflow));
        }
        await setTextSize(page, 100);
      }
      await context.close();
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Behaviours.

/** The polite region that says where a navigation or a step change has landed. */
function announcer(page: Page): Locator {
  return page.getByTestId("route-announcer");
}

async function expectFocusOn(page: Page, locator: Locator) {
  await expect(locator).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
}

test.describe("WCAG 2.2 AA behaviours", () => {
  test.beforeAll(async ({ browser }) => {
    if (!world) {
      test.setTimeout(90_000);
      world = await seed(browser);
    }
  });

  test("navigation moves focus to the new page's h1 and announces it", async ({ browser }) => {
    const w = world!;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await newContext(browser, "player", { viewport });
      const page = await context.newPage();
      const wide = viewport.width >= 768;
      const nav = page.getByRole("navigation", { name: wide ? "Main" : "Bottom navigation" });
      await page.goto("/");
      await waitForContent(page);

      const land = async (title: string, h1: string | RegExp) => {
        const heading = page.getByRole("heading", { level: 1, name: h1 });
        await expectFocusOn(page, heading);
        await expect(page).toHaveTitle(title);
        await expect(announcer(page)).toHaveText(title);
      };

      await nav.getByRole("link", { name: wide ? "My Challenges" : "Challenges" }).click();
      await land(`My Challenges - ${SITE}`, "My Challenges");
      // A link inside the page, which unmounts with it.
      await page.getByRole("article", { name: w.challengeName }).getByRole("link", { name: "View Challenge" }).click();
      await land(`${w.challengeName} - ${SITE}`, w.challengeName);
      await page.getByRole("link", { name: "Record Birdie", exact: true }).click();
      await land(`Record Birdies - ${w.challengeName} - ${SITE}`, "Record Birdies");
      await nav.getByRole("link", { name: wide ? "Leaderboards" : "Leaderboard" }).click();
      await land(`Global Leaderboard - ${SITE}`, "Global Leaderboard");
      await page.getByRole("navigation", { name: "Leaderboards" }).getByRole("link", { name: "My Rankings" }).click();
      await land(`My Rankings - ${SITE}`, "My Rankings");
      // An account-menu item: the menu closes and the new page takes focus.
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Support" }).click();
      await land(`Support - ${SITE}`, "Support");
      await page.goBack();
      await land(`My Rankings - ${SITE}`, "My Rankings");
      await context.close();
    }
  });

  test("record form: each step takes focus and is announced; the hole picker names its marks", async ({ browser }) => {
    const w = world!;
    const context = await newContext(browser, "player", { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/record-birdies/${w.challengeId}`);
    await waitForContent(page);

    const holes = page.getByRole("group", { name: "Holes" });
    const hole5 = holes.getByRole("button", { name: /^Hole 5\b/ });
    await expect(hole5).toHaveAccessibleName("Hole 5");
    await expect(hole5).not.toHaveAttribute("aria-pressed");
    await expect(hole5).toHaveAccessibleDescription(
      /Tap once for a birdie, twice for an eagle, a third time to clear\./,
    );

    // Nothing marked: the error is written next to the holes and focus goes to them.
    const continueButton = page.getByRole("button", { name: "Continue to Verification" });
    await continueButton.click({ force: true });
    const firstHole = holes.getByRole("button", { name: /^Hole 1\b/ });
    await expectFocusOn(page, firstHole);
    await expect(firstHole).toHaveAccessibleDescription(/Please select at least one hole/);

    await hole5.click();
    await expect(hole5).toHaveAccessibleName("Hole 5, birdie");
    await hole5.click();
    await expect(hole5).toHaveAccessibleName("Hole 5, eagle");
    await hole5.click();
    await expect(hole5).toHaveAccessibleName("Hole 5");
    await hole5.click();

    await continueButton.click();
    await expectFocusOn(page, page.getByRole("heading", { name: "Partner Verification" }));
    await expect(announcer(page)).toContainText("Partner Verification");
    await page.getByRole("button", { name: "Back" }).click();
    await expectFocusOn(page, page.getByRole("heading", { level: 1, name: "Record Birdies" }));
    await expect(announcer(page)).toContainText("Holes");
    await continueButton.click();
    await page.getByLabel("Partner Name").fill("Pat Partner");
    await page.getByLabel("Signature").fill("P. Partner");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    await expect(page.getByTestId("toast")).toContainText("Success!");
    // The result screen replaces the form and takes focus, so the outcome is read first.
    await expectFocusOn(page, page.getByRole("heading", { name: "Round Recorded" }));
    await context.close();
  });

  test("menus, dialogs and confirms give focus back; dialogs start in their first field", async ({ browser }) => {
    const w = world!;
    const context = await newContext(browser, "player", { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/challenges/${w.scratchId}`);
    await waitForContent(page);

    // Theme menu: choosing a theme leaves focus on the menu button.
    const themeButton = page.getByRole("button", { name: "Theme" });
    await themeButton.click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expectFocusOn(page, themeButton);
    await themeButton.click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expectFocusOn(page, themeButton);

    // A confirm starts on its least destructive control, not on the box.
    const records = page.getByRole("list", { name: "Your recorded birdies" });
    await records.getByRole("button", { name: "Delete hole 2 birdie" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this birdie?" });
    await expectFocusOn(page, confirm.getByRole("button", { name: "Cancel" }));
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expectFocusOn(page, records.getByRole("button", { name: "Delete hole 2 birdie" }));

    // Confirming removes the row the focus came from: focus moves to the next one, never to <body>.
    await records.getByRole("button", { name: "Delete hole 2 birdie" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Birdie deleted");
    await expect(records.getByRole("button", { name: "Delete hole 2 birdie" })).toHaveCount(0);
    await expectFocusOn(page, records.getByRole("button", { name: "Delete hole 4 birdie" }));

    // Removing a player: focus stays in the player list.
    await page.getByRole("button", { name: "Remove Bob Fairway" }).click();
    await page
      .getByRole("dialog", { name: "Remove Bob Fairway?" })
      .getByRole("button", { name: "Remove Player" })
      .click();
    await expect(page.getByRole("button", { name: "Remove Bob Fairway" })).toHaveCount(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

    // Deleting the challenge lands on My Challenges with focus on its heading.
    await page.getByRole("button", { name: "Delete Challenge" }).click();
    await page
      .getByRole("dialog", { name: "Are you absolutely sure?" })
      .getByRole("button", { name: "Delete Challenge" })
      .click();
    await expectFocusOn(page, page.getByRole("heading", { level: 1, name: "My Challenges" }));
    await context.close();
  });

  test("errors are written inline, tied to their fields, and take focus", async ({ browser }) => {
    const context = await newContext(browser, "player", { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/support");
    await waitForContent(page);
    await page.getByRole("button", { name: "Send request" }).click();
    const subject = page.getByLabel("Subject");
    await expectFocusOn(page, subject);
    await expect(subject).toHaveAttribute("aria-invalid", "true");
    await expect(subject).toHaveAccessibleDescription(/Please fill out this field/);
    const message = page.getByLabel("Message");
    await expect(message).toHaveAttribute("aria-invalid", "true");
    await expect(message).toHaveAccessibleDescription(/Please fill out this field/);
    await context.close();

    const guest = await newContext(browser, "guest", { viewport: { width: 390, height: 844 } });
    const auth = await guest.newPage();
    await auth.goto("/auth");
    await waitForContent(auth);
    // A skip link is the first stop on the sign-in page.
    await auth.keyboard.press("Tab");
    await expect(auth.getByRole("link", { name: "Skip to content" })).toBeFocused();

    // Login: a refused sign-in is written in the form, next to the fields it is about.
    await auth.getByLabel("Username").fill("nobody_here");
    await auth.getByLabel("Password").fill("wrong-password");
    await auth.getByRole("button", { name: "Log in" }).click();
    const username = auth.getByLabel("Username");
    await expectFocusOn(auth, username);
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toHaveAccessibleDescription(/invalid|incorrect/i);

    // Recovery: the dialog starts in its field; an empty one is marked on the field.
    const forgot = auth.getByRole("button", { name: "Forgot username or password?" });
    await forgot.click();
    const dialog = auth.getByRole("dialog", { name: "Account Recovery" });
    const email = dialog.getByLabel("Username or email");
    await expectFocusOn(auth, email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expectFocusOn(auth, email);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter your username or email");
    // Sending keeps focus on the button instead of dropping it to <body>.
    await email.fill("golfer@example.com");
    const send = dialog.getByRole("button", { name: "Send reset link" });
    await send.focus();
    await auth.keyboard.press("Enter");
    // The same button through "Sending..." to "Email Sent", focused all along.
    await expect(dialog.locator("button[type=submit]")).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Email Sent" })).toBeFocused();
    await dialog.getByRole("button", { name: "Back to login" }).click();
    await expectFocusOn(auth, forgot);
    await guest.close();
  });

  test("toasts wait while hovered or focused and close with Escape", async ({ browser }) => {
    const w = world!;
    const context = await newContext(browser, "player", { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`/record-birdies/${w.challengeId}`);
    await waitForContent(page);
    const continueButton = page.getByRole("button", { name: "Continue to Verification" });
    const toast = page.getByTestId("toast");

    await continueButton.click({ force: true });
    await expect(toast).toContainText("No holes selected");
    // The toast never covers the control that has focus.
    const covered = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(hit && (hit === el || el.contains(hit)));
    });
    expect(covered, "a toast covers the focused control").toBe(false);
    await toast.hover();
    await page.clock.runFor(8000);
    await expect(toast).toBeVisible();
    await page.mouse.move(0, 0);
    await toast.getByRole("button", { name: "Dismiss notification" }).focus();
    await page.clock.runFor(8000);
    await expect(toast).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toast).toHaveCount(0);

    // Escape from anywhere closes the toast on screen.
    await continueButton.focus();
    await page.keyboard.press("Enter");
    await expect(toast).toContainText("No holes selected");
    await page.keyboard.press("Escape");
    await expect(toast).toHaveCount(0);
    await context.close();
  });

  test("the chat announces new messages only, as name and text", async ({ browser }) => {
    const w = world!;
    const context = await newContext(browser, "player", { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/challenges/${w.challengeId}`);
    await waitForContent(page);
    const card = page.getByTestId("challenge-chat-card");
    await expect(card.getByTestId("chat-connection")).toHaveAttribute("data-status", "live");
    // The visible history is not a live region (it would read the whole history and its times).
    const history = card.getByRole("region", { name: "Message history" });
    await expect(history).toBeVisible();
    await expect(card.locator("[aria-live]:not([data-testid='chat-announcer'])")).toHaveCount(0);
    const live = card.getByTestId("chat-announcer");
    await expect(live).toHaveAttribute("aria-live", "polite");
    await expect(live).toHaveText("");

    const rival = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const rivalPage = await rival.newPage();
    await registerViaApi(rivalPage, { ...uniqueUser("Chatty"), displayName: "Chatty Caddie" });
    await joinViaInvite(rivalPage.request, w.inviteCode);
    const posted = await rivalPage.request.post(`/api/challenges/${w.challengeId}/chat`, {
      data: { message: "Fore on seven!" },
      headers: { Origin: origin() },
    });
    expect(posted.ok(), await posted.text()).toBeTruthy();
    await expect(live).toContainText("Chatty Caddie: Fore on seven!");
    await expect(live).not.toContainText(/ago|just now|CC/);
    await rival.close();
    await context.close();
  });

  test("the ad popup waits for a field in use and keeps Tab inside", async ({ browser }) => {
    const context = await newContext(browser, "player", { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The popup's delay passes on the test's clock, once the golfer is in the field (a short real
    // delay could run out before the field is reached on a slow machine).
    await page.clock.install();
    await page.addInitScript(() => {
      localStorage.setItem("adFreeMode", "false");
      localStorage.setItem("adPopupDelayMs", "60000");
    });
    await page.goto("/support");
    await waitForContent(page);
    const subject = page.getByLabel("Subject");
    await subject.click();
    await subject.pressSequentially("Scores");
    await page.clock.runFor(65_000);
    // Well past the popup's delay: the golfer keeps typing undisturbed.
    await expect(page.getByRole("dialog", { name: "Sponsored offer" })).toHaveCount(0);
    await expect(subject).toBeFocused();
    await page.getByRole("button", { name: "Send request" }).focus();
    const popup = page.getByRole("dialog", { name: "Sponsored offer" });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("button", { name: "Not Now" })).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
      expect(inside, `Tab ${i + 1} left the popup`).toBe(true);
    }
    await context.close();
  });

  test("tablists move with arrows, Home and End; copy buttons say they copied; Invite shows its card", async ({
    browser,
  }) => {
    const w = world!;
    const context = await newContext(browser, "player", { viewport: { width: 390, height: 844 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await page.goto("/challenges");
    await waitForContent(page);
    const tabs = page.getByRole("tablist", { name: "Challenges by status" });
    const active = tabs.getByRole("tab", { name: /Active/ });
    await active.focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: /Upcoming/ })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: /Upcoming/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(tabs.getByRole("tab", { name: /Past/ })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(active).toBeFocused();
    await expect(active).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: /Past/ })).toBeFocused();

    await page.goto(`/challenges/${w.challengeId}`);
    await waitForContent(page);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const card = page.getByRole("region", { name: "Invite Friends" });
    await expect(card).toBeFocused();
    // Wholly in sight below the sticky header once the scroll has finished.
    await expect
      .poll(async () =>
        card.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
          return r.top >= header - 1 && r.top < window.innerHeight;
        }),
      )
      .toBe(true);

    const copyPin = card.getByRole("button", { name: "Copy PIN" });
    await copyPin.click();
    await expect(card.getByRole("button", { name: /PIN copied/i })).toBeVisible();
    await context.close();
  });
});
