import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, type TestHarness } from "../../test/harness/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

describe("config.get", () => {
  test("no affiliate address configured: null (ads never render)", async () => {
    expect(await h.caller(null).config.get()).toEqual({ adAffiliateUrl: null, mailEnabled: false });
  });
  test("AD_AFFILIATE_URL is passed to the client", async () => {
    const withAds = await createTestHarness({
      database: h.database,
      env: { AD_AFFILIATE_URL: "https://partner.example/golf" },
    });
    expect(await withAds.caller(null).config.get()).toEqual({
      adAffiliateUrl: "https://partner.example/golf",
      mailEnabled: false,
    });
  });
  test("SMTP_URL set: mailEnabled (the recovery dialog sends for real)", async () => {
    const withMail = await createTestHarness({ database: h.database, env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
    expect((await withMail.caller(null).config.get()).mailEnabled).toBe(true);
  });
});
