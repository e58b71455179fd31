// localStorage can throw (private mode, disabled storage, quota); the app must keep working
// without persistence rather than crash.

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Persistence is a convenience here; losing it only costs a sign-in or a theme choice.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}
