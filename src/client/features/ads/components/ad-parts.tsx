import type { ReactNode } from "react";
import { AD_DISCLAIMER, AD_LINK_REL } from "../lib/ad-copy";

/** The affiliate link: a new tab, no referrer, marked as paid (docs/product/rules.md#device-settings-and-ads). */
export function AdLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel={AD_LINK_REL} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

export function SponsoredBadge() {
  return <span className="badge badge-ghost badge-xs shrink-0 uppercase tracking-wide">Sponsored</span>;
}

export function AdDisclaimer() {
  return <p className="text-[0.7rem] leading-tight text-base-content/60">{AD_DISCLAIMER}</p>;
}
