import { useState } from "react";

type AvatarProps = {
  name: string;
  src?: string | null;
  size?: "sm" | "md" | "lg" | "xl";
  className?: string;
};

const SIZES = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-16 text-xl", xl: "size-24 text-3xl" } as const;

/** Up to two initials from a display name ("Tiger Woods" -> "TW"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words[words.length - 1];
  if (first === undefined || last === undefined) return "?";
  const letters = words.length === 1 ? first.slice(0, 2) : `${first.charAt(0)}${last.charAt(0)}`;
  return letters.toUpperCase();
}

/** A round picture that falls back to initials when there is none or it fails to load. */
export function Avatar({ name, src, size = "md", className = "" }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span className={`avatar ${showImage ? "" : "avatar-placeholder"} ${className}`}>
      <span
        className={`${SIZES[size]} rounded-full ${showImage ? "" : "bg-primary text-primary-content"} flex items-center justify-center overflow-hidden`}
      >
        {showImage ? (
          <img
            src={src ?? undefined}
            alt=""
            className="size-full object-cover"
            onError={() => setFailedSrc(src ?? null)}
          />
        ) : (
          <span aria-hidden="true" className="font-semibold">
            {initialsOf(name)}
          </span>
        )}
      </span>
    </span>
  );
}
