import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { PageSpinner } from "./src/client/components/ui/page-spinner";

const clientRoot = fileURLToPath(new URL("./src/client", import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? "http://localhost:3000";

// Light and dark header colours; keep in step with src/client/lib/theme.ts and index.html.
const THEME_COLOR_LIGHT = "#166534";
const BACKGROUND_COLOR = "#f4f8f4";

// Modules that load zod, directly or through what they import (filled once the module graph is
// known, before chunks are made): kept out of the common chunk so pages without a form never
// download or evaluate zod and the shared schemas.
const needsZod = new Set<string>();
const markModulesNeedingZod: Plugin = {
  name: "birdie:mark-modules-needing-zod",
  apply: "build",
  buildEnd() {
    const importers = new Map<string, string[]>();
    for (const id of this.getModuleIds()) {
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
        const list = importers.get(imported);
        if (list) list.push(id);
        else importers.set(imported, [id]);
      }
    }
    needsZod.clear();
    const queue = [...this.getModuleIds()].filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
    for (const id of queue) needsZod.add(id);
    while (queue.length) {
      for (const importer of importers.get(queue.pop() as string) ?? []) {
        if (!needsZod.has(importer)) {
          needsZod.add(importer);
          queue.push(importer);
        }
      }
    }
  },
};

// React's DOM renderer, which main.tsx imports dynamically so that it evaluates in a task of its
// own (ADR 0065): index.html modulepreloads its chunk, so it downloads beside the entry's instead
// of after it, and counts as initial JS like the rest of what the first render needs.
const RENDERER_MODULE = /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/;
const preloadRenderer: Plugin = {
  name: "birdie:preload-renderer",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, ctx) {
      const chunk = Object.values(ctx.bundle ?? {}).find(
        (c) => c.type === "chunk" && c.moduleIds.some((id) => RENDERER_MODULE.test(id)),
      );
      if (chunk?.type !== "chunk") throw new Error("build: no chunk holds react-dom/client");
      const files = [chunk.fileName, ...chunk.imports].filter((file) => !html.includes(`/${file}"`));
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      return html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
    },
  },
};

// The app's own full-screen "Loading..." (ADR 0048), rendered into index.html's #root so it paints
// before any script runs; React replaces it on its first render. Rendered from the component, so
// the served page and the app never show two different spinners.
const loadingShell: Plugin = {
  name: "birdie:loading-shell",
  transformIndexHtml(html) {
    const shell = renderToStaticMarkup(createElement(PageSpinner, { fullScreen: true }));
    if (!html.includes('<div id="root"></div>')) throw new Error('index.html: no empty <div id="root"></div>');
    return html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
  },
};

// Vite loads its config through a default export.
export default defineConfig({
  root: clientRoot,
  plugins: [
    markModulesNeedingZod,
    preloadRenderer,
    loadingShell,
    react(),
    tailwindcss(),
    VitePWA({
      // Updates wait for the user ('New version available' prompt) instead of reloading mid-round.
      registerType: "prompt",
      // Registration comes from `virtual:pwa-register` in the bundle: the CSP forbids inline scripts.
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Birdie Challenge",
        short_name: "Birdie",
        description:
          "Birdie all 18 holes with your friends: record verified birdies and eagles, earn achievements and climb the leaderboards.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: THEME_COLOR_LIGHT,
        background_color: BACKGROUND_COLOR,
        categories: ["sports", "lifestyle"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      includeAssets: ["favicon.svg", "theme-boot.js", "icons/apple-touch-icon-180.png"],
      workbox: {
        // The app shell: every built script, style, page and icon, so the app opens with no signal.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "/index.html",
        // API, tRPC and the realtime socket must reach the server (or fail), never get the shell.
        navigateFallbackDenylist: [/^\/api/, /^\/trpc/, /^\/ws/],
        // Data is never cached by the worker: stale scores are worse than an honest offline error.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first worker takes over the open page at once, so the very first visit already works
        // offline; an updated worker still waits for the user's Reload (registerType 'prompt').
        clientsClaim: true,
        skipWaiting: false,
        // Web Push: the push and notificationclick handlers live in a small static file the
        // generated worker imports, so the worker stays generated (ADR 0038).
        importScripts: ["/push-sw.js"],
      },
    }),
  ],
  build: {
    // The Bun server serves this folder with an SPA fallback.
    // BUILD_OUT_DIR lets parallel builds (and their e2e servers, via STATIC_DIR) not collide.
    outDir: process.env.BUILD_OUT_DIR ?? fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    // .vite/manifest.json: the server modulepreloads each route's page chunks from it (first paint).
    manifest: true,
    // Fewer, larger chunks (issue 19, Lighthouse): by default every module shared by two lazy pages
    // became its own ~1 KB chunk, so the dashboard loaded 53 scripts and the challenge page 66; on a
    // phone (HTTP/1.1, six connections) that queue, not the bytes, decided the first paint.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads statically, in one chunk beside it (was 22 chunks); the
            // same modules, so the initial JS does not grow (it shrank: less chunk glue).
            { name: "shell", tags: ["$initial"], priority: 30 },
            // React's DOM renderer, which main.tsx imports dynamically (ADR 0065), with the small
            // part of react-dom the pages use (portals): one chunk the HTML modulepreloads.
            { name: "react-dom", test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 35 },
            // Small modules (< 3 kB source) that two or more pages share, with what they import,
            // in one chunk every page loads and the service worker then keeps (18 kB gzipped);
            // not those that load zod: pages without a form never need it (ADR 0048).
            {
              name: "common",
              minShareCount: 2,
              maxModuleSize: 3000,
              priority: 10,
              test: (id: string) => !needsZod.has(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/trpc": { target: apiTarget, changeOrigin: false },
      "/api": { target: apiTarget, changeOrigin: false },
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
});
