import { useEffect, useState } from "react";
import { trpc } from "../../../lib/trpc";
import { useAdFreeMode } from "../lib/ad-settings";

/** The deployment's affiliate address (config.get); null means this deployment shows no ads at all. */
export function useAdConfig() {
  return trpc.config.get.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
}

/** Whether ads may render here and now: ad-free mode off AND an affiliate address configured. */
export function useAds(): { showAds: boolean; affiliateUrl: string | null } {
  const [adFree] = useAdFreeMode();
  const { data } = useAdConfig();
  const affiliateUrl = data?.adAffiliateUrl ?? null;
  return { showAds: !adFree && affiliateUrl !== null, affiliateUrl: adFree ? null : affiliateUrl };
}

/** False until `ms` have passed since `active` became true (the ads' skeleton time). */
export function useDelayElapsed(ms: number, active = true): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) {
      setElapsed(false);
      return;
    }
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms, active]);
  return elapsed;
}
