/** "Tiger Woods" -> "Tiger"; no display name -> "Golfer" (SPEC §2). */
export function greetingName(displayName: string | null | undefined): string {
  return displayName?.trim().split(/\s+/)[0] || "Golfer";
}
