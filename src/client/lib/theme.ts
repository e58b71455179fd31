import { useSyncExternalStore } from "react";
import { readStorage, writeStorage } from "./storage";

// Keep in step with public/theme-boot.js, which applies the same choice before the bundle loads.
export const THEME_STORAGE_KEY = "theme";
export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = "light" | "dark";

const darkQuery = () => window.matchMedia?.("(prefers-color-scheme: dark)");

function readChoice(): ThemeChoice {
  const stored = readStorage(THEME_STORAGE_KEY);
  return (THEME_CHOICES as readonly string[]).includes(stored ?? "") ? (stored as ThemeChoice) : "system";
}

function resolve(choice: ThemeChoice): ResolvedTheme {
  if (choice === "system") return darkQuery()?.matches ? "dark" : "light";
  return choice;
}

type ThemeState = { choice: ThemeChoice; resolved: ResolvedTheme };

let current: ThemeState = { choice: "system", resolved: "light" };
const listeners = new Set<() => void>();

function apply(next: ThemeState) {
  current = next;
  document.documentElement.setAttribute("data-theme", next.resolved);
  // index.html has one theme-color per OS scheme; the user's choice overrides both.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
    meta.setAttribute("content", next.resolved === "dark" ? "#14241a" : "#166534");
  for (const listener of listeners) listener();
}

/** Reads the stored choice and follows OS changes live while the choice is "system". */
export function initTheme() {
  const choice = readChoice();
  apply({ choice, resolved: resolve(choice) });
  darkQuery()?.addEventListener("change", () => {
    if (current.choice === "system") apply({ choice: "system", resolved: resolve("system") });
  });
  // Another tab changed the choice: follow it so open tabs never disagree.
  window.addEventListener("storage", (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const choice = readChoice();
    apply({ choice, resolved: resolve(choice) });
  });
}

export function setThemeChoice(choice: ThemeChoice) {
  writeStorage(THEME_STORAGE_KEY, choice);
  apply({ choice, resolved: resolve(choice) });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;
/**
 * What a page prerendered at build time shows (the choice is the browser's), and so what hydrating
 * it starts from; the stored choice follows in the next render (ADR 0054).
 */
const SERVER_SNAPSHOT: ThemeState = { choice: "system", resolved: "light" };

export function useTheme() {
  const state = useSyncExternalStore(subscribe, getSnapshot, () => SERVER_SNAPSHOT);
  return { ...state, setChoice: setThemeChoice };
}
