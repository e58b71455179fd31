import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets several suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium when present (Playwright's own browser download is not reachable everywhere).
const systemChromium = "/usr/bin/chromium";

// Playwright loads its config through a default export.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Parallel suites on one machine must not clear each other's traces.
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL,
    // The service worker precaches ~1 MB and answers requests that page.route() mocks expect to
    // see; specs about the installable app opt back in with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "bun run e2e/serve.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
