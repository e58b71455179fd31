import { describe, expect, test } from "bun:test";
import {
  createFormDefaults,
  distinctCourseNames,
  editFormValues,
  validateCreateForm,
  validateEditForm,
  type EditableChallenge,
} from "./challenge-form";

const now = new Date(2026, 5, 10, 15, 30);
const filled = { ...createFormDefaults(now), name: "Summer Birdies", courseName: "Pebble Beach" };

describe("create form", () => {
  test("defaults: today to 30 days later, single, mostBirdies, threshold 9, flags off", () => {
    expect(createFormDefaults(now)).toMatchObject({
      startDate: "2026-06-10",
      endDate: "2026-07-10",
      courseMode: "single",
      tiebreaker: "mostBirdies",
      tiebreakerThreshold: "9",
      allowMultipleBirdies: false,
      eagleBonus: false,
    });
  });

  test("a valid form runs from the start of the first day to the end of the last", () => {
    const r = validateCreateForm(filled);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.data.startDate.getTime()).toBe(new Date(2026, 5, 10).getTime());
    expect(r.data.endDate.getTime()).toBe(new Date(2026, 6, 10, 23, 59, 59, 999).getTime());
    expect(r.data.courseNames).toEqual(["Pebble Beach"]);
    expect(r.data.tiebreakerThreshold).toBe(9);
  });

  test("the product's messages per field (docs/product/texts-and-messages.md#challenge-fields)", () => {
    const r = validateCreateForm({ ...filled, name: "abc", courseName: "P", endDate: "2026-06-01" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: "Challenge name must be at least 4 characters",
      courseName: "Course name must be at least 2 characters",
      endDate: "End date must be after start date",
    });
  });

  test("single mode needs a course; hybrid does not", () => {
    const single = validateCreateForm({ ...filled, courseName: "" });
    expect(single.ok ? {} : single.errors).toEqual({ courseName: "Course name must be at least 2 characters" });
    const hybrid = validateCreateForm({ ...filled, courseMode: "hybrid", courseName: "" });
    expect(hybrid.ok && hybrid.data.courseNames).toEqual([]);
  });

  test("hybrid collects the added names and the one still typed, once each", () => {
    const r = validateCreateForm({
      ...filled,
      courseMode: "hybrid",
      courseNames: ["Augusta", "St Andrews"],
      courseName: "augusta ",
    });
    expect(r.ok && r.data.courseNames).toEqual(["Augusta", "St Andrews"]);
  });

  test("the threshold is checked only for firstToThreshold", () => {
    expect(validateCreateForm({ ...filled, tiebreakerThreshold: "40" }).ok).toBe(true);
    const r = validateCreateForm({ ...filled, tiebreaker: "firstToThreshold", tiebreakerThreshold: "19" });
    expect(r.ok ? {} : r.errors).toEqual({ tiebreakerThreshold: "Threshold must be between 1 and 18" });
    const ok = validateCreateForm({ ...filled, tiebreaker: "firstToThreshold", tiebreakerThreshold: "18" });
    expect(ok.ok && ok.data.tiebreakerThreshold).toBe(18);
  });

  test("an empty start date is required", () => {
    const r = validateCreateForm({ ...filled, startDate: "" });
    expect(r.ok ? {} : r.errors.startDate).toBe("Start date is required");
  });
});

test("distinct course names ignore case and spacing", () => {
  expect(distinctCourseNames([" Old  Course ", "old course", "", "New"])).toEqual(["Old Course", "New"]);
});

describe("edit form", () => {
  const original: EditableChallenge = {
    name: "Summer Birdies",
    rules: null,
    courseMode: "single",
    startDate: new Date(2026, 5, 10, 15, 30).toISOString(),
    endDate: new Date(2026, 6, 10, 15, 30).toISOString(),
    tiebreaker: "mostBirdies",
    tiebreakerThreshold: 18,
    allowMultipleBirdies: false,
    eagleBonus: true,
    requireConfirmation: false,
    courses: [{ id: 1, name: "Pebble Beach" }],
  };

  test("unchanged days keep their stored instants; the course stays", () => {
    const r = validateEditForm(editFormValues(original), original);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.data.patch.startDate).toBe(original.startDate);
    expect(r.data.patch.endDate).toBe(original.endDate);
    expect(r.data.patch.tiebreakerThreshold).toBe(17);
    expect(r.data.newCourseName).toBeNull();
  });

  test("a changed end day ends at its last millisecond", () => {
    const r = validateEditForm({ ...editFormValues(original), endDate: "2026-08-01" }, original);
    expect(r.ok && r.data.patch.endDate).toBe(new Date(2026, 7, 1, 23, 59, 59, 999).toISOString());
  });

  test("edit messages", () => {
    const r = validateEditForm({ ...editFormValues(original), name: "ab", endDate: "2026-06-01" }, original);
    expect(r.ok ? {} : r.errors).toEqual({
      name: "Challenge name must be at least 3 characters",
      endDate: "End date must be after the start date",
    });
    const t = validateEditForm(
      { ...editFormValues(original), tiebreaker: "firstToThreshold", tiebreakerThreshold: "18" },
      original,
    );
    expect(t.ok ? {} : t.errors).toEqual({ tiebreakerThreshold: "Threshold must be between 1 and 17" });
  });

  test("a new single-mode course is reported; hybrid ignores the course field", () => {
    const r = validateEditForm({ ...editFormValues(original), courseName: "Augusta" }, original);
    expect(r.ok && r.data.newCourseName).toBe("Augusta");
    const h = validateEditForm({ ...editFormValues(original), courseMode: "hybrid", courseName: "X" }, original);
    expect(h.ok && h.data.newCourseName).toBeNull();
  });
});
