import { useSyncExternalStore } from "react";
import { readStorage, writeStorage } from "../../../lib/storage";

// Notification toggles (email, push) default on and are stored on the device only
// (docs/product/rules.md#device-settings-and-ads).
export const NOTIFICATION_SETTINGS_KEY = "notificationSettings";

export type NotificationSettings = { email: boolean; push: boolean };
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { email: true, push: true };

export function parseNotificationSettings(raw: string | null): NotificationSettings {
  if (!raw) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof NotificationSettings, unknown>> | null;
    return {
      email: typeof value?.email === "boolean" ? value.email : DEFAULT_NOTIFICATION_SETTINGS.email,
      push: typeof value?.push === "boolean" ? value.push : DEFAULT_NOTIFICATION_SETTINGS.push,
    };
  } catch {
    return { ...DEFAULT_NOTIFICATION_SETTINGS };
  }
}

let current: NotificationSettings | null = null;
const listeners = new Set<() => void>();

function getSnapshot(): NotificationSettings {
  current ??= parseNotificationSettings(readStorage(NOTIFICATION_SETTINGS_KEY));
  return current;
}

export function setNotificationSetting(key: keyof NotificationSettings, on: boolean) {
  current = { ...getSnapshot(), [key]: on };
  writeStorage(NOTIFICATION_SETTINGS_KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotificationSettings() {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
