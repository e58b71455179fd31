import { readStorage } from "../../../lib/storage";

// The ads' placements and constants (docs/product/rules.md#device-settings-and-ads) and copy
// (docs/product/texts-and-messages.md#ads).
export type AdTheme = "golf" | "sports" | "default";
export type AdPlacement =
  | "dashboard-top"
  | "challenge-detail"
  | "leaderboard-bottom"
  | "profile-page"
  | "divider"
  | "popup";

export const AD_TAGLINE = "Betting isn't hard, you're just bad at it";
export const AD_CONTENT_DELAY_MS = 800;
export const AD_POPUP_DELAY_MS = 10_000;
/** Lets tests (and demos) open the popup sooner without waiting the full ten seconds. */
export const AD_POPUP_DELAY_STORAGE_KEY = "adPopupDelayMs";
export const AD_LINK_REL = "noopener noreferrer sponsored";
export const AD_DISCLAIMER = "18+ · Please gamble responsibly.";

export type AdCopy = { title: string; tagline: string; description: string; cta: string };

const COPY: Record<AdTheme, Omit<AdCopy, "tagline">> = {
  golf: {
    title: "Bet on the Back Nine",
    description: "You read greens every weekend. Put that golf sense to work on this week's tournament odds.",
    cta: "Bet on Golf",
  },
  sports: {
    title: "Game Day Odds",
    description: "Sharper odds on every game, every day, for fans who actually watch.",
    cta: "Place a Bet",
  },
  default: {
    title: "Play Smarter",
    description: "Better odds, smarter picks and a welcome offer for new players.",
    cta: "Claim Offer",
  },
};

export function adCopy(theme: AdTheme): AdCopy {
  return { ...COPY[theme], tagline: AD_TAGLINE };
}

/** The theme each placement shows unless a page asks for another (the challenge detail card is golf-themed). */
export const PLACEMENT_THEMES: Record<AdPlacement, AdTheme> = {
  "dashboard-top": "sports",
  "challenge-detail": "golf",
  "leaderboard-bottom": "sports",
  "profile-page": "default",
  divider: "default",
  popup: "golf",
};

/** A whole number of milliseconds from storage, else the default (docs/product/rules.md#device-settings-and-ads). */
export function parsePopupDelay(stored: string | null, fallback = AD_POPUP_DELAY_MS): number {
  if (stored === null || !/^\d{1,7}$/.test(stored.trim())) return fallback;
  return Number(stored.trim());
}

export function popupDelayMs(): number {
  return parsePopupDelay(readStorage(AD_POPUP_DELAY_STORAGE_KEY));
}
