import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { logger } from "../lib/logger";
import type { RenderReply, RenderRequest } from "./first-screen-worker";
import { RENDER_BUNDLE } from "./first-paint";

// Signed-in first screens rendered per request (ADR 0055) by a worker running the client's own
// components (first-screen-worker.ts). The HTML waits at most `timeoutMs` for it: a slow or failed
// render sends the plain page, which the app fills as before, so a render never fails a request.

export type FirstScreenRenderer = {
  /** #root's markup for `path` (with its query) from its first-paint `data` (user, challenge), or null. */
  render(path: string, data: RenderRequest["data"]): Promise<string | null>;
  /** Whether a worker is up (it starts with the first render and stops after `idleMs` without one). */
  running(): boolean;
  stop(): void;
};

/**
 * A render sent and not yet answered: when it was sent, and the request still waiting for it (null
 * once that request has timed out and gone on with the plain page).
 */
type PendingRender = { sentAt: number; settle: ((markup: string | null) => void) | null };

/** After a worker fails, how long the pages go without rendering before another is started. */
const RESTART_AFTER_MS = 60_000;

/**
 * The renderer for the build in `staticDir`, or null when the build has no bundle for it (dev,
 * older builds). A request waits `timeoutMs` for its render; a worker still on one render after
 * `hungAfterMs` (renders take milliseconds, one at a time) is replaced, or every page behind it
 * would wait out its timeout. After `idleMs` without a render the worker stops, giving back most
 * of its memory (about 55 of 75 MB measured); the next page starts another (about 150 ms).
 */
export function firstScreenRenderer(
  staticDir: string,
  { timeoutMs = 300, hungAfterMs = 10_000, idleMs = 5 * 60_000 } = {},
): FirstScreenRenderer | null {
  const bundle = resolve(staticDir, RENDER_BUNDLE);
  if (!existsSync(bundle)) return null;
  let worker: Worker | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  let nextId = 1;
  const pending = new Map<number, PendingRender>();

  function stopWorker() {
    worker?.terminate();
    worker = undefined;
    for (const render of pending.values()) render.settle?.(null);
    pending.clear();
  }

  // Started on the first signed-in page, not with the server: an instance that only answers the
  // API never holds the renderer's memory.
  function started(): Worker | undefined {
    const oldest = pending.values().next().value;
    if (worker && oldest && Date.now() - oldest.sentAt > hungAfterMs) {
      logger.error("first-screen worker hung: replaced", { waitedMs: Date.now() - oldest.sentAt });
      stopWorker();
    }
    if (worker) return worker;
    if (Date.now() - failedAt < RESTART_AFTER_MS) return undefined;
    const made = new Worker(new URL("./first-screen-worker.ts", import.meta.url).href);
    made.addEventListener("message", (event: MessageEvent<RenderReply>) => {
      const { id, markup, error } = event.data;
      if (error) logger.warn("first screen not rendered", { error });
      pending.get(id)?.settle?.(markup);
      pending.delete(id);
    });
    made.addEventListener("error", (event) => {
      logger.error("first-screen worker failed", { error: event.message });
      failedAt = Date.now();
      if (worker === made) stopWorker();
      else made.terminate();
    });
    made.postMessage({ bundle });
    // The worker never keeps the process alive (a shutdown does not wait for it).
    (made as Worker & { unref(): void }).unref();
    worker = made;
    return made;
  }

  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  function stopWhenIdle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => (pending.size > 0 ? stopWhenIdle() : stopWorker()), idleMs);
    idleTimer.unref();
  }

  return {
    render(path, data) {
      stopWhenIdle();
      const target = started();
      if (!target) return Promise.resolve(null);
      const id = nextId++;
      return new Promise<string | null>((settle) => {
        const timer = setTimeout(() => {
          render.settle = null;
          settle(null);
        }, timeoutMs);
        const render: PendingRender = {
          sentAt: Date.now(),
          settle: (markup) => {
            clearTimeout(timer);
            settle(markup);
          },
        };
        pending.set(id, render);
        target.postMessage({ id, path, data } satisfies RenderRequest);
      });
    },
    running() {
      return worker !== undefined;
    },
    stop() {
      clearTimeout(idleTimer);
      stopWorker();
    },
  };
}
