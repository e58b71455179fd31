import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const clientRoot = fileURLToPath(new URL("./src/client", import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? "http://localhost:3000";

// Vite loads its config through a default export.
export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  build: {
    // The Bun server serves this folder with an SPA fallback.
    // BUILD_OUT_DIR lets parallel builds (and their e2e servers, via STATIC_DIR) not collide.
    outDir: process.env.BUILD_OUT_DIR ?? fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      "/trpc": { target: apiTarget, changeOrigin: false },
      "/api": { target: apiTarget, changeOrigin: false },
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
});
