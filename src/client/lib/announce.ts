// One polite live region for the whole app (WCAG 4.1.3): where a navigation or a step change has
// landed, said once. It lives outside React, created before the first announcement is needed, so
// the region already exists when its text changes (a region inserted together with its text is
// often not read).

const REGION_ID = "route-announcer";

function region(): HTMLElement {
  let el = document.getElementById(REGION_ID);
  if (!el) {
    el = document.createElement("div");
    el.id = REGION_ID;
    el.dataset.testid = REGION_ID;
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
    el.className = "sr-only";
    document.body.append(el);
  }
  return el;
}

/** Creates the region up front (main.tsx), so the first announcement is heard. */
export function mountAnnouncer(): void {
  region();
}

let pending: ReturnType<typeof setTimeout> | undefined;

/** Says `message` politely; a newer message replaces one not yet spoken. */
export function announce(message: string): void {
  const el = region();
  clearTimeout(pending);
  // Emptied first and refilled a moment later, so the same words twice in a row are read again.
  el.textContent = "";
  pending = setTimeout(() => {
    el.textContent = message;
  }, 50);
}
