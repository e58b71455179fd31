import type { FirstPaintBlock } from "../../shared/domain/page-data";
import type { PublicUser } from "../../shared/schemas/auth";

// What the server put into the HTML it served (src/server/http/first-paint.ts): a JSON data
// block, read once. Absent (undefined) when the page came from the service worker's cached shell
// or the dev server: the app then asks the server as before.

export type FirstPaintData = FirstPaintBlock<PublicUser>;

let read: FirstPaintData | undefined | null = null;

export function firstPaintData(): FirstPaintData | undefined {
  if (read === null) {
    read = undefined;
    const text = typeof document === "undefined" ? null : document.getElementById("first-paint")?.textContent;
    if (text) {
      try {
        const parsed = JSON.parse(text) as FirstPaintData;
        if (parsed && typeof parsed === "object" && "user" in parsed) read = parsed;
      } catch {
        read = undefined;
      }
    }
  }
  return read;
}

let userTaken = false;
/**
 * The page's user for the current-user query's first value, once: a query rebuilt later (after a
 * sign-out clears the cache) must ask the server, not reuse what the page said at load.
 */
export function takeFirstPaintUser(): PublicUser | null | undefined {
  if (userTaken) return undefined;
  userTaken = true;
  return firstPaintData()?.user;
}

/**
 * The server's render of a first screen (ADR 0055): what this render's HTML will say, in place of
 * reading a document, so the current-user query starts from `data.user` as the browser's will.
 */
export function renderFirstPaintFor(data: FirstPaintData): void {
  read = data;
  userTaken = false;
}
