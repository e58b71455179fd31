type LogoProps = { className?: string; showName?: boolean };

/**
 * The flag-on-the-green mark and the product name. The name wraps when space runs short and, in a
 * header narrower than 17rem (a phone at 200% text), is left to the link's accessible name.
 */
export function Logo({ className = "", showName = true }: LogoProps) {
  return (
    <span className={`inline-flex max-w-full items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <ellipse cx="32" cy="50" rx="18" ry="5" fill="#4ade80" opacity="0.85" />
        <path d="M28 12v38" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        <path d="M30 12l18 7-18 7z" fill="#facc15" />
        <circle cx="42" cy="46" r="4" fill="#fff" />
      </svg>
      {showName && <span className="min-w-0 break-words @max-[17rem]:sr-only">Birdie Challenge</span>}
    </span>
  );
}
