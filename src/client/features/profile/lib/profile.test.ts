import { describe, expect, test } from "bun:test";
import { fitWithin, pictureFileProblem } from "./picture-file";
import { profileFormValues, profileUpdate } from "./profile-form";

describe("pictureFileProblem (docs/product/texts-and-messages.md#profile-picture)", () => {
  test("non-images are refused with the Invalid file type toast", () => {
    expect(pictureFileProblem({ type: "application/pdf", size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please select an image file.",
    });
    expect(pictureFileProblem({ type: "", size: 10 })?.title).toBe("Invalid file type");
  });
  test("images over 5 MB are refused with the File too large toast", () => {
    expect(pictureFileProblem({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: "File too large",
      description: "Please select an image smaller than 5MB.",
    });
  });
  test("an image of exactly 5 MB is fine", () => {
    expect(pictureFileProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 })).toBeNull();
  });
});

describe("fitWithin 800x800", () => {
  const cases: [number, number, number, number][] = [
    [1600, 1200, 800, 600],
    [1200, 1600, 600, 800],
    [4000, 4000, 800, 800],
    [640, 480, 640, 480],
    [10000, 10, 800, 1],
  ];
  for (const [w, h, ew, eh] of cases)
    test(`${w}x${h} -> ${ew}x${eh}`, () => expect(fitWithin(w, h)).toEqual({ width: ew, height: eh }));
  test("an empty image stays empty", () => expect(fitWithin(0, 100)).toEqual({ width: 0, height: 0 }));
});

describe("profileUpdate", () => {
  const none = { homeCourseName: null, handicap: null };
  const some = { homeCourseName: "Pebble Beach", handicap: 12.4 };

  test("an empty handicap is sent as undefined when there was none", () => {
    expect(profileUpdate({ displayName: "Tiger", homeCourseName: "", handicap: "" }, none)).toEqual({
      displayName: "Tiger",
      homeCourseName: undefined,
      handicap: undefined,
    });
  });
  test("emptying a field that had a value clears it with null", () => {
    expect(profileUpdate({ displayName: "Tiger", homeCourseName: " ", handicap: "" }, some)).toEqual({
      displayName: "Tiger",
      homeCourseName: null,
      handicap: null,
    });
  });
  test("decimal handicaps and names pass through", () => {
    expect(profileUpdate({ displayName: "Tiger", homeCourseName: " Augusta ", handicap: "3.7" }, some)).toEqual({
      displayName: "Tiger",
      homeCourseName: "Augusta",
      handicap: 3.7,
    });
  });
  test("form values from a user", () => {
    expect(profileFormValues({ displayName: "Tiger", ...some })).toEqual({
      displayName: "Tiger",
      homeCourseName: "Pebble Beach",
      handicap: "12.4",
    });
    expect(profileFormValues({ displayName: "Tiger", ...none })).toEqual({
      displayName: "Tiger",
      homeCourseName: "",
      handicap: "",
    });
  });
});
