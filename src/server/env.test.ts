import { describe, expect, test } from "bun:test";
import { defaultPoolSize } from "./db/client";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  test("defaults: port 3000, ./data, no database URL, development", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      NODE_ENV: "development",
      PUBLIC_ORIGIN: [],
      ADMIN_USERNAMES: [],
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  test("parses lists and trims", () => {
    const env = parseEnv({
      PUBLIC_ORIGIN: "https://birdie.example, http://localhost:3000/",
      ADMIN_USERNAMES: " Alice ,bob",
    });
    expect(env.PUBLIC_ORIGIN).toEqual(["https://birdie.example", "http://localhost:3000"]);
    expect(env.ADMIN_USERNAMES).toEqual(["alice", "bob"]);
  });

  test("database pool size: optional whole number 1-200, blank means the default", () => {
    expect(parseEnv({}).DATABASE_POOL_MAX).toBeUndefined();
    expect(parseEnv({ DATABASE_POOL_MAX: "" }).DATABASE_POOL_MAX).toBeUndefined();
    expect(parseEnv({ DATABASE_POOL_MAX: "6" }).DATABASE_POOL_MAX).toBe(6);
    for (const bad of ["0", "-1", "2.5", "many", "201"]) {
      expect(() => parseEnv({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
    }
  });

  test("job concurrency: optional whole number 0-64, blank means the default", () => {
    expect(parseEnv({}).JOB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ JOB_CONCURRENCY: "" }).JOB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ JOB_CONCURRENCY: "0" }).JOB_CONCURRENCY).toBe(0);
    expect(parseEnv({ JOB_CONCURRENCY: "3" }).JOB_CONCURRENCY).toBe(3);
    for (const bad of ["-1", "1.5", "all", "65"]) {
      expect(() => parseEnv({ JOB_CONCURRENCY: bad })).toThrow(/JOB_CONCURRENCY/);
    }
  });

  test("the default pool is two connections per core, never under four", () => {
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(8)).toBe(16);
  });

  test("lists every bad variable in one readable error", () => {
    let message = "";
    try {
      parseEnv({
        PORT: "abc",
        DATABASE_URL: "mysql://x",
        NODE_ENV: "staging",
        PUBLIC_ORIGIN: "not a url",
        AD_AFFILIATE_URL: "nope",
      });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      message = (err as Error).message;
    }
    expect(message).toStartWith("Invalid configuration:");
    for (const name of ["PORT", "DATABASE_URL", "NODE_ENV", "PUBLIC_ORIGIN", "AD_AFFILIATE_URL"]) {
      expect(message).toContain(`- ${name}:`);
    }
  });
});
