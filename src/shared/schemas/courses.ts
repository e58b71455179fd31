import { z } from "zod";
import { normaliseCourseName } from "../domain/challenge-courses";
import { readableText } from "./text";

export const COURSE_NAME_TOO_SHORT = "Course name must be at least 2 characters";
export const COURSE_EXISTS = "Course already exists";

/** A course name as stored: NFC, trimmed, inner spaces collapsed, readable, 2-100 characters (docs/product/texts-and-messages.md#courses-and-ids). */
export const courseNameSchema = z
  .string({ error: COURSE_NAME_TOO_SHORT })
  .transform(normaliseCourseName)
  .pipe(
    readableText(z.string(), "Course name", COURSE_NAME_TOO_SHORT)
      .min(2, COURSE_NAME_TOO_SHORT)
      .max(100, "Course name must be at most 100 characters"),
  );

export const createCourseSchema = z.object({ name: courseNameSchema });

export const courseSearchSchema = z.object({
  q: z
    .string({ error: "Search text must be text" })
    // Names are stored in NFC: a search typed in another form must find them.
    .normalize("NFC")
    .trim()
    .max(100, "Search text must be at most 100 characters")
    .default(""),
});

export const positiveIdSchema = (what: string) =>
  z.coerce
    .number({ error: `Invalid ${what} id` })
    .int(`Invalid ${what} id`)
    .min(1, `Invalid ${what} id`)
    .max(2147483647, `Invalid ${what} id`);

export const courseIdSchema = z.object({ id: positiveIdSchema("course") });

export type Course = { id: number; name: string };
