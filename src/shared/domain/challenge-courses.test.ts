import { describe, expect, test } from "bun:test";
import {
  courseDisplayText,
  courseInfoText,
  courseModeLabel,
  normaliseCourseName,
  summariseCourseNames,
} from "./challenge-courses";
import { progressPercent } from "./challenge-progress";

describe("summariseCourseNames (the list's courseName)", () => {
  const cases: [string[], string | null][] = [
    [[], null],
    [["Pebble Beach"], "Pebble Beach"],
    [["Pebble Beach", "St Andrews"], "Pebble Beach +1 more"],
    [["Pebble Beach", "St Andrews", "Augusta", "Carnoustie"], "Pebble Beach +3 more"],
  ];
  for (const [names, expected] of cases)
    test(`${JSON.stringify(names)} -> ${expected}`, () => expect(summariseCourseNames(names)).toBe(expected));
});

describe("course texts", () => {
  const display: [string | null, "single" | "hybrid", string][] = [
    ["Pebble Beach +1 more", "hybrid", "Pebble Beach +1 more"],
    [null, "single", "Course not specified"],
    [null, "hybrid", "Any Course"],
    ["", "single", "Course not specified"],
  ];
  for (const [name, mode, expected] of display)
    test(`display ${name} (${mode}) -> ${expected}`, () => expect(courseDisplayText(name, mode)).toBe(expected));

  const info: ["single" | "hybrid", string[], string][] = [
    ["single", ["Pebble Beach"], "Pebble Beach"],
    ["hybrid", ["Pebble Beach", "St Andrews"], "Pebble Beach, St Andrews"],
    ["single", [], "Course not specified"],
    ["hybrid", [], "Any Course"],
  ];
  for (const [mode, names, expected] of info)
    test(`info ${mode} ${names.length} -> ${expected}`, () => expect(courseInfoText(mode, names)).toBe(expected));

  test("mode labels", () => {
    expect(courseModeLabel("single")).toBe("Single Course");
    expect(courseModeLabel("hybrid")).toBe("Hybrid Mode");
  });

  test("course names are trimmed with inner spaces collapsed", () => {
    expect(normaliseCourseName("  Pebble   Beach \t")).toBe("Pebble Beach");
  });
});

describe("progressPercent", () => {
  const cases: [number, number][] = [
    [0, 0],
    [1, 6],
    [9, 50],
    [17, 94],
    [18, 100],
    [25, 100],
    [-1, 0],
  ];
  for (const [holes, expected] of cases)
    test(`${holes} holes -> ${expected}%`, () => expect(progressPercent(holes)).toBe(expected));
});
