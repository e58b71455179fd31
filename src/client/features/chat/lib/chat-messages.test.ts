import { describe, expect, test } from "bun:test";
import type { ChatMessage } from "../../../../shared/schemas/chat";
import {
  announcementText,
  applyChanges,
  authorName,
  chatTimeText,
  chatTimeTitle,
  lastMessageId,
  mergeMessages,
  messageKind,
  messagesFromPages,
  pagesWithLive,
  sendableText,
  toChatRows,
} from "./chat-messages";

const ME = 7;
const OTHER = 9;

function msg(id: number, type: "system" | "user", userId: number | null, text = `message ${id}`): ChatMessage {
  return {
    id,
    challengeId: 1,
    type,
    message: text,
    createdAt: new Date(Date.UTC(2026, 4, 20, 9, id)).toISOString(),
    user:
      userId === null
        ? null
        : { id: userId, displayName: userId === ME ? "Me Golfer" : "Other Golfer", profilePicture: null },
  };
}

describe("messageKind", () => {
  test.each([
    ["system message", msg(1, "system", null), ME, "system"],
    [
      "system message that names the viewer",
      { ...msg(1, "system", null), user: { id: ME, displayName: "x", profilePicture: null } },
      ME,
      "system",
    ],
    ["own message", msg(2, "user", ME), ME, "own"],
    ["someone else's message", msg(3, "user", OTHER), ME, "other"],
    ["deleted author", msg(4, "user", null), ME, "other"],
    ["viewer unknown", msg(5, "user", ME), null, "other"],
  ] as const)("%s", (_label, message, viewer, kind) => {
    expect(messageKind(message, viewer)).toBe(kind);
  });
});

describe("authorName", () => {
  test("display name", () => expect(authorName(msg(1, "user", OTHER))).toBe("Other Golfer"));
  test("an author who deleted their account is Deleted golfer", () =>
    expect(authorName(msg(1, "user", null))).toBe("Deleted golfer"));
  test("a blank name is Unknown User", () =>
    expect(authorName({ user: { id: 1, displayName: "  ", profilePicture: null } })).toBe("Unknown User"));
});

describe("toChatRows", () => {
  test("styles each message and marks runs by one author", () => {
    const rows = toChatRows(
      [
        msg(1, "system", null),
        msg(2, "user", OTHER),
        msg(3, "user", OTHER),
        msg(4, "user", ME),
        msg(5, "system", null),
        msg(6, "user", ME),
      ],
      ME,
    );
    expect(rows.map((r) => [r.message.id, r.kind, r.continued])).toEqual([
      [1, "system", false],
      [2, "other", false],
      [3, "other", true],
      [4, "own", false],
      [5, "system", false],
      [6, "own", false],
    ]);
  });

  test("messages of deleted authors are never grouped", () => {
    const rows = toChatRows([msg(1, "user", null), msg(2, "user", null)], ME);
    expect(rows.map((r) => r.continued)).toEqual([false, false]);
  });
});

describe("mergeMessages", () => {
  test("keeps each id once, oldest first, the later copy winning", () => {
    const edited = { ...msg(2, "user", ME), message: "pushed copy" };
    const merged = mergeMessages([msg(3, "user", ME), msg(2, "user", ME)], [edited, msg(1, "system", null)], []);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[1].message).toBe("pushed copy");
  });

  test("pages newest first become one chronological list", () => {
    const pages = [
      { messages: [msg(4, "user", ME), msg(5, "user", ME)] },
      { messages: [msg(1, "user", ME), msg(2, "user", ME), msg(3, "user", ME)] },
    ];
    expect(messagesFromPages(pages).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(messagesFromPages(undefined)).toEqual([]);
  });

  test("lastMessageId", () => {
    expect(lastMessageId([])).toBe(0);
    expect(lastMessageId([msg(4, "user", ME), msg(9, "user", ME), msg(2, "user", ME)])).toBe(9);
  });
});

describe("chatTimeText", () => {
  // Local-time constructors keep the day-based rows independent of the machine's time zone.
  const now = new Date(2026, 4, 20, 9, 30).getTime();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;
  test.each([
    ["a few seconds", ago(20_000), "just now"],
    ["from a clock slightly ahead", ago(-5_000), "just now"],
    ["one minute", ago(MIN), "1m ago"],
    ["five minutes", ago(5 * MIN + 30_000), "5m ago"],
    ["59 minutes", ago(59 * MIN), "59m ago"],
    ["an hour", ago(60 * MIN), "1h ago"],
    ["23 hours", ago(23 * 60 * MIN), "23h ago"],
    ["yesterday", new Date(2026, 4, 19, 8, 0).toISOString(), "Yesterday"],
    ["three days", new Date(2026, 4, 17, 12, 0).toISOString(), "3 days ago"],
    ["two weeks", new Date(2026, 4, 6, 12, 0).toISOString(), "2 weeks ago"],
    ["two months", new Date(2026, 2, 10, 12, 0).toISOString(), "2 months ago"],
  ])("%s", (_label, date, expected) => {
    expect(chatTimeText(date, now)).toBe(expected);
  });

  test.each([["not a date"], [""], [null], [undefined], ["2026-13-45T99:00:00Z"]])(
    "invalid %p is Unknown time",
    (date) => {
      expect(chatTimeText(date, now)).toBe("Unknown time");
    },
  );
});

describe("chatTimeTitle", () => {
  test("the full moment in the app's fixed wording and the viewer's zone; null when unreadable", () => {
    const savedZone = process.env.TZ;
    try {
      process.env.TZ = "America/New_York";
      expect(chatTimeTitle("2026-11-12T15:03:00.000Z")).toBe("Nov 12, 2026, 10:03 AM");
      expect(chatTimeTitle("not a date")).toBeNull();
      expect(chatTimeTitle(null)).toBeNull();
    } finally {
      if (savedZone === undefined) delete process.env.TZ;
      else process.env.TZ = savedZone;
    }
  });
});

describe("sendableText", () => {
  test.each([
    ["  hello  ", 3, "hello"],
    ["   ", 3, null],
    ["", 3, null],
    ["hello", null, null],
  ] as const)("%p in challenge %p", (text, challengeId, expected) => {
    expect(sendableText(text, challengeId)).toBe(expected);
  });
});

describe("announcementText", () => {
  test("a golfer's message is read as name and text, a system message as its own words", () => {
    expect(
      announcementText({
        type: "user",
        user: { id: 2, displayName: "Bob Fairway", profilePicture: null },
        message: "hello",
      }),
    ).toBe("Bob Fairway: hello");
    expect(announcementText({ type: "user", user: null, message: "still here?" })).toBe("Deleted golfer: still here?");
    expect(announcementText({ type: "system", user: null, message: "Bob Fairway joined the challenge" })).toBe(
      "Bob Fairway joined the challenge",
    );
  });
});

describe("applyChanges", () => {
  test("an amended message replaces its old text in place; a removed one leaves the list", () => {
    const list = [msg(1, "system", null), msg(2, "system", null), msg(3, "user", OTHER)];
    const amended = msg(2, "system", null, "Alice recorded a birdie on hole 7");
    const changes = new Map<number, ChatMessage | null>([
      [2, amended],
      [3, null],
    ]);
    expect(applyChanges(list, changes)).toEqual([list[0]!, amended]);
    expect(applyChanges(list, new Map())).toEqual(list);
  });
});

describe("pagesWithLive", () => {
  const newest = { messages: [msg(5, "user", OTHER), msg(6, "user", ME)], nextCursor: 5 };
  const older = { messages: [msg(3, "user", OTHER), msg(4, "system", null)], nextCursor: null };

  test("messages that came live join the newest page, in order, each once", () => {
    const live = [msg(8, "user", OTHER), msg(6, "user", ME), msg(7, "system", null)];
    const pages = pagesWithLive([newest, older], live, new Map());
    expect(pages?.[0]?.messages.map((m) => m.id)).toEqual([5, 6, 7, 8]);
    expect(pages?.[0]?.nextCursor).toBe(5);
    expect(pages?.[1]).toBe(older);
    expect(messagesFromPages(pages ?? []).map((m) => m.id)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  test("changes apply on every page; a message removed live is not written back", () => {
    const amended = msg(4, "system", null, "Alice recorded a birdie on hole 7");
    const changes = new Map<number, ChatMessage | null>([
      [4, amended],
      [5, null],
      [9, null],
    ]);
    const pages = pagesWithLive([newest, older], [msg(9, "user", OTHER)], changes);
    expect(pages?.[0]?.messages.map((m) => m.id)).toEqual([6]);
    expect(pages?.[1]?.messages).toEqual([older.messages[0]!, amended]);
  });

  test("nothing to write once the pages hold it all (no endless rewrites)", () => {
    const live = [msg(7, "user", OTHER)];
    const changes = new Map<number, ChatMessage | null>([[3, msg(3, "user", OTHER, "edited")]]);
    const once = pagesWithLive([newest, older], live, changes);
    expect(once).not.toBeNull();
    expect(pagesWithLive(once ?? [], live, changes)).toBeNull();
    expect(pagesWithLive([newest, older], [msg(6, "user", ME)], new Map())).toBeNull();
    expect(pagesWithLive([], live, changes)).toBeNull();
  });
});
