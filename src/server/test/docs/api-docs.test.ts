import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { API_DOC_PATH, expectedApiDoc } from "../../../../scripts/gen-api-docs";

// docs/product/api.md's REST and tRPC reference is generated from the route table, the zod schemas
// and scripts/api-route-notes.ts. A route, schema or note changed without regenerating leaves the
// reference wrong for every reader of the repo: fail until `bun run docs:api` is run.

describe("docs/product/api.md", () => {
  test("matches what `bun run docs:api` generates", () => {
    const committed = readFileSync(API_DOC_PATH, "utf8");
    const fresh = expectedApiDoc(committed);
    if (committed !== fresh) {
      throw new Error(
        "docs/product/api.md is out of date with the routes, schemas or scripts/api-route-notes.ts: run `bun run docs:api` and commit the result",
      );
    }
    expect(committed).toBe(fresh);
  });
});
