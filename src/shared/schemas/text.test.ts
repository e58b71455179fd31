import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { displayNameSchema, optionalText } from "./auth";
import { verifiedBySchema } from "./birdies";
import { createChallengeSchema } from "./challenges";
import { chatMessageTextSchema } from "./chat";
import { courseNameSchema } from "./courses";
import { directionControlsMessage, hasDirectionControls, isInvisible, readableText } from "./text";

const DECOMPOSED = "Jose\u0301"; // "José" typed with a combining acute accent
const COMPOSED = "Jos\u00e9";

describe("hasDirectionControls", () => {
  const table: [string, string, boolean][] = [
    ["plain text", "Bob", false],
    ["right-to-left override (Trojan Source)", "Bob\u202Enimda", true],
    ["left-to-right override", "\u202DBob", true],
    ["right-to-left embedding", "a\u202Bb", true],
    ["pop directional formatting", "a\u202Cb", true],
    ["right-to-left isolate", "a\u2067b", true],
    ["pop directional isolate", "a\u2069b", true],
    ["right-to-left mark (allowed)", "\u05E9\u05DC\u05D5\u05DD\u200F!", false],
    ["Hebrew and Arabic letters", "\u05E9\u05DC\u05D5\u05DD \u0633\u0644\u0627\u0645", false],
  ];
  for (const [what, text, expected] of table)
    test(`${what}: ${expected}`, () => expect(hasDirectionControls(text)).toBe(expected));
});

describe("isInvisible", () => {
  const table: [string, string, boolean][] = [
    ["empty", "", true],
    ["spaces and tabs", " \t ", true],
    ["zero-width space", "\u200B", true],
    ["zero-width joiner and non-joiner", "\u200D\u200C", true],
    ["word joiner and BOM", "\u2060\uFEFF", true],
    ["soft hyphen", "\u00AD", true],
    ["Hangul fillers", "\u3164\u115F\uFFA0", true],
    ["blank Braille pattern", "\u2800\u2800", true],
    ["ideographic space", "\u3000", true],
    ["a control character", "\u0007", true],
    ["variation selector alone", "\uFE0F", true],
    ["tag characters", "\u{E0041}\u{E0042}", true],
    ["a letter among zero-width characters", "\u200BA\u200B", false],
    ["an emoji family (joined by ZWJ)", "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", false],
    ["a dot", ".", false],
  ];
  for (const [what, text, expected] of table)
    test(`${what}: ${expected}`, () => expect(isInvisible(text)).toBe(expected));
});

describe("readableText", () => {
  const schema = readableText(z.string(), "Nickname", "Nickname is required")
    .min(1, "Nickname is required")
    .max(5, "Too long");
  const parse = (v: string) => {
    const r = schema.safeParse(v);
    return r.success ? { ok: r.data } : { error: r.error.issues[0].message };
  };

  test("normalises to NFC before counting and storing", () => {
    expect(parse(`  ${DECOMPOSED} `)).toEqual({ ok: COMPOSED });
    // Five characters once composed (six code units typed): within the limit of 5.
    expect(parse("Rene\u0301e")).toEqual({ ok: "Ren\u00e9e" });
  });
  test("invisible-only text gets the field's blank message; empty text keeps its own rule", () => {
    expect(parse("\u200B\u200B")).toEqual({ error: "Nickname is required" });
    expect(parse("\u3164")).toEqual({ error: "Nickname is required" });
    expect(parse("")).toEqual({ error: "Nickname is required" });
    expect(parse("   ")).toEqual({ error: "Nickname is required" });
  });
  test("direction controls are refused with their own message", () => {
    expect(parse("a\u202Eb")).toEqual({ error: directionControlsMessage("Nickname") });
    expect(directionControlsMessage("Nickname")).toBe("Nickname cannot contain text direction control characters");
  });
  test("a lone surrogate becomes U+FFFD (PostgreSQL's jsonb refuses it); a pair stays", () => {
    expect(parse("\udfff\ud800")).toEqual({ ok: "\uFFFD\uFFFD" });
    expect(parse("a\ud800")).toEqual({ ok: "a\uFFFD" });
    expect(parse("\u{1F3CC}")).toEqual({ ok: "\u{1F3CC}" });
  });
  test("visible text with joiners inside is kept as typed", () => {
    const family = "\u{1F468}\u200D\u{1F469}";
    expect(parse(family)).toEqual({ ok: family });
  });
});

describe("the shared schemas use the rule", () => {
  const message = (schema: z.ZodType, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? null : r.error.issues[0].message;
  };
  const RLO = "\u202E";
  const table: [string, z.ZodType, (v: string) => unknown, string, string][] = [
    ["display name", displayNameSchema, (v) => v, "Display name is required", "Display name"],
    ["chat message", chatMessageTextSchema, (v) => v, "Message cannot be empty", "Message"],
    ["course name", courseNameSchema, (v) => v, "Course name must be at least 2 characters", "Course name"],
    [
      "challenge name",
      createChallengeSchema,
      (v) => ({
        name: v,
        startDate: "2030-01-01T00:00:00.000Z",
        endDate: "2030-02-01T00:00:00.000Z",
        courseIds: [1],
      }),
      "Challenge name must be at least 4 characters",
      "Challenge name",
    ],
    [
      "partner name",
      verifiedBySchema,
      (v) => ({ name: v, signature: "sig" }),
      "Partner name is required",
      "Partner name",
    ],
    ["signature", verifiedBySchema, (v) => ({ name: "Pat", signature: v }), "Signature is required", "Signature"],
  ];
  for (const [what, schema, wrap, blank, label] of table) {
    test(`${what}: invisible-only -> "${blank}"; a direction override is refused; NFC`, () => {
      expect(message(schema, wrap("\u200B\u2060\u200B"))).toBe(blank);
      expect(message(schema, wrap(`Eve${RLO}nimda`))).toBe(directionControlsMessage(label));
      const ok = schema.safeParse(wrap(`${DECOMPOSED} Links`));
      expect(ok.success).toBe(true);
      expect(JSON.stringify(ok.data)).toContain(`${COMPOSED} Links`);
      expect(JSON.stringify(ok.data)).not.toContain(DECOMPOSED);
    });
  }

  test("optional texts (home course, rules): invisible-only means none; direction controls refused; NFC", () => {
    const home = optionalText(100, "Home course name");
    expect(home.parse("\u200B ")).toBeNull();
    expect(home.parse(DECOMPOSED)).toBe(COMPOSED);
    expect(home.parse(undefined)).toBeUndefined();
    expect(message(home, `x${RLO}y`)).toBe(directionControlsMessage("Home course name"));
  });
});
