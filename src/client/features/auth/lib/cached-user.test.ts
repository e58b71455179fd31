import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { PublicUser } from "../../../../shared/schemas/auth";
import {
  CACHED_USER_KEY,
  CACHED_USER_MAX_AGE_MS,
  readCachedUser,
  recoveringUser,
  writeCachedUser,
} from "./cached-user";

const user: PublicUser = {
  id: 7,
  username: "tiger",
  displayName: "Tiger Woods",
  email: "tiger@example.com",
  profilePicture: null,
  handicap: 1.2,
  homeCourseName: "Augusta",
  isAdmin: false,
};

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

describe("cached user", () => {
  test("stores identity fields only, with timestamp and version '2'", () => {
    writeCachedUser(user, 1000);
    expect(JSON.parse(store.get(CACHED_USER_KEY) ?? "{}")).toEqual({
      id: 7,
      username: "tiger",
      displayName: "Tiger Woods",
      email: "tiger@example.com",
      isAdmin: false,
      cachedAt: 1000,
      version: "2",
    });
  });

  test("is valid up to 168 hours, then deleted", () => {
    writeCachedUser(user, 0);
    expect(readCachedUser(CACHED_USER_MAX_AGE_MS)?.username).toBe("tiger");
    expect(readCachedUser(CACHED_USER_MAX_AGE_MS + 1)).toBeNull();
    expect(store.has(CACHED_USER_KEY)).toBe(false);
  });

  test("malformed or old-version entries are deleted", () => {
    for (const raw of [
      "{not json",
      JSON.stringify({ id: 1, username: "x", cachedAt: 0, version: "1" }),
      JSON.stringify({ username: "x" }),
    ]) {
      store.set(CACHED_USER_KEY, raw);
      expect(readCachedUser(0)).toBeNull();
      expect(store.has(CACHED_USER_KEY)).toBe(false);
    }
  });

  test("a recovering user is flagged and fills the fields the cache lacks", () => {
    writeCachedUser(user, 0);
    const cached = readCachedUser(0);
    if (!cached) throw new Error("expected a cached user");
    expect(recoveringUser(cached)).toEqual({
      ...user,
      profilePicture: null,
      handicap: null,
      homeCourseName: null,
      recovering: true,
    });
  });
});
