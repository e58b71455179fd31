import type { Browser, Locator, Page, WebSocketRoute } from "@playwright/test";
import { baseURL, createChallengeViaApi, joinViaInvite, namedUser, recordViaApi } from "./birdie-helpers";
import { expect, keptCopy, registerViaApi, test, type TestUser } from "./fixtures";

// Challenge chat (docs/product/routes-and-screens.md#challenge-chat-card,
// docs/product/api.md#websocket-ws). Set-up goes through the API; each player sits in their own
// browser context on the dashboard, and nothing is reloaded: what the other player does must arrive
// over the socket.

// Service workers are not under test here; a worker taking over mid-test only adds noise.
test.use({ serviceWorkers: "block" });

type Player = { page: Page; user: TestUser; close: () => Promise<void> };

async function newPlayer(browser: Browser, firstName: string): Promise<Player> {
  const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: "block" });
  const page = await context.newPage();
  const user = await registerViaApi(page, namedUser(firstName));
  return { page, user, close: () => context.close() };
}

const chatCard = (page: Page) => page.getByRole("region", { name: "Challenge Chat" });
const messages = (card: Locator) => card.getByTestId("chat-message");
const message = (card: Locator, text: string) => messages(card).filter({ hasText: text });

/** Opens the dashboard and waits until the card has joined its room, so live messages can arrive. */
async function openChat(page: Page): Promise<Locator> {
  await page.goto("/");
  const card = chatCard(page);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("chat-connection")).toHaveText("Live");
  return card;
}

test.describe("challenge chat", () => {
  test("two players exchange messages live, each in their own style", async ({ browser }) => {
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    const challenge = await createChallengeViaApi(alice.page.request);
    await joinViaInvite(bob.page.request, challenge.inviteCode);

    const aliceCard = await openChat(alice.page);
    const bobCard = await openChat(bob.page);
    // The user's only challenge is selected by default.
    await expect(aliceCard.getByLabel("Chat challenge").locator("option:checked")).toHaveText(challenge.name);
    await expect(aliceCard).toHaveCSS("height", "500px");

    // The server's system message about Bob's join sits centred.
    const joined = message(aliceCard, `${bob.user.displayName} joined the challenge`);
    await expect(joined).toHaveAttribute("data-kind", "system");
    await expect(joined).toHaveCSS("justify-content", "center");
    await expect(joined).not.toContainText("You");

    // Send stays disabled until there is something other than spaces to send.
    const input = aliceCard.getByLabel("Chat message");
    const send = aliceCard.getByRole("button", { name: "Send" });
    await expect(input).toHaveAttribute("placeholder", "Type your message...");
    await expect(send).toBeDisabled();
    await input.fill("    ");
    await expect(send).toBeDisabled();

    await input.fill("Hello from A");
    await expect(send).toBeEnabled();
    await send.click();
    await expect(input).toHaveValue("");

    // Alice sees her own message on the right, labelled You.
    const own = message(aliceCard, "Hello from A");
    await expect(own).toHaveAttribute("data-kind", "own");
    await expect(own).toContainText("You");
    await expect(own).toContainText("just now");

    // Bob gets it without reloading, with Alice's name and avatar.
    const fromAlice = message(bobCard, "Hello from A");
    await expect(fromAlice).toHaveAttribute("data-kind", "other");
    await expect(fromAlice.getByTestId("chat-author")).toHaveText(alice.user.displayName);
    await expect(fromAlice.locator(".avatar")).toBeVisible();
    await expect(fromAlice).not.toContainText("You");

    // And the answer travels back, sent with the Enter key.
    await bobCard.getByLabel("Chat message").fill("Hi Alice, nice round?");
    await bobCard.getByLabel("Chat message").press("Enter");
    const fromBob = message(aliceCard, "Hi Alice, nice round?");
    await expect(fromBob).toHaveAttribute("data-kind", "other");
    await expect(fromBob.getByTestId("chat-author")).toHaveText(bob.user.displayName);
    // The list keeps the newest message in view.
    await expect(fromBob).toBeInViewport();
    // Each message shows exactly once, however it arrived (reply, socket, refetch).
    await expect(message(aliceCard, "Hello from A")).toHaveCount(1);

    await alice.close();
    await bob.close();
  });

  test("what arrives live is kept on the device with the chat, for the course's dead spots (ADR 0029)", async ({
    browser,
  }) => {
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    const challenge = await createChallengeViaApi(alice.page.request);
    await joinViaInvite(bob.page.request, challenge.inviteCode);
    const aliceCard = await openChat(alice.page);

    // Bob writes from elsewhere; Alice's card gets it over the socket only (no refetch while live).
    const origin = { Origin: new URL(baseURL()).origin };
    const sent = await bob.page.request.post(`/api/challenges/${challenge.id}/chat`, {
      data: { message: "Tee time moved to 9:40" },
      headers: origin,
    });
    expect(sent.ok()).toBeTruthy();
    await expect(message(aliceCard, "Tee time moved to 9:40")).toBeVisible();

    // The device's copy of the query cache (IndexedDB, saved at most once a second) holds it.
    await expect.poll(() => keptCopy(alice.page), { timeout: 10_000 }).toContain("Tee time moved to 9:40");
    await alice.close();
    await bob.close();
  });

  test("a birdie recorded by one player shows up for the other as a system message", async ({ browser }) => {
    const alice = await newPlayer(browser, "Ace");
    const bob = await newPlayer(browser, "Birdman");
    const challenge = await createChallengeViaApi(alice.page.request);
    await joinViaInvite(bob.page.request, challenge.inviteCode);

    const aliceCard = await openChat(alice.page);
    await recordViaApi(bob.page.request, challenge.id, [{ hole: 7, score: 3 }]);

    const announcement = message(aliceCard, `${bob.user.displayName} recorded a birdie on hole 7`);
    await expect(announcement).toBeVisible();
    await expect(announcement).toHaveAttribute("data-kind", "system");

    await alice.close();
    await bob.close();
  });

  test("after the socket drops the card reconnects and catches up on what it missed", async ({ browser }) => {
    const alice = await newPlayer(browser, "Ali");
    const bob = await newPlayer(browser, "Bert");
    const challenge = await createChallengeViaApi(alice.page.request);
    await joinViaInvite(bob.page.request, challenge.inviteCode);

    // Alice's socket passes through Playwright, which can cut it and refuse new ones for a while.
    const routes: WebSocketRoute[] = [];
    let refuse = false;
    await alice.page.routeWebSocket(/\/ws$/, (ws) => {
      if (refuse) {
        ws.close({ code: 1011, reason: "test outage" });
        return;
      }
      ws.connectToServer();
      routes.push(ws);
    });
    const card = await openChat(alice.page);

    refuse = true;
    await routes.at(-1)!.close({ code: 1011, reason: "test outage" });
    await expect(card.getByTestId("chat-connection")).toHaveText("Reconnecting…");
    const origin = { Origin: new URL(baseURL()).origin };
    const posted = await bob.page.request.post(`/api/challenges/${challenge.id}/chat`, {
      data: { message: "Sent while you were away" },
      headers: origin,
    });
    expect(posted.ok(), await posted.text()).toBeTruthy();
    await expect(message(card, "Sent while you were away")).toHaveCount(0);

    refuse = false;
    await expect(card.getByTestId("chat-connection")).toHaveText("Live", { timeout: 20_000 });
    await expect(message(card, "Sent while you were away")).toHaveAttribute("data-kind", "other");
    // And it is live again: the next message arrives by itself.
    await bob.page.request.post(`/api/challenges/${challenge.id}/chat`, {
      data: { message: "Welcome back" },
      headers: origin,
    });
    await expect(message(card, "Welcome back")).toBeVisible();

    await alice.close();
    await bob.close();
  });

  test("a fresh challenge shows the empty state; another challenge can be picked", async ({ page }) => {
    await registerViaApi(page, namedUser("Solo"));
    const first = await createChallengeViaApi(page.request, { name: "Chat First Challenge" });
    const second = await createChallengeViaApi(page.request, { name: "Chat Second Challenge" });

    const card = await openChat(page);
    const selector = card.getByLabel("Chat challenge");
    await expect(selector.locator("option:checked")).toHaveText(first.name);
    // Placeholders: what the closed selector reads with nothing chosen, and the first (disabled) option.
    await expect(selector.locator("option", { hasText: "Select a Challenge" })).toBeDisabled();
    await expect(selector.locator("option", { hasText: "Select Challenge" }).last()).toBeDisabled();
    await expect(card.getByText("No messages yet. Be the first to say hello!")).toBeVisible();

    await selector.selectOption({ label: second.name });
    await expect(card.getByTestId("chat-connection")).toHaveText("Live");
    await card.getByLabel("Chat message").fill("Only me here");
    await card.getByRole("button", { name: "Send" }).click();
    await expect(message(card, "Only me here")).toHaveAttribute("data-kind", "own");
    await expect(card.getByText("No messages yet. Be the first to say hello!")).toHaveCount(0);

    // Back on the first challenge its (still empty) room is shown, not the other one's messages.
    await selector.selectOption({ label: first.name });
    await expect(card.getByText("No messages yet. Be the first to say hello!")).toBeVisible();
    await expect(message(card, "Only me here")).toHaveCount(0);

    // The challenge page carries the same card, fixed to that challenge.
    await page.goto(`/challenges/${second.id}`);
    const detailCard = chatCard(page);
    await expect(detailCard.getByLabel("Chat challenge")).toBeDisabled();
    await expect(detailCard.getByLabel("Chat challenge").locator("option:checked")).toHaveText(second.name);
    await expect(message(detailCard, "Only me here")).toBeVisible();
  });

  test("older messages load on demand above the newest page", async ({ page }) => {
    await registerViaApi(page, namedUser("Chatty"));
    const challenge = await createChallengeViaApi(page.request);
    const origin = { Origin: new URL(baseURL()).origin };
    for (let i = 1; i <= 55; i++) {
      const r = await page.request.post(`/api/challenges/${challenge.id}/chat`, {
        data: { message: `Note ${i}.` },
        headers: origin,
      });
      expect(r.ok(), await r.text()).toBeTruthy();
    }
    const card = await openChat(page);
    // The newest page (50) first, with the latest in view.
    await expect(messages(card)).toHaveCount(50);
    await card.scrollIntoViewIfNeeded();
    await expect(message(card, "Note 55.")).toBeInViewport();
    await expect(message(card, "Note 6.")).not.toBeInViewport();
    await expect(message(card, "Note 5.")).toHaveCount(0);
    await card.getByRole("button", { name: "Load older messages" }).click();
    await expect(messages(card)).toHaveCount(55);
    await expect(messages(card).first()).toContainText("Note 1.");
    await expect(card.getByRole("button", { name: "Load older messages" })).toHaveCount(0);
  });

  test("phone width: the card fits without horizontal scroll and focusing the input scrolls to the bottom", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await registerViaApi(page, namedUser("Pocket"));
    await createChallengeViaApi(page.request);
    const card = await openChat(page);
    const input = card.getByLabel("Chat message");
    await input.fill(`A very long word ${"x".repeat(200)} to wrap`);
    await card.getByRole("button", { name: "Send" }).click();
    await expect(input).toHaveValue("");
    await expect(messages(card)).toHaveCount(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);

    // After a send the input keeps focus; start from a blurred input at the top of the page.
    await input.blur();
    await page.evaluate(() => window.scrollTo(0, 0));
    await input.focus();
    await expect
      .poll(() =>
        page.evaluate(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 2,
        ),
      )
      .toBe(true);
  });
});
