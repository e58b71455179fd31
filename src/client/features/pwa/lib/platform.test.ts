import { describe, expect, test } from "bun:test";
import { detectInstallPlatform, orderedGuides } from "./platform";

describe("detectInstallPlatform", () => {
  const cases: [string, string, number, string][] = [
    [
      "iPhone Safari",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      5,
      "ios",
    ],
    [
      "iPadOS as a Mac with touch",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15",
      5,
      "ios",
    ],
    [
      "Mac without touch",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/126.0 Safari/537.36",
      0,
      "desktop",
    ],
    [
      "Android Chrome",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
      5,
      "android",
    ],
    [
      "Windows Edge",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0",
      0,
      "desktop",
    ],
  ];
  for (const [name, ua, touch, expected] of cases)
    test(name, () => expect<string>(detectInstallPlatform(ua, touch)).toBe(expected));
});

test("orderedGuides puts this device's steps first and keeps all three", () => {
  expect(orderedGuides("android").map((g) => g.platform)).toEqual(["android", "ios", "desktop"]);
  expect(orderedGuides("desktop").map((g) => g.platform)).toEqual(["desktop", "ios", "android"]);
});
