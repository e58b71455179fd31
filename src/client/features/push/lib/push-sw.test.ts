import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The service worker's push handlers (src/client/public/push-sw.js), run against a stand-in of the
// worker's `self`. Playwright (e2e/push.e2e.ts) shows a real push in Chromium.

const source = readFileSync(join(import.meta.dir, "../../../public/push-sw.js"), "utf8");
const ORIGIN = "https://birdie.example";

type Listener = (event: unknown) => void;

function worker(windows: { url: string; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async function () {
            focused.push(w.url);
            return this;
          },
          navigate: async (url: string) => {
            navigated.push(url);
          },
        })),
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function("self", source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  const push = (data: unknown) =>
    dispatch("push", {
      data: {
        json: () => (typeof data === "string" ? JSON.parse(data) : data),
        text: () => (typeof data === "string" ? data : JSON.stringify(data)),
      },
    });
  const click = (url: unknown) =>
    dispatch("notificationclick", { notification: { data: { url }, close: () => undefined } });
  return { shown, opened, focused, navigated, push, click };
}

describe("push", () => {
  test("shows the title and body with the app icon, keeping the url and tag", async () => {
    const w = worker();
    await w.push({ title: "Birdie!", body: "Ana birdied hole 7", url: "/challenges/12", tag: "challenge-12" });
    expect(w.shown).toEqual([
      {
        title: "Birdie!",
        options: {
          body: "Ana birdied hole 7",
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          data: { url: "/challenges/12" },
          tag: "challenge-12",
          renotify: true,
        },
      },
    ]);
  });

  test("a payload that is not JSON still shows, under the app's name", async () => {
    const w = worker();
    await w.push("plain words");
    expect(w.shown[0]).toMatchObject({
      title: "Birdie Challenge",
      options: { body: "plain words", data: { url: "/" } },
    });
  });

  for (const url of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", 42, undefined]) {
    test(`a url that is not a path in the app (${String(url)}) opens /`, async () => {
      const w = worker();
      await w.push({ title: "t", body: "b", url });
      expect(w.shown[0].options.data).toEqual({ url: "/" });
    });
  }
});

describe("notificationclick", () => {
  test("with no app window open, opens one at the url", async () => {
    const w = worker();
    await w.click("/challenges/12");
    expect(w.opened).toEqual([`${ORIGIN}/challenges/12`]);
  });

  test("an open app window is focused and taken to the url", async () => {
    const w = worker([{ url: `${ORIGIN}/` }]);
    await w.click("/challenges/12");
    expect(w.focused).toEqual([`${ORIGIN}/`]);
    expect(w.navigated).toEqual([`${ORIGIN}/challenges/12`]);
    expect(w.opened).toEqual([]);
  });

  test("a window already at the url is only focused", async () => {
    const w = worker([{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/challenges/12` }]);
    await w.click("/challenges/12");
    expect(w.focused).toEqual([`${ORIGIN}/challenges/12`]);
    expect(w.navigated).toEqual([]);
  });

  test("another site's url opens the app instead", async () => {
    const w = worker();
    await w.click("https://evil.example/");
    expect(w.opened).toEqual([`${ORIGIN}/`]);
  });
});
