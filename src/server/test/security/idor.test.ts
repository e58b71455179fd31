import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, type TestHarness } from "../harness/harness";
import { appRouter } from "../../trpc/router";
import { answerProblems, describeCase, enc, headersFor, send, trpcRequest, type Sent } from "./http";
import { schemaKeys } from "./hostile";
import { REST_ROUTES, routeKey } from "./routes";
import { countRows, snapshotDiff } from "./tables";
import { TINY_PNG, World, type PersonaName } from "./world";
import { uploadPicture } from "../../features/profile/service";

// IDOR (issue 9): every procedure and route that takes an id (challenge, user, birdie, course,
// invite code, PIN, chat room, admin targets) is called by someone who must not get through it:
// a golfer who is not a member of the challenge, a member who is not its creator, a player who
// does not own the record, a non-admin. They get 403 or 404 (docs/product/api.md#errors: 404 for a non-member,
// so ids leak nothing; 403 for a member lacking a right) and nothing changes. The tables below
// must name every id-taking procedure and route; a few are public by design and say why.
//
// The world (see world.ts): `secret` is owner's challenge member is not in; `other` is owner's
// challenge member plays in; `own` is member's.

let h: TestHarness;
let w: World;
beforeAll(async () => {
  h = await createTestHarness();
  w = await World.create(h);
  // The member gets a picture too, so the ?userId= sweep below reads a real one.
  await uploadPicture(h.as(w.member.user), {
    profilePicture: `data:image/png;base64,${Buffer.from(TINY_PNG).toString("base64")}`,
  });
}, 120_000);
afterAll(() => h?.close());

/** Input keys that name something: a procedure taking one of them is id-taking. */
const ID_KEYS = new Set(["id", "challengeId", "userId", "courseId", "courseIds", "code", "pin"]);

type Expect = { denied: true } | { denied: false; why: string };
type Case = {
  /** "trpc <path>" or "<METHOD> <path template>". */
  target: string;
  what: string;
  build: (w: World) => {
    trpc?: { path: string; input: unknown };
    rest?: { path: string; body?: unknown; headers?: Record<string, string> };
  };
  /** Attackers (default: member and stranger). */
  as?: PersonaName[];
  expect?: Expect;
  /** A read the rightful user can make: proves the id names something real. */
  control?: PersonaName;
};

const DAY = 86_400_000;
const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);
const partner = { name: "Mallory", signature: "M." };
const PUBLIC_CATALOGUE: Expect = {
  denied: false,
  why: "courses are one shared catalogue every golfer searches and picks from",
};
const PUBLIC_PROFILE: Expect = {
  denied: false,
  why: "golfers' achievements and pictures are shown beside their names on every leaderboard and player list",
};

const tc = (path: string, what: string, input: (w: World) => unknown, extra: Partial<Case> = {}): Case => ({
  target: `trpc ${path}`,
  what,
  build: (w) => ({ trpc: { path, input: input(w) } }),
  ...extra,
});
const rc = (
  method: string,
  template: string,
  what: string,
  fill: (w: World) => { path: string; body?: unknown; headers?: Record<string, string> },
  extra: Partial<Case> = {},
): Case => ({
  target: `${method} ${template}`,
  what,
  build: (w) => ({ rest: fill(w) }),
  ...extra,
});
const s = (n: number | string) => enc(String(n));

export const IDOR_CASES: Case[] = [
  // ---- tRPC: challenges ----
  tc("challenges.byId", "a challenge one is not in", (w) => ({ id: w.secret.id }), { control: "owner" }),
  tc("challenges.courses", "its courses", (w) => ({ id: w.secret.id }), { control: "owner" }),
  tc("challenges.players", "its players", (w) => ({ id: w.secret.id }), { control: "owner" }),
  tc("results.holes", "hole legends of a challenge one is not in", (w) => ({ id: w.secret.id }), { control: "owner" }),
  tc("challenges.update", "editing a challenge one is not in", (w) => ({ id: w.secret.id, name: "Hijacked" })),
  tc("challenges.update", "editing another's challenge one plays in", (w) => ({ id: w.other.id, name: "Hijacked" }), {
    as: ["member"],
  }),
  tc("challenges.delete", "deleting a challenge one is not in", (w) => ({ id: w.secret.id })),
  tc("challenges.delete", "deleting another's challenge one plays in", (w) => ({ id: w.other.id }), { as: ["member"] }),
  tc("challenges.addCourse", "adding a course to a challenge one is not in", (w) => ({
    id: w.secret.id,
    courseName: "Evil Links",
  })),
  tc(
    "challenges.addCourse",
    "adding a course to another's challenge",
    (w) => ({ id: w.other.id, courseId: w.own.courseId }),
    { as: ["member"] },
  ),
  tc(
    "challenges.removePlayer",
    "removing the creator from their challenge",
    (w) => ({ id: w.other.id, userId: w.owner.id }),
    { as: ["member"] },
  ),
  tc("challenges.removePlayer", "removing a player of a challenge one is not in", (w) => ({
    id: w.secret.id,
    userId: w.owner.id,
  })),
  tc("challenges.leave", "leaving a challenge one is not in", (w) => ({ id: w.secret.id })),
  tc("challenges.transfer", "taking over a challenge one is not in", (w) => ({ id: w.secret.id, userId: w.member.id })),
  tc(
    "challenges.transfer",
    "handing another's challenge to oneself",
    (w) => ({ id: w.other.id, userId: w.member.id }),
    { as: ["member"] },
  ),
  tc("challenges.regenerateInvite", "new invite codes for a challenge one is not in", (w) => ({ id: w.secret.id })),
  tc("challenges.regenerateInvite", "new invite codes for another's challenge", (w) => ({ id: w.other.id }), {
    as: ["member"],
  }),
  tc(
    "challenges.create",
    "a new challenge on a course another challenge uses",
    (w) => ({
      name: "Copycat Cup",
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + 9 * DAY).toISOString(),
      courseIds: [w.secret.courseId],
    }),
    { expect: PUBLIC_CATALOGUE, as: ["stranger"] },
  ),
  // ---- tRPC: records ----
  tc("birdies.record", "a record in a challenge one is not in", (w) => ({
    challengeId: w.secret.id,
    courseId: w.secret.courseId,
    holeNumber: 5,
    score: 3,
    date: yesterday(),
    verifiedBy: partner,
  })),
  tc("birdies.recordRound", "a round in a challenge one is not in", (w) => ({
    challengeId: w.secret.id,
    courseId: w.secret.courseId,
    date: yesterday(),
    holes: [{ holeNumber: 6, score: 3 }],
    verifiedBy: partner,
  })),
  tc(
    "birdies.checkRound",
    "checking a round in a challenge one is not in",
    (w) => ({
      challengeId: w.secret.id,
      courseId: w.secret.courseId,
      date: yesterday(),
      holes: [{ holeNumber: 6, score: 3 }],
    }),
    { control: "owner" },
  ),
  tc("birdies.courseSuggestions", "the courses of a challenge one is not in", (w) => ({ challengeId: w.secret.id }), {
    control: "owner",
  }),
  tc("birdies.list", "one's records filtered by a challenge one is not in", (w) => ({ challengeId: w.secret.id })),
  tc(
    "birdies.listForPlayer",
    "another golfer's records in a challenge one is not in",
    (w) => ({ challengeId: w.secret.id, userId: w.owner.id }),
    { control: "owner" },
  ),
  tc("birdies.delete", "deleting another player's record in a shared challenge", (w) => ({ id: w.birdie.owner }), {
    as: ["member"],
  }),
  tc("birdies.delete", "deleting a record in a challenge one is not in", (w) => ({ id: w.birdie.secret })),
  // ---- tRPC: verification and moderation (the world's records name no partner account) ----
  tc("verification.confirm", "confirming a record one is not the partner of", (w) => ({ id: w.birdie.owner }), {
    as: ["member"],
  }),
  tc("verification.confirm", "confirming a record in a challenge one is not in", (w) => ({ id: w.birdie.secret })),
  tc(
    "verification.dispute",
    "disputing a record as a member who is neither partner nor creator",
    (w) => ({ id: w.birdie.owner, reason: "I say so" }),
    { as: ["member"] },
  ),
  tc("verification.dispute", "disputing a record in a challenge one is not in", (w) => ({
    id: w.birdie.secret,
    reason: "I say so",
  })),
  tc("verification.void", "voiding a record in another's challenge", (w) => ({ id: w.birdie.owner, reason: "Gone" }), {
    as: ["member"],
  }),
  tc("verification.void", "voiding a record in a challenge one is not in", (w) => ({
    id: w.birdie.secret,
    reason: "Gone",
  })),
  tc("verification.restore", "restoring a record in another's challenge", (w) => ({ id: w.birdie.owner }), {
    as: ["member"],
  }),
  tc("verification.restore", "restoring a record in a challenge one is not in", (w) => ({ id: w.birdie.secret })),
  tc("verification.history", "the history of a record in a challenge one is not in", (w) => ({ id: w.birdie.secret }), {
    control: "owner",
  }),
  // ---- tRPC: chat, leaderboards ----
  tc("chat.list", "reading a room one is not in", (w) => ({ challengeId: w.secret.id }), { control: "owner" }),
  tc("chat.send", "writing to a room one is not in", (w) => ({
    challengeId: w.secret.id,
    message: "hello from outside",
  })),
  tc("leaderboards.challenge", "the leaderboard of a challenge one is not in", (w) => ({ challengeId: w.secret.id }), {
    control: "owner",
  }),
  tc("leaderboards.challengeTop", "the top of a board one is not in", (w) => ({ challengeId: w.secret.id }), {
    control: "owner",
  }),
  // ---- tRPC: invites (the code and PIN are the capability: anything else must not open them) ----
  tc("invites.preview", "the preview by challenge id instead of its code", (w) => ({ code: String(w.secret.id) })),
  tc("invites.preview", "the preview by the PIN instead of the code", (w) => ({ code: w.secret.invitePin })),
  tc("invites.details", "invite details by challenge id", (w) => ({ code: String(w.secret.id) })),
  tc("invites.join", "joining by challenge id", (w) => ({ code: String(w.secret.id) })),
  tc("invites.join", "joining with the code one character off", (w) => ({ code: flip(w.secret.inviteCode) })),
  tc("invites.lookupPin", "a PIN look-up one character off", (w) => ({ pin: flip(w.secret.invitePin) })),
  // ---- tRPC: public by design ----
  tc("courses.byId", "a course another challenge uses", (w) => ({ id: w.secret.courseId }), {
    expect: PUBLIC_CATALOGUE,
  }),
  tc("achievements.forUser", "another golfer's achievements", (w) => ({ userId: w.owner.id }), {
    expect: PUBLIC_PROFILE,
  }),
  // ---- tRPC: admin (a non-admin gets 403 whatever the id) ----
  tc("admin.users.detail", "a golfer's admin record", (w) => ({ userId: w.owner.id }), { as: ["member", "owner"] }),
  tc("admin.users.setAdmin", "making oneself an admin", (w) => ({ userId: w.member.id, isAdmin: true }), {
    as: ["member"],
  }),
  tc("admin.users.setAdmin", "revoking the admin", (w) => ({ userId: w.admin.id, isAdmin: false }), {
    as: ["member", "owner"],
  }),
  tc("admin.users.setDisabled", "disabling another golfer", (w) => ({ userId: w.owner.id, disabled: true }), {
    as: ["member", "stranger"],
  }),
  tc("invites.sendByEmail", "mailing invitations to a challenge one is not in", (w) => ({
    challengeId: w.secret.id,
    emails: ["friend@elsewhere.test"],
  })),
  rc("POST", "/api/challenges/:id/invite/email", "mailing invitations to a challenge one is not in", (w) => ({
    path: `/api/challenges/${s(w.secret.id)}/invite/email`,
    body: { emails: ["friend@elsewhere.test"] },
  })),
  tc("admin.users.sendResetLink", "mailing another golfer a reset link", (w) => ({ userId: w.owner.id }), {
    as: ["member", "stranger"],
  }),
  tc("admin.users.createResetLink", "a reset link for another golfer", (w) => ({ userId: w.owner.id }), {
    as: ["member", "stranger"],
  }),
  tc("admin.challenges.detail", "any challenge's admin view", (w) => ({ challengeId: w.secret.id }), {
    as: ["member", "owner"],
  }),
  tc("admin.challenges.delete", "deleting any challenge", (w) => ({ challengeId: w.secret.id }), {
    as: ["member", "owner"],
  }),
  tc("admin.support.setStatus", "resolving a support request", (w) => ({ id: w.support.id, status: "resolved" }), {
    as: ["member", "owner"],
  }),
  tc("admin.support.reply", "replying to a support request", (w) => ({ id: w.support.id, message: "Phished" }), {
    as: ["member", "owner"],
  }),

  // ---- REST ----
  rc("GET", "/api/challenges/:id", "a challenge one is not in", (w) => ({ path: `/api/challenges/${w.secret.id}` }), {
    control: "owner",
  }),
  rc("PATCH", "/api/challenges/:id", "editing a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}`,
    body: { name: "Hijacked" },
  })),
  rc(
    "PATCH",
    "/api/challenges/:id",
    "editing another's challenge one plays in",
    (w) => ({ path: `/api/challenges/${w.other.id}`, body: { name: "Hijacked", courseIds: [w.own.courseId] } }),
    { as: ["member"] },
  ),
  rc("DELETE", "/api/challenges/:id", "deleting a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}`,
  })),
  rc(
    "DELETE",
    "/api/challenges/:id",
    "deleting another's challenge one plays in",
    (w) => ({ path: `/api/challenges/${w.other.id}` }),
    { as: ["member"] },
  ),
  rc("GET", "/api/challenges/:id/courses", "its courses", (w) => ({ path: `/api/challenges/${w.secret.id}/courses` }), {
    control: "owner",
  }),
  rc("POST", "/api/challenges/:id/courses", "adding a course to a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/courses`,
    body: { courseId: w.own.courseId },
  })),
  rc(
    "POST",
    "/api/challenges/:id/courses",
    "adding a course to another's challenge",
    (w) => ({ path: `/api/challenges/${w.other.id}/courses`, body: { courseName: "Evil Links" } }),
    { as: ["member"] },
  ),
  rc("GET", "/api/challenges/:id/players", "its players", (w) => ({ path: `/api/challenges/${w.secret.id}/players` }), {
    control: "owner",
  }),
  rc(
    "GET",
    "/api/challenges/:id/holes",
    "its hole legends",
    (w) => ({ path: `/api/challenges/${w.secret.id}/holes` }),
    {
      control: "owner",
    },
  ),
  rc(
    "GET",
    "/api/challenges/:id/records.csv",
    "its records as CSV",
    (w) => ({ path: `/api/challenges/${w.secret.id}/records.csv` }),
    { control: "owner" },
  ),
  rc(
    "GET",
    "/api/challenges/:id/calendar.ics",
    "its calendar event",
    (w) => ({ path: `/api/challenges/${w.secret.id}/calendar.ics` }),
    { control: "owner" },
  ),
  rc(
    "DELETE",
    "/api/challenges/:id/players/:userId",
    "removing the creator",
    (w) => ({ path: `/api/challenges/${w.other.id}/players/${w.owner.id}` }),
    { as: ["member"] },
  ),
  rc("DELETE", "/api/challenges/:id/players/:userId", "removing a player of a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/players/${w.owner.id}`,
  })),
  rc("POST", "/api/challenges/:id/leave", "leaving a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/leave`,
  })),
  rc("POST", "/api/challenges/:id/transfer", "taking over a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/transfer`,
    body: { userId: w.member.id },
  })),
  rc(
    "POST",
    "/api/challenges/:id/transfer",
    "handing another's challenge to oneself",
    (w) => ({ path: `/api/challenges/${w.other.id}/transfer`, body: { userId: w.member.id } }),
    { as: ["member"] },
  ),
  rc("POST", "/api/challenges/:id/invite/regenerate", "new codes for a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/invite/regenerate`,
  })),
  rc(
    "POST",
    "/api/challenges/:id/invite/regenerate",
    "new codes for another's challenge",
    (w) => ({ path: `/api/challenges/${w.other.id}/invite/regenerate` }),
    { as: ["member"] },
  ),
  rc(
    "GET",
    "/api/challenges/:id/leaderboard",
    "the leaderboard of a challenge one is not in",
    (w) => ({ path: `/api/challenges/${w.secret.id}/leaderboard` }),
    { control: "owner" },
  ),
  rc(
    "GET",
    "/api/challenges/:challengeId/chat",
    "reading a room one is not in",
    (w) => ({ path: `/api/challenges/${w.secret.id}/chat` }),
    { control: "owner" },
  ),
  rc("POST", "/api/challenges/:challengeId/chat", "writing to a room one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/chat`,
    body: { message: "hello from outside" },
  })),
  rc(
    "GET",
    "/api/users/:id/challenges",
    "another golfer's challenge list",
    (w) => ({ path: `/api/users/${w.owner.id}/challenges` }),
    { control: "owner" },
  ),
  rc(
    "GET",
    "/api/users/:id/challenges/leaderboard",
    "another golfer's rankings",
    (w) => ({ path: `/api/users/${w.owner.id}/challenges/leaderboard` }),
    { control: "owner" },
  ),
  rc("GET", "/api/birdies", "one's records filtered by a challenge one is not in", (w) => ({
    path: `/api/birdies?challengeId=${w.secret.id}`,
  })),
  rc(
    "GET",
    "/api/birdies",
    "another golfer's records by ?userId=",
    (w) => ({ path: `/api/birdies?userId=${w.owner.id}` }),
    { control: "owner" },
  ),
  // ---- fair-play flags and frozen results ----
  tc("fairplay.challengeFlags", "the flags of a challenge one is not in", (w) => ({ id: w.secret.id }), {
    control: "owner",
  }),
  tc("fairplay.challengeFlags", "the flags of another's challenge one plays in", (w) => ({ id: w.other.id }), {
    as: ["member"],
  }),
  tc("results.final", "the results of a challenge one is not in", (w) => ({ id: w.secret.id })),
  rc("GET", "/api/challenges/:id/flags", "the flags of a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/flags`,
  })),
  rc(
    "GET",
    "/api/challenges/:id/flags",
    "the flags of another's challenge one plays in",
    (w) => ({ path: `/api/challenges/${w.other.id}/flags` }),
    { as: ["member"] },
  ),
  rc("GET", "/api/challenges/:id/results", "the results of a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/results`,
  })),
  rc("GET", "/api/challenges/:id/results/card.png", "the share card of a challenge one is not in", (w) => ({
    path: `/api/challenges/${w.secret.id}/results/card.png`,
  })),
  tc("admin.flags.dismiss", "dismissing a fair-play flag", (w) => ({ id: w.flag.id }), { as: ["member", "owner"] }),
  tc("admin.flags.voidRecords", "voiding a flag's records", (w) => ({ id: w.flag.id, reason: "x" }), {
    as: ["member", "owner"],
  }),
  tc("admin.flags.disableUser", "disabling a flagged golfer", (w) => ({ id: w.flag.id }), { as: ["member", "owner"] }),
  rc(
    "POST",
    "/api/admin/flags/:id/dismiss",
    "dismissing a fair-play flag",
    (w) => ({
      path: `/api/admin/flags/${w.flag.id}/dismiss`,
    }),
    { as: ["member", "owner"] },
  ),
  rc(
    "POST",
    "/api/admin/flags/:id/void",
    "voiding a flag's records",
    (w) => ({
      path: `/api/admin/flags/${w.flag.id}/void`,
      body: { reason: "x" },
    }),
    { as: ["member", "owner"] },
  ),
  rc(
    "POST",
    "/api/admin/flags/:id/disable-user",
    "disabling a flagged golfer",
    (w) => ({
      path: `/api/admin/flags/${w.flag.id}/disable-user`,
      body: { userId: w.owner.id },
    }),
    { as: ["member", "owner"] },
  ),
  rc("POST", "/api/birdies", "a record in a challenge one is not in", (w) => ({
    path: "/api/birdies",
    body: {
      challengeId: w.secret.id,
      courseId: w.secret.courseId,
      holeNumber: 5,
      score: 3,
      date: yesterday(),
      verifiedBy: partner,
    },
  })),
  rc(
    "POST",
    "/api/birdies",
    "a record as someone else (?userId=)",
    (w) => ({
      path: `/api/birdies?userId=${w.owner.id}`,
      body: {
        challengeId: w.other.id,
        courseId: w.other.courseId,
        holeNumber: 5,
        score: 3,
        date: yesterday(),
        verifiedBy: partner,
      },
    }),
    { as: ["member"] },
  ),
  rc(
    "DELETE",
    "/api/birdies/:id",
    "deleting another player's record",
    (w) => ({ path: `/api/birdies/${w.birdie.owner}` }),
    { as: ["member"] },
  ),
  rc("DELETE", "/api/birdies/:id", "deleting a record in a challenge one is not in", (w) => ({
    path: `/api/birdies/${w.birdie.secret}`,
  })),
  rc(
    "POST",
    "/api/birdies/:id/confirm",
    "confirming a record one is not the partner of",
    (w) => ({ path: `/api/birdies/${w.birdie.owner}/confirm` }),
    { as: ["member"] },
  ),
  rc("POST", "/api/birdies/:id/confirm", "confirming a record in a challenge one is not in", (w) => ({
    path: `/api/birdies/${w.birdie.secret}/confirm`,
  })),
  rc(
    "POST",
    "/api/birdies/:id/dispute",
    "disputing a record as a member who is neither partner nor creator",
    (w) => ({ path: `/api/birdies/${w.birdie.owner}/dispute`, body: { reason: "I say so" } }),
    { as: ["member"] },
  ),
  rc("POST", "/api/birdies/:id/dispute", "disputing a record in a challenge one is not in", (w) => ({
    path: `/api/birdies/${w.birdie.secret}/dispute`,
    body: { reason: "I say so" },
  })),
  rc(
    "POST",
    "/api/birdies/:id/void",
    "voiding a record in another's challenge",
    (w) => ({ path: `/api/birdies/${w.birdie.owner}/void`, body: { reason: "Gone" } }),
    { as: ["member"] },
  ),
  rc("POST", "/api/birdies/:id/void", "voiding a record in a challenge one is not in", (w) => ({
    path: `/api/birdies/${w.birdie.secret}/void`,
    body: { reason: "Gone" },
  })),
  rc(
    "POST",
    "/api/birdies/:id/restore",
    "restoring a record in another's challenge",
    (w) => ({ path: `/api/birdies/${w.birdie.owner}/restore` }),
    { as: ["member"] },
  ),
  rc("POST", "/api/birdies/:id/restore", "restoring a record in a challenge one is not in", (w) => ({
    path: `/api/birdies/${w.birdie.secret}/restore`,
  })),
  rc(
    "GET",
    "/api/birdies/:id/history",
    "the history of a record in a challenge one is not in",
    (w) => ({ path: `/api/birdies/${w.birdie.secret}/history` }),
    { control: "owner" },
  ),
  rc(
    "DELETE",
    "/api/birdies/:id",
    "deleting another's record while claiming to be them (Bearer)",
    (w) => ({ path: `/api/birdies/${w.birdie.owner}`, headers: { Authorization: `Bearer ${w.owner.id}` } }),
    { as: ["member"] },
  ),
  rc("GET", "/api/challenge-preview/:code", "the preview by challenge id", (w) => ({
    path: `/api/challenge-preview/${s(w.secret.id)}`,
  })),
  rc("GET", "/api/challenge-preview/:code", "the preview by the PIN", (w) => ({
    path: `/api/challenge-preview/${s(w.secret.invitePin)}`,
  })),
  rc("GET", "/api/challenges/invite/:code", "invite details by challenge id", (w) => ({
    path: `/api/challenges/invite/${s(w.secret.id)}`,
  })),
  rc("POST", "/api/challenges/invite/:code/join", "joining by challenge id", (w) => ({
    path: `/api/challenges/invite/${s(w.secret.id)}/join`,
  })),
  rc("POST", "/api/challenges/invite/:code/join", "joining with the code one character off", (w) => ({
    path: `/api/challenges/invite/${s(flip(w.secret.inviteCode))}/join`,
  })),
  rc("GET", "/api/challenges/pin/:pin", "a PIN look-up one character off", (w) => ({
    path: `/api/challenges/pin/${s(flip(w.secret.invitePin))}`,
  })),
  rc(
    "POST",
    "/api/challenges",
    "a new challenge on a course another challenge uses",
    (w) => ({
      path: "/api/challenges",
      body: {
        name: "Copycat Cup",
        startDate: new Date(Date.now() - DAY).toISOString(),
        endDate: new Date(Date.now() + 9 * DAY).toISOString(),
        courseIds: [w.secret.courseId],
      },
    }),
    { expect: PUBLIC_CATALOGUE, as: ["stranger"] },
  ),
  rc(
    "GET",
    "/api/courses/:id",
    "a course another challenge uses",
    (w) => ({ path: `/api/courses/${w.secret.courseId}` }),
    { expect: PUBLIC_CATALOGUE },
  ),
  rc(
    "GET",
    "/api/users/:id/achievements",
    "another golfer's achievements",
    (w) => ({ path: `/api/users/${w.owner.id}/achievements` }),
    { expect: PUBLIC_PROFILE },
  ),
  rc(
    "GET",
    "/api/users/:id/picture",
    "another golfer's picture",
    (w) => ({ path: `/api/users/${w.owner.id}/picture` }),
    { expect: PUBLIC_PROFILE },
  ),
];

/** The same string with one character changed (a near-miss guess). */
function flip(code: string): string {
  const last = code.at(-1)!;
  const swap = last === "A" ? "B" : last === "a" ? "b" : "A";
  return code.slice(0, -1) + swap;
}

function requestOf(c: Case, cookie: string | null): Sent {
  const built = c.build(w);
  if (built.trpc) {
    const proc = procedures.get(built.trpc.path)!;
    return trpcRequest(built.trpc.path, proc._def.type, JSON.stringify(built.trpc.input), cookie);
  }
  const r = built.rest!;
  const method = c.target.split(" ")[0];
  const extra: Record<string, string> = { ...(r.headers ?? {}) };
  if (r.body !== undefined) extra["Content-Type"] = "application/json";
  return {
    method,
    path: r.path,
    headers: headersFor(cookie, extra),
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  };
}

type AnyProcedure = { _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] } };
const procedures = new Map(
  Object.entries((appRouter as unknown as { _def: { procedures: Record<string, AnyProcedure> } })._def.procedures),
);

/** Private things of the world an answer must never carry to an attacker. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const [label, needle] of [
    ["the secret challenge's invite code", w.secret.inviteCode],
    ["the secret challenge's PIN", w.secret.invitePin],
    ["the secret challenge's chat", "Private chat of owner"],
    ["the owner's support request", "Private question"],
    ["an e-mail address", "@example.com"],
  ] as const) {
    if (text.includes(needle)) found.push(label);
  }
  return found;
}

describe("tables cover every id-taking procedure and route", () => {
  test("every procedure whose input names an id/challengeId/userId/courseId/code/pin is attacked", () => {
    const idTaking = [...procedures]
      .filter(([, p]) => p._def.inputs.flatMap(schemaKeys).some((k) => ID_KEYS.has(k)))
      .map(([path]) => `trpc ${path}`);
    expect(idTaking.length).toBeGreaterThan(25);
    const covered = new Set(IDOR_CASES.map((c) => c.target));
    expect(idTaking.filter((t) => !covered.has(t))).toEqual([]);
  });

  test("every REST route with an id in its path, query or body is attacked", () => {
    // A mailed link's token names nothing another golfer could swap in: it is a 256-bit secret,
    // and made-up, spent and expired ones are refused in password-reset.test.ts (ADR 0035).
    const idTaking = REST_ROUTES.filter(
      (r) =>
        Object.values(r.params ?? {}).some((kind) => kind !== "token") ||
        [...(r.query ?? []), ...(r.body ?? [])].some((k) => ID_KEYS.has(k)),
    ).map(routeKey);
    const covered = new Set(IDOR_CASES.map((c) => c.target));
    expect(idTaking.filter((t) => !covered.has(t))).toEqual([]);
    // And the table names only things that exist.
    const known = new Set([...REST_ROUTES.map(routeKey), ...[...procedures.keys()].map((p) => `trpc ${p}`)]);
    expect(IDOR_CASES.map((c) => c.target).filter((t) => !known.has(t))).toEqual([]);
  });
});

describe("another golfer gets 403/404 and changes nothing", () => {
  for (const c of IDOR_CASES) {
    const expectation = c.expect ?? { denied: true };
    for (const who of c.as ?? (["member", "stranger"] as PersonaName[])) {
      const title = `${c.target}: ${c.what}, as ${who}${expectation.denied ? "" : ` (public: ${expectation.why})`}`;
      test(title, async () => {
        await w.ensure();
        if (c.control) {
          // The rightful golfer can read it: the id names something real.
          const ok = await send(h.app, requestOf(c, w.personas[c.control].cookie));
          expect(ok.status).toBe(200);
        }
        const before = await countRows(h.db);
        const req = requestOf(c, w.personas[who].cookie);
        const res = await send(h.app, req);
        const transport = c.target.startsWith("trpc ") ? "trpc" : "rest";
        expect(answerProblems(res, transport), describeCase(req, res, who)).toEqual([]);
        expect(leaks(res.text), describeCase(req, res, who)).toEqual([]);
        if (expectation.denied) {
          expect([403, 404], describeCase(req, res, who)).toContain(res.status);
          expect(snapshotDiff(before, await countRows(h.db)), describeCase(req, res, who)).toEqual([]);
        } else {
          expect([200, 201], describeCase(req, res, who)).toContain(res.status);
        }
      });
    }
  }
});

describe("?userId= naming someone else never acts as them", () => {
  // The old client sends ?userId= on many calls; the session decides
  // (docs/product/api.md#userid-and-usersid). Every signed-in GET route either refuses a foreign
  // ?userId= with 403 or ignores it (same answer).
  const gets = REST_ROUTES.filter((r) => r.method === "GET" && r.auth === "user");
  const persona = (r: (typeof REST_ROUTES)[number]) => (r.admin ? w.admin : w.member);
  for (const route of gets) {
    test(routeKey(route), async () => {
      await w.ensure();
      let path = route.path.replace(/:(\w+)/g, (_, name: string) => {
        const kind = route.params![name];
        return s(
          kind === "user"
            ? w.member.id
            : kind === "challenge"
              ? w.own.id
              : kind === "course"
                ? w.own.courseId
                : kind === "birdie"
                  ? w.birdie.member
                  : kind === "code"
                    ? w.own.inviteCode
                    : w.own.invitePin,
        );
      });
      // Routes that need a query to answer at all get a plausible one (a push endpoint names the device).
      if (route.sampleQuery) path = `${path}?${route.sampleQuery}`;
      const cookie = persona(route).cookie;
      const plain = await send(h.app, { method: "GET", path, headers: headersFor(cookie) });
      const foreign = await send(h.app, {
        method: "GET",
        path: `${path}${path.includes("?") ? "&" : "?"}userId=${w.owner.id}`,
        headers: headersFor(cookie),
      });
      if (route.readStatus) expect(plain.status).toBe(route.readStatus);
      else expect(plain.status).toBeLessThan(400);
      if (foreign.status !== 403) {
        expect(foreign.status).toBe(plain.status);
        expect(foreign.text).toBe(plain.text);
      }
    });
  }
});
