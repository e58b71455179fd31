import type { ServiceContext } from "../../context";
import { mailEnabled } from "../mail/public";

/** What the client needs to know about this deployment (nothing secret); anyone may ask. */
export function clientConfig(ctx: ServiceContext): { adAffiliateUrl: string | null; mailEnabled: boolean } {
  return {
    // With no affiliate address configured, ads never render (docs/product/rules.md#device-settings-and-ads).
    adAffiliateUrl: ctx.deps.env.AD_AFFILIATE_URL ?? null,
    // Without SMTP_URL the recovery dialog says to ask an admin (docs/product/rules.md#password-reset-and-e-mail).
    mailEnabled: mailEnabled(ctx.deps.env),
  };
}
