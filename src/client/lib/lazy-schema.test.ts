import { afterEach, describe, expect, test } from "bun:test";
import { z } from "zod";
import { lazySchema, parseWith, schemaOrSay } from "./lazy-schema";
import { connectToasts, type ShownToast } from "./toast";

// The forms' schemas load after the page (issue 19): one import however many forms ask, a failed
// import tried again, and a check that cannot load its schema says so instead of failing silently.

afterEach(() => connectToasts(null));

const name = z.string().min(2, "Too short");

describe("lazySchema", () => {
  test("imports once, whoever asks and however often", async () => {
    let imports = 0;
    const schema = lazySchema(async () => {
      imports += 1;
      return name;
    });
    const [a, b] = await Promise.all([schema.load(), schema.load()]);
    expect(await schema.load()).toBe(a);
    expect(b).toBe(a);
    expect(imports).toBe(1);
    expect(a.safeParse("x").success).toBe(false);
  });

  test("a failed import is tried again by the next load", async () => {
    let attempts = 0;
    const schema = lazySchema(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return name;
    });
    await expect(schema.load()).rejects.toThrow("Failed to fetch");
    expect((await schema.load()).safeParse("Ada").success).toBe(true);
    expect(attempts).toBe(2);
  });

  test("schemaOrSay: the schema when it loads; null and a destructive toast when it cannot", async () => {
    const shown: ShownToast[] = [];
    connectToasts({ show: (t) => shown.push(t), dismiss: () => undefined });
    expect(await schemaOrSay(lazySchema(async () => name))).toBe(name);
    expect(shown).toEqual([]);
    const failing = lazySchema<typeof name>(async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    expect(await schemaOrSay(failing)).toBeNull();
    expect(shown.map((t) => [t.title, t.variant])).toEqual([["You're offline", "destructive"]]);
  });

  test("parseWith: the check's result once loaded; null when the schema cannot load", async () => {
    connectToasts({ show: () => 0, dismiss: () => undefined });
    const parsed = await parseWith(
      lazySchema(async () => name),
      "x",
    );
    expect(parsed?.success).toBe(false);
    expect(parsed?.error?.issues[0]?.message).toBe("Too short");
    const failing = lazySchema<typeof name>(async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    expect(await parseWith(failing, "Ada")).toBeNull();
  });
});
