import { useSyncExternalStore } from "react";
import { readStorage, writeStorage } from "../../../lib/storage";

// docs/product/rules.md#device-settings-and-ads: ad-free mode is on by default and stored on the
// device only.
export const AD_FREE_STORAGE_KEY = "adFreeMode";

/** Stored as "true" / "false"; anything else (nothing stored yet) means the default, ad-free. */
export function parseAdFree(stored: string | null): boolean {
  return stored !== "false";
}

let adFree = typeof window === "undefined" ? true : parseAdFree(readStorage(AD_FREE_STORAGE_KEY));
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setAdFree(next: boolean) {
  adFree = next;
  writeStorage(AD_FREE_STORAGE_KEY, String(next));
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab flipped the switch: follow it, so no tab keeps showing ads the user turned off.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AD_FREE_STORAGE_KEY) return;
    adFree = parseAdFree(event.newValue);
    emit();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const getSnapshot = () => adFree;

export function useAdFreeMode(): [boolean, (next: boolean) => void] {
  return [useSyncExternalStore(subscribe, getSnapshot, getSnapshot), setAdFree];
}
