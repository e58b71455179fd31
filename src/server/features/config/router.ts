import { publicProcedure, router } from "../../trpc/init";

/** What the client needs to know about this deployment (nothing secret). */
export const configRouter = router({
  get: publicProcedure.query(({ ctx }) => ({
    // DECISIONS.md "Ads": with no affiliate address configured, ads never render.
    adAffiliateUrl: ctx.deps.env.AD_AFFILIATE_URL ?? null,
  })),
});
