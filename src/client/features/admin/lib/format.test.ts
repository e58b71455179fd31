import { describe, expect, test } from "bun:test";
import type { AuditEntry } from "../../../../shared/schemas/admin";
import { formatChallengeDate as formatDate } from "../../../../shared/domain/challenge-timing";
import { auditDetailText, auditSentence, formatCount, formatDateTime, formatDay, plural } from "./format";

const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  action: "user.disable",
  targetType: "user",
  targetId: 7,
  targetLabel: "bob",
  details: {},
  actor: { id: 1, username: "captain", displayName: "Club Captain" },
  createdAt: "2026-03-10T12:00:00.000Z",
  ...patch,
});

describe("formats", () => {
  test("numbers, dates and server days", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatDate("2026-03-10T23:30:00.000Z", "UTC")).toBe("Mar 10, 2026");
    expect(formatDateTime("2026-03-10T14:05:00.000Z", "UTC")).toBe("Mar 10, 2026, 2:05 PM");
    // A server day stays that day whatever the viewer's zone.
    expect(formatDay("2026-03-01")).toBe("Mar 1");
    expect(plural(1, "record")).toBe("1 record");
    expect(plural(2, "record")).toBe("2 records");
  });
});

describe("audit texts", () => {
  test("who did what to whom", () => {
    expect(auditSentence(entry({}))).toEqual({ actor: "Club Captain", action: "disabled", target: "@bob" });
    expect(auditSentence(entry({ action: "user.grant_admin" })).action).toBe("granted admin rights to");
    expect(
      auditSentence(entry({ action: "challenge.delete", targetType: "challenge", targetLabel: "Spring Cup" })),
    ).toEqual({
      actor: "Club Captain",
      action: "deleted challenge",
      target: "“Spring Cup”",
    });
    expect(auditSentence(entry({ actor: null, targetLabel: null })).actor).toBe("A deleted admin");
    expect(auditSentence(entry({ targetLabel: null })).target).toBe("user #7");
  });

  test("details: revoked sessions and what a deleted challenge took along", () => {
    expect(auditDetailText(entry({ details: { revokedSessions: 2 } }))).toBe("2 sessions revoked");
    expect(
      auditDetailText(entry({ action: "challenge.delete", details: { players: 3, records: 1, messages: 0 } })),
    ).toBe("with 3 players, 1 record, 0 messages");
    expect(auditDetailText(entry({ action: "user.enable" }))).toBeNull();
  });
});
