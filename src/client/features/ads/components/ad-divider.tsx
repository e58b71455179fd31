import { useAds, useDelayElapsed } from "../hooks/use-ads";
import { AD_CONTENT_DELAY_MS, type AdTheme, adCopy, PLACEMENT_THEMES } from "../lib/ad-copy";
import { AdLink, SponsoredBadge } from "./ad-parts";

/**
 * A thin strip between list items (docs/product/rules.md#device-settings-and-ads). Lists show it
 * only with at least 3 items.
 */
export function AdDivider({ theme, className = "" }: { theme?: AdTheme; className?: string }) {
  const { showAds, affiliateUrl } = useAds();
  const ready = useDelayElapsed(AD_CONTENT_DELAY_MS, showAds);
  if (!showAds || !affiliateUrl) return null;
  const copy = adCopy(theme ?? PLACEMENT_THEMES.divider);
  return (
    <aside
      aria-label="Advertisement"
      data-ad-placement="divider"
      className={`col-span-full rounded-field border border-dashed border-base-300 bg-base-100/60 px-3 py-2 ${className}`}
    >
      {ready ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <SponsoredBadge />
          <span className="min-w-0 flex-1 italic">{copy.tagline}</span>
          <AdLink href={affiliateUrl} className="link link-primary shrink-0 font-medium">
            {copy.cta}
          </AdLink>
        </div>
      ) : (
        <div className="skeleton h-5 w-full" aria-hidden="true" data-testid="ad-skeleton" />
      )}
    </aside>
  );
}
