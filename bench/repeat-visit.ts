// Repeat visits on a phone profile (ADR 0051): how long after navigating the dashboard and a
// challenge's page show their content, once the service worker is installed and the device keeps
// the golfer's data. The browser reaches the server through a proxy that adds 150 ms round trips
// and 1.6 Mbit/s down (Lighthouse's mobile network), for the page and its worker alike; the page's
// CPU is slowed 4x. Prints p50 and the range per page; never asserts timings.
//   bun run build && bun run bench:repeat-visit        (REPEAT_RUNS=7 by default)
// Env: STATIC_DIR / BUILD_OUT_DIR (built client), CHROME_PATH (default /usr/bin/chromium).
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { browserCookie, type SeededSite, startSeededSite } from "../scripts/lib/seeded-site";
import { summarise } from "./stats";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const RUNS = Number(process.env.REPEAT_RUNS ?? 7);
const RTT_MS = 150;
const DOWN_BYTES_PER_MS = 1_600_000 / 8 / 1000;

/**
 * An HTTP proxy that answers each request one round trip plus its transfer time later, the
 * transfers sharing one link in arrival order (requests are small; the upload rate is ignored).
 * WebSockets are not carried (the chat card shows its offline state; nothing measured needs it).
 */
function startProxy(upstream: string): { port: number; close: () => void } {
  let linkFreeAt = 0;
  const server = Bun.serve({
    port: 0,
    idleTimeout: 60,
    async fetch(request) {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete("host");
      const answer = await fetch(`${upstream}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
        redirect: "manual",
        decompress: false,
      });
      const body = await answer.arrayBuffer();
      const now = performance.now();
      linkFreeAt = Math.max(now + RTT_MS / 2, linkFreeAt) + body.byteLength / DOWN_BYTES_PER_MS;
      await Bun.sleep(linkFreeAt + RTT_MS / 2 - now);
      return new Response(request.method === "HEAD" ? null : body, { status: answer.status, headers: answer.headers });
    },
  });
  return { port: server.port as number, close: () => server.stop(true) };
}

let site: SeededSite | undefined;
try {
  site = await startSeededSite(STATIC_DIR, (code) => {
    console.error(`repeat-visit: the server exited early (code ${code})`);
    process.exit(1);
  });
  const proxy = startProxy(site.origin);
  const origin = `http://127.0.0.1:${proxy.port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const pages = [
    { name: "dashboard", path: "/", ready: '[data-testid="current-challenge-card"] h2' },
    { name: "challenge detail", path: `/challenges/${site.challengeId}`, ready: '[data-testid="your-progress-count"]' },
  ];
  const rows: string[] = [];
  for (const target of pages) {
    const context = await browser.newContext({
      serviceWorkers: "allow",
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    await context.addCookies([browserCookie(site.session, origin)]);
    const page = await context.newPage();
    // The first visit installs the worker and fills the device's copy of the data.
    await page.goto(`${origin}${target.path}`);
    await page.waitForSelector(target.ready, { timeout: 60_000 }).catch(async (error) => {
      throw new Error(
        `${target.name}: ${error.message.split("\n")[0]}; the page said: ${((await page.textContent("body")) ?? "").slice(0, 300)}`,
      );
    });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
    await page.waitForTimeout(2_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${origin}${target.path}`, { waitUntil: "commit", timeout: 60_000 });
      const shownAt = await page
        .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), target.ready, {
          polling: "raf",
          timeout: 30_000,
        })
        .catch(async (error) => {
          throw new Error(
            `${target.name}, visit ${run + 1}: ${error.message.split("\n")[0]}; the page said: ${((await page.textContent("body").catch(() => "?")) ?? "").slice(0, 300)}`,
          );
        });
      times.push((await shownAt.jsonValue()) as number);
      await page.waitForTimeout(1_500);
    }
    await context.close();
    const shown = summarise(times);
    rows.push(
      `${target.name.padEnd(17)} content shown p50 ${Math.round(shown.p50!)} ms  (min ${Math.round(Math.min(...times))}, max ${Math.round(shown.max!)}, ${RUNS} repeat visits)`,
    );
  }
  await browser.close();
  proxy.close();
  console.log(`\nRepeat visits through the service worker, 150 ms RTT, 1.6 Mbit/s, 4x CPU (${STATIC_DIR})\n`);
  for (const row of rows) console.log(row);
} catch (error) {
  console.error(`repeat-visit: ${error instanceof Error ? error.message : String(error)}`);
  await site?.stop();
  process.exit(1);
}
await site?.stop();
process.exit(0);
