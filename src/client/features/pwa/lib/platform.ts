export type InstallPlatform = "ios" | "android" | "desktop";

/**
 * Which install steps fit this device. iPadOS 13+ reports itself as a Mac, so a "Macintosh" with
 * a touch screen is treated as iOS.
 */
export function detectInstallPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return "desktop";
}

export type InstallGuide = { platform: InstallPlatform; title: string; browser: string; steps: string[] };

export const INSTALL_GUIDES: readonly InstallGuide[] = [
  {
    platform: "ios",
    title: "iPhone and iPad",
    browser: "Safari",
    steps: [
      "Open Birdie Challenge in Safari.",
      "Tap the Share button (the square with an arrow pointing up).",
      "Scroll down and tap Add to Home Screen.",
      "Tap Add. Birdie opens from your home screen like any app.",
    ],
  },
  {
    platform: "android",
    title: "Android",
    browser: "Chrome",
    steps: [
      "Open Birdie Challenge in Chrome.",
      "Tap the menu (three dots) at the top right.",
      "Tap Install app (or Add to Home screen).",
      "Confirm with Install. Birdie appears with your other apps.",
    ],
  },
  {
    platform: "desktop",
    title: "Desktop",
    browser: "Chrome or Edge",
    steps: [
      "Open Birdie Challenge in Chrome or Microsoft Edge.",
      "Click the install icon at the right end of the address bar.",
      "Click Install. Birdie opens in its own window and from your start menu or dock.",
    ],
  },
];

/** The guide for this device first, the others after it. */
export function orderedGuides(platform: InstallPlatform): InstallGuide[] {
  return [...INSTALL_GUIDES].sort((a, b) => Number(b.platform === platform) - Number(a.platform === platform));
}
