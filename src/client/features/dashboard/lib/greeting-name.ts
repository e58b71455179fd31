/** "Tiger Woods" -> "Tiger"; no display name -> "Golfer" (docs/product/routes-and-screens.md#dashboard). */
export function greetingName(displayName: string | null | undefined): string {
  return displayName?.trim().split(/\s+/)[0] || "Golfer";
}
