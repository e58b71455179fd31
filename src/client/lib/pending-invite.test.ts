import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { PENDING_INVITE_TTL_MS, savePendingInvite, takePendingInvite } from "./pending-invite";

let store: Map<string, string>;
const globals = globalThis as { window?: unknown };

beforeEach(() => {
  store = new Map();
  globals.window = {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  };
});
afterEach(() => {
  delete globals.window;
});

describe("pending invite", () => {
  test("a fresh code is returned once", () => {
    savePendingInvite("CODE", 1000);
    expect(takePendingInvite(1000 + PENDING_INVITE_TTL_MS - 1)).toBe("CODE");
    expect(takePendingInvite(1000)).toBeNull();
  });

  test("a code of 30 minutes or more is dropped", () => {
    savePendingInvite("CODE", 0);
    expect(takePendingInvite(PENDING_INVITE_TTL_MS)).toBeNull();
    expect(store.size).toBe(0);
  });
});
