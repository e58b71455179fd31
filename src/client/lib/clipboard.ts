// Copy and native share for invite links and PINs. Both browser APIs can be missing (insecure
// origin, older browsers) or refuse (permissions), so each answers with an outcome, never throws.

/** Copies text; false when neither the async clipboard nor the legacy fallback worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path: some embedded browsers reject the async API.
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

export type ShareData = { title: string; text?: string; url: string };

export function canNativeShare(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

export type ShareOutcome = "shared" | "cancelled" | "unavailable";

/** Opens the device's share sheet; "cancelled" when the golfer closed it (not an error). */
export async function nativeShare(data: ShareData): Promise<ShareOutcome> {
  if (!canNativeShare()) return "unavailable";
  try {
    await navigator.share(data);
    return "shared";
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    return "unavailable";
  }
}

/** An app path as a full link for sharing outside the app. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
