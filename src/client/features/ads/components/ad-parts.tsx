import type { ReactNode } from "react";
import { AD_DISCLAIMER, AD_LINK_REL } from "../lib/ad-copy";

/** The affiliate link: a new tab, no referrer, marked as paid (DECISIONS.md "Ads"). */
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

export function TrendingIcon({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="m3 17 6-6 4 4 8-8" />
      <path d="M14 7h7v7" />
    </svg>
  );
}
