import type { ServiceContext } from "../../context";

/** What the client needs to know about this deployment (nothing secret); anyone may ask. */
export function clientConfig(ctx: ServiceContext): { adAffiliateUrl: string | null } {
  // With no affiliate address configured, ads never render (docs/product/rules.md#device-settings-and-ads).
  return { adAffiliateUrl: ctx.deps.env.AD_AFFILIATE_URL ?? null };
}
