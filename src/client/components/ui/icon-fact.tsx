import type { ReactNode } from "react";

const LOOKS = {
  /** A plain row in a card's list (challenge detail). */
  plain: { box: "pl-7", icon: "left-0 top-0.5" },
  /** A shaded tile (the invite and share previews). */
  tile: { box: "rounded-box bg-base-200/60 py-3 pl-10 pr-3", icon: "left-3 top-3.5" },
} as const;

/**
 * One term and its value inside a <dl>, with an icon in the gutter. A <dl> group may hold only
 * <dt> and <dd>, so the icon lives in the term, positioned into the padding.
 */
export function IconFact({
  icon,
  term,
  children,
  look = "plain",
  className = "",
}: {
  icon: ReactNode;
  term: string;
  children: ReactNode;
  look?: keyof typeof LOOKS;
  className?: string;
}) {
  const { box, icon: iconPlace } = LOOKS[look];
  return (
    <div className={`relative min-w-0 ${box} ${className}`}>
      <dt className="text-xs uppercase tracking-wide text-base-content/60">
        <span className={`absolute ${iconPlace} text-base text-primary`} aria-hidden="true">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}
