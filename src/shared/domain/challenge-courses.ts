// How a challenge's courses read on cards, previews and the detail page
// (docs/product/texts-and-messages.md#domain-texts).

export type CourseMode = "single" | "hybrid";

export const COURSE_NOT_SPECIFIED = "Course not specified";
export const ANY_COURSE = "Any Course";

/** The list's derived `courseName`: the first course, plus ' +N more' when there are several. */
export function summariseCourseNames(names: readonly string[]): string | null {
  const [first] = names;
  if (first === undefined) return null;
  if (names.length === 1) return first;
  return `${first} +${names.length - 1} more`;
}

/**
 * The card's course text, with the product's fallbacks when no course is set
 * (docs/product/texts-and-messages.md#domain-texts).
 */
export function courseDisplayText(courseName: string | null | undefined, courseMode: CourseMode): string {
  if (courseName) return courseName;
  return courseMode === "hybrid" ? ANY_COURSE : COURSE_NOT_SPECIFIED;
}

/** `courseInfo` on challenges and previews: every course by name, or the mode's fallback. */
export function courseInfoText(courseMode: CourseMode, names: readonly string[]): string {
  if (names.length === 0) return courseMode === "hybrid" ? ANY_COURSE : COURSE_NOT_SPECIFIED;
  return courseMode === "single" ? (names[0] ?? COURSE_NOT_SPECIFIED) : names.join(", ");
}

export function courseModeLabel(courseMode: CourseMode): string {
  return courseMode === "hybrid" ? "Hybrid Mode" : "Single Course";
}

/**
 * Course names compare without case and with runs of spaces collapsed: "Pebble  beach" is
 * "Pebble Beach"; in NFC, so an accent typed as a combining mark is the same name.
 */
export function normaliseCourseName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ");
}
