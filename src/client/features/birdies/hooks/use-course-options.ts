import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { trpc } from "../../../lib/trpc";

export type CourseOption = { id: number; name: string; group: "challenge" | "recent" };

/**
 * The courses the record form offers (docs/product/routes-and-screens.md#record-birdies): the
 * challenge's own; in a hybrid challenge also those already played in it, then the golfer's
 * recent courses elsewhere, so a round on a known course needs no typing.
 */
export function useCourseOptions(challenge: ChallengeListItem | undefined): CourseOption[] {
  const hybrid = challenge?.courseMode === "hybrid";
  const suggestions = trpc.birdies.courseSuggestions.useQuery(
    { challengeId: challenge?.id ?? 0 },
    { enabled: hybrid && (challenge?.id ?? 0) > 0 },
  );
  if (!challenge) return [];
  const options: CourseOption[] = challenge.courses.map((c) => ({ id: c.id, name: c.name, group: "challenge" }));
  if (!hybrid || !suggestions.data) return options;
  const seen = new Set(options.map((o) => o.id));
  for (const c of suggestions.data.challengeCourses) {
    if (!seen.has(c.id)) options.push({ id: c.id, name: c.name, group: "challenge" });
    seen.add(c.id);
  }
  for (const c of suggestions.data.recentCourses) {
    if (!seen.has(c.id)) options.push({ id: c.id, name: c.name, group: "recent" });
    seen.add(c.id);
  }
  return options;
}
