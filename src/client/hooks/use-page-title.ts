import { useEffect } from "react";

export const SITE_NAME = "Birdie Challenge";

/** "Record Birdies - Pebble Creek Cup - Birdie Challenge": the most specific part first. */
export function pageTitle(...parts: (string | null | undefined | false)[]): string {
  return [...parts.filter((p): p is string => typeof p === "string" && p.trim() !== ""), SITE_NAME].join(" - ");
}

/**
 * Sets the document title for the page on screen (WCAG 2.4.2). Parts still loading (a challenge's
 * name) are left out until they arrive; the route announcer reads the title once the page settles.
 */
export function usePageTitle(...parts: (string | null | undefined | false)[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
