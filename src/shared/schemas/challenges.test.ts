import { describe, expect, test } from "bun:test";
import type { z } from "zod";
import {
  createChallengeFormSchema,
  createChallengeSchema,
  editChallengeFormSchema,
  updateChallengeSchema,
} from "./challenges";
import { createCourseSchema } from "./courses";
import { pinInputSchema } from "./invites";

/** The first message a schema gives for `value`, or "ok". */
function firstMessage(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  return r.success ? "ok" : r.error.issues[0].message;
}

const base = {
  name: "Summer Birdies",
  startDate: "2026-06-01T00:00:00.000Z",
  endDate: "2026-07-01T00:00:00.000Z",
};

describe("create form messages (docs/product/texts-and-messages.md#challenge-fields)", () => {
  const form = { ...base, courseName: "Pebble Beach" };
  const cases: [string, Record<string, unknown>, string][] = [
    ["valid", {}, "ok"],
    ["3-character name", { name: "abc" }, "Challenge name must be at least 4 characters"],
    ["name of spaces", { name: "      " }, "Challenge name must be at least 4 characters"],
    ["1-character course", { courseName: "P" }, "Course name must be at least 2 characters"],
    ["no course in single mode", { courseName: "" }, "Course name must be at least 2 characters"],
    ["no course in hybrid mode", { courseName: "", courseMode: "hybrid" }, "ok"],
    ["end equal to start", { endDate: base.startDate }, "End date must be after start date"],
    ["end before start", { endDate: "2026-05-01T00:00:00.000Z" }, "End date must be after start date"],
    [
      "firstToComplete is edit-only",
      { tiebreaker: "firstToComplete" },
      "Tiebreaker must be mostBirdies or firstToThreshold",
    ],
    ["threshold 0", { tiebreakerThreshold: 0 }, "Threshold must be between 1 and 18"],
    ["threshold 18", { tiebreakerThreshold: 18 }, "ok"],
    ["threshold 19", { tiebreakerThreshold: 19 }, "Threshold must be between 1 and 18"],
    ["threshold as text", { tiebreakerThreshold: "12" }, "ok"],
    ["threshold 2.5", { tiebreakerThreshold: 2.5 }, "Threshold must be between 1 and 18"],
    ["bad mode", { courseMode: "double" }, "Course mode must be single or hybrid"],
    ["missing start", { startDate: undefined }, "Start date is required"],
    ["bad start", { startDate: "not a date" }, "Start date must be a valid date"],
  ];
  for (const [name, patch, expected] of cases) {
    test(`${name} -> ${expected}`, () =>
      expect(firstMessage(createChallengeFormSchema, { ...form, ...patch })).toBe(expected));
  }

  test("defaults: single mode, mostBirdies, threshold 9, both flags off; Date objects accepted", () => {
    const out = createChallengeFormSchema.parse({
      ...form,
      startDate: new Date(base.startDate),
      endDate: new Date(base.endDate),
    });
    expect(out).toMatchObject({
      courseMode: "single",
      tiebreaker: "mostBirdies",
      tiebreakerThreshold: 9,
      allowMultipleBirdies: false,
      eagleBonus: false,
    });
    expect(out.endDate).toBeInstanceOf(Date);
  });
});

describe("create API input", () => {
  test("the course may be given by ids or by name; no course is the service's call", () => {
    expect(firstMessage(createChallengeSchema, { ...base, courseIds: [1, 2] })).toBe("ok");
    expect(firstMessage(createChallengeSchema, base)).toBe("ok");
    expect(firstMessage(createChallengeSchema, { ...base, courseIds: [0] })).toBe("Invalid course id");
    expect(firstMessage(createChallengeSchema, { ...base, courseIds: "1" })).toBe(
      "courseIds must be a list of course ids",
    );
    expect(firstMessage(createChallengeSchema, { ...base, name: "abc" })).toBe(
      "Challenge name must be at least 4 characters",
    );
  });
});

describe("edit form and PATCH messages (docs/product/texts-and-messages.md#challenge-fields)", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["valid", {}, "ok"],
    ["3-character name is fine", { name: "abc" }, "ok"],
    ["2-character name", { name: "ab" }, "Challenge name must be at least 3 characters"],
    ["end before start", { endDate: "2026-05-01T00:00:00.000Z" }, "End date must be after the start date"],
    ["firstToComplete", { tiebreaker: "firstToComplete" }, "ok"],
    ["threshold 17", { tiebreakerThreshold: 17 }, "ok"],
    ["threshold 18", { tiebreakerThreshold: 18 }, "Threshold must be between 1 and 17"],
    ["date before 1900", { startDate: "1899-12-31T00:00:00.000Z" }, "Start date must be between 1900 and 9999"],
    ["course name optional", { courseName: "" }, "ok"],
    ["short course name", { courseName: "X" }, "Course name must be at least 2 characters"],
  ];
  for (const [name, patch, expected] of cases) {
    test(`form: ${name} -> ${expected}`, () =>
      expect(firstMessage(editChallengeFormSchema, { ...base, ...patch })).toBe(expected));
  }

  test("form default threshold is 9", () => {
    expect(editChallengeFormSchema.parse(base).tiebreakerThreshold).toBe(9);
  });

  test("PATCH: every field optional, same rules", () => {
    expect(firstMessage(updateChallengeSchema, {})).toBe("ok");
    expect(firstMessage(updateChallengeSchema, { name: "ab" })).toBe("Challenge name must be at least 3 characters");
    expect(firstMessage(updateChallengeSchema, { startDate: base.endDate, endDate: base.startDate })).toBe(
      "End date must be after the start date",
    );
    expect(firstMessage(updateChallengeSchema, { tiebreakerThreshold: 18 })).toBe("Threshold must be between 1 and 17");
  });
});

describe("PIN input (docs/product/texts-and-messages.md#invites-and-pin)", () => {
  const cases: [unknown, string][] = [
    [undefined, "Please enter a PIN code"],
    ["", "Please enter a PIN code"],
    ["   ", "Please enter a PIN code"],
    ["AB-C D", "PIN code is too short"],
    ["--ab-cd-e--", "PIN code is too short"],
    ["abc-def", "ok"],
    ["ABC DEF GHJ K", "ok"],
    ["ABCDEFGHJKLMN", "PIN code is too long"],
  ];
  for (const [value, expected] of cases)
    test(`${JSON.stringify(value)} -> ${expected}`, () => expect(firstMessage(pinInputSchema, value)).toBe(expected));

  test("outputs the normalised PIN", () => {
    expect(pinInputSchema.parse(" abc-def ghj k ")).toBe("ABCDEFGHJK");
  });
});

describe("course name", () => {
  test("2+ characters after trimming, spaces collapsed", () => {
    expect(firstMessage(createCourseSchema, { name: " a " })).toBe("Course name must be at least 2 characters");
    expect(firstMessage(createCourseSchema, {})).toBe("Course name must be at least 2 characters");
    expect(createCourseSchema.parse({ name: "  St   Andrews " }).name).toBe("St Andrews");
  });
});
