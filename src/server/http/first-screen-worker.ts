// The first-screen worker (ADR 0055): renders a signed-in page's first screen to HTML with the
// client's own components, bundled by the build (first-screens/render.js). A worker because the
// components need browser globals stood in (browser-stand-ins.ts), which must not exist in the
// server's own scope (libraries there look for `window`). Renders run one at a time: the stand-in
// location is global.
import type { FirstPaintBlock } from "../../shared/domain/page-data";
import { standInBrowser, standInLocation } from "./browser-stand-ins";

declare const self: Worker;

/** `data` is the page's first-paint data block: who is signed in, and a challenge's page its challenge. */
export type RenderRequest = { id: number; path: string; data: FirstPaintBlock<Record<string, unknown>> };
export type RenderReply = { id: number; markup: string | null; error?: string };
type Renderer = { renderFirstScreen(data: unknown): Promise<string | null> };

standInBrowser("/");
let renderer: Promise<Renderer> | undefined;
let queue: Promise<unknown> = Promise.resolve();

self.onmessage = (event: MessageEvent<RenderRequest | { bundle: string }>) => {
  const message = event.data;
  if ("bundle" in message) {
    renderer = import(message.bundle) as Promise<Renderer>;
    renderer.catch(() => {});
    return;
  }
  queue = queue.then(async () => {
    let reply: RenderReply;
    try {
      if (!renderer) throw new Error("no bundle named");
      const { renderFirstScreen } = await renderer;
      standInLocation(message.path);
      reply = { id: message.id, markup: await renderFirstScreen(message.data) };
    } catch (error) {
      reply = { id: message.id, markup: null, error: error instanceof Error ? error.message : String(error) };
    }
    self.postMessage(reply);
  });
};
