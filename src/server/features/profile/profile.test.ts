import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { userPictures } from "../../db/schema/profile";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { sniffPicture } from "./picture-bytes";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dir, "../../test/harness/fixtures", name)));
const dataUrl = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
const JPEG = fixture("tiny.jpg");
const PNG = fixture("tiny.png");
const GIF = fixture("tiny.gif");

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

describe("sniffPicture (magic bytes)", () => {
  const cases: [string, Uint8Array, string | null][] = [
    ["real JPEG", JPEG, "image/jpeg"],
    ["real PNG", PNG, "image/png"],
    ["real GIF", GIF, "image/gif"],
    ["truncated JPEG", JPEG.subarray(0, JPEG.length - 40), null],
    ["truncated PNG", PNG.subarray(0, PNG.length - 10), null],
    ["SVG", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
    ["HTML", new TextEncoder().encode("<!doctype html><html><body>hi</body></html>"), null],
    ["empty", new Uint8Array(), null],
  ];
  for (const [name, bytes, expected] of cases)
    test(`${name} -> ${expected}`, () => expect<string | null>(sniffPicture(bytes)).toBe(expected));
});

describe("PUT /api/users/me with a picture", () => {
  test("a real JPEG is stored apart from the user row and served by a versioned, cacheable URL", async () => {
    const { client, user } = await signUp(h);
    const res = await client.put("/api/users/me", { profilePicture: dataUrl("image/jpeg", JPEG) });
    expect(res.status).toBe(200);
    expect(res.json.profilePicture).toBe(`/api/users/${user.id}/picture?v=1`);

    const pic = await client.get(res.json.profilePicture);
    expect(pic.status).toBe(200);
    expect(pic.headers.get("content-type")).toBe("image/jpeg");
    expect(pic.headers.get("cache-control")).toContain("max-age=31536000");

    // A second upload bumps the version, so the new picture shows at once.
    const again = await client.put("/api/users/me", { profilePicture: dataUrl("image/jpeg", GIF) });
    expect(again.json.profilePicture).toBe(`/api/users/${user.id}/picture?v=2`);
    const me = await client.get("/api/user");
    expect(me.json.profilePicture).toBe(`/api/users/${user.id}/picture?v=2`);
  });

  test("a PNG sent as a JPEG data URL is judged by its bytes and served as PNG", async () => {
    const { client, user } = await signUp(h);
    const res = await client.put("/api/users/me", { profilePicture: dataUrl("image/jpeg", PNG) });
    expect(res.status).toBe(200);
    const [row] = await h.db.select().from(userPictures).where(eq(userPictures.userId, user.id));
    expect(row.contentType).toBe("image/png");
    expect(Buffer.from(row.data).equals(Buffer.from(PNG))).toBe(true);
    const pic = await client.get(res.json.profilePicture);
    expect(pic.headers.get("content-type")).toBe("image/png");
  });

  const refused: [string, () => string, string][] = [
    [
      "SVG",
      () => dataUrl("image/svg+xml", new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
      "Invalid file type: Please select an image file.",
    ],
    [
      "HTML called a JPEG",
      () => dataUrl("image/jpeg", new TextEncoder().encode("<html><script>alert(1)</script></html>")),
      "Invalid file type: Please select an image file.",
    ],
    ["text/html data URL", () => dataUrl("text/html", JPEG), "Invalid file type: Please select an image file."],
    [
      "truncated JPEG",
      () => dataUrl("image/jpeg", JPEG.subarray(0, 400)),
      "Invalid file type: Please select an image file.",
    ],
    [
      "broken base64",
      () => "data:image/jpeg;base64,@@@not-base64@@@",
      "Invalid file type: Please select an image file.",
    ],
    [
      "6 MB",
      () => {
        const big = new Uint8Array(6 * 1024 * 1024);
        big.set(JPEG.subarray(0, 20));
        big.set([0xff, 0xd9], big.length - 2);
        return dataUrl("image/jpeg", big);
      },
      "File too large: Please select an image smaller than 5MB.",
    ],
    ["not a data URL", () => "https://example.com/me.jpg", "Invalid file type: Please select an image file."],
  ];
  for (const [name, make, message] of refused) {
    test(`${name} is refused with 400 and the picture is unchanged`, async () => {
      const { client, user } = await signUp(h);
      await client.put("/api/users/me", { profilePicture: dataUrl("image/jpeg", JPEG) });
      const res = await client.put("/api/users/me", { profilePicture: make() });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
      const me = await client.get("/api/user");
      expect(me.json.profilePicture).toBe(`/api/users/${user.id}/picture?v=1`);
    });
  }

  test("profilePicture: null removes the picture; signed-out upload is 401; pictures need a session", async () => {
    const { client, user } = await signUp(h);
    const up = await client.put("/api/users/me", { profilePicture: dataUrl("image/png", PNG) });
    expect((await new RestClient(h.app).get(up.json.profilePicture)).status).toBe(401);
    const removed = await client.put("/api/users/me", { profilePicture: null });
    expect(removed.json.profilePicture).toBeNull();
    expect((await client.get(`/api/users/${user.id}/picture`)).status).toBe(404);
    expect(
      (await new RestClient(h.app).put("/api/users/me", { profilePicture: dataUrl("image/png", PNG) })).status,
    ).toBe(401);
  });

  test("tRPC profile.uploadPicture uses the same checks", async () => {
    const { user } = await signUp(h);
    const api = h.caller(user);
    const ok = await api.profile.uploadPicture({ profilePicture: dataUrl("image/gif", GIF) });
    expect(ok.profilePicture).toBe(`/api/users/${user.id}/picture?v=1`);
    await expect(api.profile.uploadPicture({ profilePicture: dataUrl("image/svg+xml", GIF) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Invalid file type: Please select an image file.",
    });
  });
});
