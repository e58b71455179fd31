import { FlagIcon, TrendingIcon } from "../../../components/ui/icons";
import { useAds, useDelayElapsed } from "../hooks/use-ads";
import { AD_CONTENT_DELAY_MS, type AdTheme, adCopy, PLACEMENT_THEMES } from "../lib/ad-copy";
import { AdDisclaimer, AdLink, SponsoredBadge } from "./ad-parts";

type AdCardProps = { placement: "challenge-detail" | "profile-page"; theme?: AdTheme; className?: string };

/**
 * A card-sized ad (the golf-themed challenge-detail card, profile-page:
 * docs/product/rules.md#device-settings-and-ads); a skeleton for 800 ms first.
 */
export function AdCard({ placement, theme, className = "" }: AdCardProps) {
  const { showAds, affiliateUrl } = useAds();
  const ready = useDelayElapsed(AD_CONTENT_DELAY_MS, showAds);
  if (!showAds || !affiliateUrl) return null;
  const resolvedTheme = theme ?? PLACEMENT_THEMES[placement];
  const copy = adCopy(resolvedTheme);
  const golf = resolvedTheme === "golf";
  return (
    <aside
      aria-label="Advertisement"
      data-ad-placement={placement}
      className={`card border ${golf ? "border-success/30 bg-gradient-to-br from-success/10 to-base-100" : "border-base-300 bg-base-100"} ${className}`}
    >
      <div className="card-body gap-3 p-5">
        {ready ? (
          <>
            <div className="flex items-start justify-between gap-2">
              <span
                className={`flex size-10 items-center justify-center rounded-full text-xl ${golf ? "bg-success/20 text-success" : "bg-accent/20 text-accent-content"}`}
              >
                {golf ? <FlagIcon /> : <TrendingIcon />}
              </span>
              <SponsoredBadge />
            </div>
            <h3 className="text-lg font-semibold">{copy.title}</h3>
            <p className="font-medium italic">{copy.tagline}</p>
            <p className="text-sm text-base-content/70">{copy.description}</p>
            <AdLink href={affiliateUrl} className="btn btn-accent btn-sm mt-1 self-start">
              {copy.cta}
            </AdLink>
            <AdDisclaimer />
          </>
        ) : (
          <div className="space-y-3" aria-hidden="true" data-testid="ad-skeleton">
            <div className="skeleton size-10 rounded-full" />
            <div className="skeleton h-5 w-2/3" />
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-4/5" />
            <div className="skeleton h-8 w-28" />
          </div>
        )}
      </div>
    </aside>
  );
}
