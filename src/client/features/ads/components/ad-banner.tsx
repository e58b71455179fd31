import { TrendingIcon } from "../../../components/ui/icons";
import { useAds, useDelayElapsed } from "../hooks/use-ads";
import { AD_CONTENT_DELAY_MS, type AdTheme, adCopy, PLACEMENT_THEMES } from "../lib/ad-copy";
import { AdDisclaimer, AdLink, SponsoredBadge } from "./ad-parts";

type AdBannerProps = { placement: "dashboard-top" | "leaderboard-bottom"; theme?: AdTheme; className?: string };

/**
 * A full-width banner (dashboard-top, leaderboard-bottom:
 * docs/product/rules.md#device-settings-and-ads); a skeleton for 800 ms first.
 */
export function AdBanner({ placement, theme, className = "" }: AdBannerProps) {
  const { showAds, affiliateUrl } = useAds();
  const ready = useDelayElapsed(AD_CONTENT_DELAY_MS, showAds);
  if (!showAds || !affiliateUrl) return null;
  const copy = adCopy(theme ?? PLACEMENT_THEMES[placement]);
  return (
    <aside
      aria-label="Advertisement"
      data-ad-placement={placement}
      className={`rounded-box border border-base-300 bg-base-100 p-4 ${className}`}
    >
      {ready ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-accent/20 text-2xl text-accent-content sm:flex">
            <TrendingIcon />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-2">
              <p className="wrap-anywhere font-semibold">{copy.title}</p>
              <SponsoredBadge />
            </div>
            <p className="text-sm font-medium italic">{copy.tagline}</p>
            <p className="text-sm text-base-content/70">{copy.description}</p>
            <AdDisclaimer />
          </div>
          <AdLink href={affiliateUrl} className="btn btn-accent btn-sm shrink-0">
            {copy.cta}
          </AdLink>
        </div>
      ) : (
        <div className="flex items-center gap-3" aria-hidden="true" data-testid="ad-skeleton">
          <div className="skeleton hidden size-12 shrink-0 rounded-full sm:block" />
          <div className="flex-1 space-y-2">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-3 w-5/6" />
          </div>
          <div className="skeleton h-8 w-24" />
        </div>
      )}
    </aside>
  );
}
