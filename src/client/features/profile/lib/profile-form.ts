import type { PublicUser, UpdateProfileInput } from "../../../../shared/schemas/auth";

export type ProfileFormValues = { displayName: string; homeCourseName: string; handicap: string };

export function profileFormValues(
  user: Pick<PublicUser, "displayName" | "homeCourseName" | "handicap">,
): ProfileFormValues {
  return {
    displayName: user.displayName ?? "",
    homeCourseName: user.homeCourseName ?? "",
    handicap: user.handicap === null || user.handicap === undefined ? "" : String(user.handicap),
  };
}

/**
 * The update to send (docs/product/rules.md#profile): an empty handicap is sent as undefined (left
 * unchanged); when the player empties a field that had a value, null clears it. The same holds for
 * the home course.
 */
export function profileUpdate(
  values: ProfileFormValues,
  current: Pick<PublicUser, "homeCourseName" | "handicap">,
): UpdateProfileInput {
  const homeCourse = values.homeCourseName.trim();
  const handicap = values.handicap.trim();
  return {
    displayName: values.displayName,
    homeCourseName: homeCourse ? homeCourse : current.homeCourseName ? null : undefined,
    handicap: handicap
      ? Number(handicap)
      : current.handicap !== null && current.handicap !== undefined
        ? null
        : undefined,
  };
}
