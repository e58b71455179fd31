import { useEffect, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { FlagIcon, XIcon } from "../../../components/ui/icons";
import { isEditingField } from "../../../lib/focus";
import { useAds, useDelayElapsed } from "../hooks/use-ads";
import { AD_CONTENT_DELAY_MS, adCopy, PLACEMENT_THEMES, popupDelayMs } from "../lib/ad-copy";
import { AdDisclaimer, AdLink, SponsoredBadge } from "./ad-parts";

// At most one popup per page load: the signed-in layout remounts when moving between open and
// signed-in pages, and a golfer should not meet the same popup on every screen.
let shownThisLoad = false;

/**
 * docs/product/rules.md#device-settings-and-ads: the popup opens after a delay (default 10000 ms; localStorage 'adPopupDelayMs'
 * overrides it), its content appears 800 ms later; 'Not Now' or the close icon dismisses it; the
 * call to action opens the affiliate link in a new tab and closes the popup. It never takes focus
 * from a field being filled in (WCAG 2.4.3, 3.2.2): when the delay ends while one is focused, it
 * waits until focus leaves the fields. Open, it is a modal dialog that keeps Tab inside.
 */
export function AdPopup() {
  const { showAds, affiliateUrl } = useAds();
  const [open, setOpen] = useState(false);
  const [delay] = useState(popupDelayMs);

  useEffect(() => {
    if (!showAds || shownThisLoad) return;
    let stopWaiting = () => {};
    const show = () => {
      shownThisLoad = true;
      setOpen(true);
    };
    const timer = setTimeout(() => {
      if (!isEditingField()) return show();
      // Checked once the focus has landed wherever it moves next (focusout fires before that).
      const onFocusOut = () =>
        setTimeout(() => {
          if (isEditingField()) return;
          stopWaiting();
          show();
        }, 0);
      document.addEventListener("focusout", onFocusOut);
      stopWaiting = () => document.removeEventListener("focusout", onFocusOut);
    }, delay);
    return () => {
      clearTimeout(timer);
      stopWaiting();
    };
  }, [showAds, delay]);

  if (!open || !showAds || !affiliateUrl) return null;
  return <AdPopupDialog affiliateUrl={affiliateUrl} onClose={() => setOpen(false)} />;
}

function AdPopupDialog({ affiliateUrl, onClose }: { affiliateUrl: string; onClose: () => void }) {
  const ready = useDelayElapsed(AD_CONTENT_DELAY_MS);
  const copy = adCopy(PLACEMENT_THEMES.popup);

  return (
    <Dialog
      open
      onClose={onClose}
      label="Sponsored offer"
      boxClassName="relative"
      boxProps={{ "data-ad-placement": "popup" }}
    >
      <button
        data-autofocus
        type="button"
        className="btn btn-ghost btn-sm btn-circle absolute right-3 top-3"
        aria-label="Close"
        onClick={onClose}
      >
        <XIcon />
      </button>
      {ready ? (
        <div className="flex flex-col items-center gap-3 pt-2 text-center">
          <SponsoredBadge />
          <span className="flex size-14 items-center justify-center rounded-full bg-success/15 text-3xl text-success">
            <FlagIcon />
          </span>
          <h2 className="text-xl font-bold">{copy.title}</h2>
          <p className="text-lg font-medium italic">{copy.tagline}</p>
          <p className="text-sm text-base-content/70">{copy.description}</p>
          <div className="mt-2 flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-center">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Not Now
            </button>
            <AdLink href={affiliateUrl} className="btn btn-accent" onClick={onClose}>
              {copy.cta}
            </AdLink>
          </div>
          <AdDisclaimer />
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 pt-2" aria-hidden="true" data-testid="ad-skeleton">
          <div className="skeleton size-14 rounded-full" />
          <div className="skeleton h-6 w-3/4" />
          <div className="skeleton h-4 w-full" />
          <div className="skeleton h-4 w-5/6" />
          <div className="skeleton h-10 w-40" />
        </div>
      )}
    </Dialog>
  );
}
