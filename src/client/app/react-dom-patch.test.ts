import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// ADR 0059: the production react-dom client that the build ships makes no Error while it loads
// (its five marker errors come from patches/react-dom@19.3.1.patch). Without the patch, or after
// an upgrade that dropped it, this counts five.
describe("react-dom's production client (patched)", () => {
  test("makes no Error at load; its five markers come from sentinelError", () => {
    const require = createRequire(import.meta.url);
    // The file react-dom/client loads in production (its package exports do not name it).
    const path = join(dirname(require.resolve("react-dom")), "cjs", "react-dom-client.production.js");
    delete require.cache[path];
    // Its dependencies load first, so only what this module does at load is counted.
    for (const dependency of ["react", "react-dom", "scheduler"]) require(dependency);
    const RealError = globalThis.Error;
    let made = 0;
    const counting = new Proxy(RealError, {
      apply(target, self, args) {
        made++;
        return Reflect.apply(target, self, args);
      },
      construct(target, args, newTarget) {
        made++;
        return Reflect.construct(target, args, newTarget);
      },
    });
    globalThis.Error = counting as ErrorConstructor;
    let client: { createRoot: unknown };
    try {
      client = require(path);
    } finally {
      globalThis.Error = RealError;
      delete require.cache[path];
    }
    expect(made).toBe(0);
    expect(typeof client.createRoot).toBe("function");
    // The markers themselves are not exported: the patch makes all five through sentinelError.
    const source = readFileSync(path, "utf8");
    expect(source.match(/= sentinelError\(formatProdErrorMessage\(\d+\)\)/g)?.length).toBe(5);
  });
});
