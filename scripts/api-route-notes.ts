import type { z } from "zod";
import { deleteAccountSchema } from "../src/shared/schemas/account";
import { changePasswordSchema, loginSchema, registerSchema } from "../src/shared/schemas/auth";
import { listBirdiesQuerySchema, recordBirdieSchema } from "../src/shared/schemas/birdies";
import {
  addChallengeCourseSchema,
  createChallengeSchema,
  transferChallengeSchema,
  updateChallengeSchema,
} from "../src/shared/schemas/challenges";
import { chatMessageBodySchema, chatPageQuerySchema } from "../src/shared/schemas/chat";
import { courseSearchSchema, createCourseSchema } from "../src/shared/schemas/courses";
import { inviteEmailsBodySchema } from "../src/shared/schemas/invites";
import { myChallengesPageSchema, periodSchema } from "../src/shared/schemas/leaderboards";
import {
  markNotificationsReadSchema,
  notificationListSchema,
  notificationSettingsSchema,
} from "../src/shared/schemas/notifications";
import { profileUpdateSchema } from "../src/shared/schemas/profile";
import { changeEmailSchema, passwordResetRequestSchema, passwordResetSchema } from "../src/shared/schemas/recovery";
import { pushEndpointSchema, pushSubscriptionSchema } from "../src/shared/schemas/push";
import { supportRequestSchema } from "../src/shared/schemas/support";
import { reasonBodySchema, restoreBodySchema } from "../src/shared/schemas/verification";
import {
  adminFlagDisableBodySchema,
  adminFlagListSchema,
  adminFlagVoidBodySchema,
} from "../src/shared/schemas/fairplay";

// What the route table and the zod schemas cannot say about each REST route: what it is for,
// what it answers and which statuses it adds. scripts/gen-api-docs.ts joins these notes with
// src/server/test/security/routes.ts and the schemas, and refuses to run when a route has no note (or
// a note names no route), so the reference cannot silently fall behind the server.

export type RouteNote = {
  group: (typeof GROUPS)[number];
  summary: string;
  /** More prose under the heading. */
  description?: string;
  /** The schema the service parses the JSON body with (only the route table's body keys are shown). */
  body?: z.ZodType;
  /** The schema the service parses the query with. */
  query?: z.ZodType;
  /** Query names the schema does not describe (aliases), or remarks on those it does. */
  queryNotes?: Record<string, string>;
  /** Remarks on body fields that JSON Schema cannot express (transforms, cross-field rules). */
  fieldNotes?: Record<string, string>;
  /** Overrides the default description of a path parameter. */
  paramNotes?: Record<string, string>;
  /** The route accepts the old client's `?userId=`, which must name the caller (else 403). */
  userIdQuery?: boolean;
  /** Status and shape of a successful answer. Shapes are described under "Answer shapes". */
  answer: string;
  /** Statuses this route adds to the ones every route of its kind has. */
  errors?: [number, string][];
  /** The body cap in MB when it is not the default 1 MB (src/server/app.ts). */
  bodyLimitMb?: number;
};

export const GROUPS = [
  "Health",
  "Sign-in and the current user",
  "Password reset and e-mail",
  "Profile",
  "Challenges",
  "Courses",
  "Invites",
  "Birdies",
  "Leaderboards",
  "Achievements",
  "Chat",
  "Notifications",
  "Support",
  "Results and your data",
  "Fair play",
  "Push notifications",
  "Verification",
] as const;

const NOT_ADMIN: [number, string] = [
  403,
  "`Admins only`: the caller is not an enabled admin (before any input is read)",
];
const FLAG_MISSING: [number, string] = [404, "`Flag not found`"];
const FLAG_DONE: [number, string] = [409, "`This flag has already been dealt with`: it is dismissed or actioned"];

const NOT_MEMBER: [number, string] = [
  404,
  "`Challenge not found`: no such challenge, or the caller does not play in it",
];

export const ROUTE_NOTES: Record<string, RouteNote> = {
  "GET /api/health": {
    group: "Health",
    summary: "Liveness and database check for load balancers and the Docker health check",
    description:
      "Answers without looking up a session and after a real database query (700 ms ping timeout). `Cache-Control: no-store`.",
    answer: '200 `{ "ok": true, "db": "pglite" | "postgres" }`',
    errors: [[503, '`{ "ok": false, "db": ..., "message": "Database unavailable" }`']],
  },
  "GET /api/health/live": {
    group: "Health",
    summary: "Liveness: the process answers (for restart decisions)",
    description:
      "Touches nothing else (no database, no session), so an outage elsewhere never gets a healthy process restarted. `Cache-Control: no-store`.",
    answer: '200 `{ "ok": true }`',
  },
  "GET /api/health/ready": {
    group: "Health",
    summary: "Readiness: pool, listener and migrations ready (load balancers, compose)",
    description:
      "Checks, each within 700 ms: `pool` (a query through the requests' pool), `migrations` (every migration this release ships is applied), `listener` (the chat bus's LISTEN; `off` where none runs) and any part registered by later work (the job queue). Answers without a session look-up. `Cache-Control: no-store`.",
    answer: '200 `{ "ok": true, "pool": "up", "migrations": "up", "listener": "up" | "off" }`',
    errors: [
      [
        503,
        '`{ "ok": false, "message": "Not ready: pool, listener", ...parts }`: `message` names every part that is `down`',
      ],
    ],
  },
  "GET /api/user": {
    group: "Sign-in and the current user",
    summary: "The signed-in user",
    userIdQuery: true,
    description: "Sent with `Cache-Control: no-store, no-cache, must-revalidate` and `Pragma: no-cache`.",
    answer: "200 `PublicUser`",
  },
  "GET /api/dashboard": {
    group: "Sign-in and the current user",
    summary: "Everything the dashboard shows, in one answer",
    description:
      "The caller's challenges (as `GET /api/users/:id/challenges`), the current challenge (the first whose end is still ahead, or null), the top 4 of its board (as `leaderboards.challengeTop`: `GET /api/challenges/:id/leaderboard` without hole counts; empty without a current challenge) and the caller's achievements (as `achievements.mine`). The served HTML of `/` preloads it for a signed-in golfer (issue 19). Sent with `Cache-Control: no-store`.",
    answer:
      "200 `{ challenges: ChallengeListItem[], currentChallengeId: number | null, leaderboard: LeaderboardEntry[], achievements: UserAchievement[] }`",
  },
  "POST /api/register": {
    group: "Sign-in and the current user",
    summary: "Create an account and sign in",
    body: registerSchema,
    fieldNotes: {
      username: "Letters, digits and `_`; unique regardless of letter case",
      email: "Unique regardless of letter case",
      homeCourseName: '`""` or `null`: none',
      handicap: 'A number or numeric text from -10 to 54, rounded to 0.1; `""` or `null`: none',
    },
    answer:
      "201 `PublicUser`, with the `session` cookie set. A username listed in `ADMIN_USERNAMES` is made an admin at sign-up.",
    errors: [
      [409, "`Username is already taken`, `Email is already registered`, or `Username or email is already registered`"],
      [
        429,
        "`Too many accounts created from this address. Please try again later.` (10 sign-ups per address per hour)",
      ],
    ],
  },
  "POST /api/login": {
    group: "Sign-in and the current user",
    summary: "Sign in",
    body: loginSchema,
    fieldNotes: { username: "Matched regardless of letter case" },
    answer: "200 `PublicUser`, with the `session` cookie set",
    errors: [
      [401, "`Invalid username or password` (the same text for an unknown user and a wrong password)"],
      [403, "`This account has been disabled. Please contact support.` (only after a correct password)"],
      [
        429,
        "`Too many login attempts. Please wait a few minutes and try again.` (5 failures per username or 30 attempts per address in 15 minutes)",
      ],
    ],
  },
  "POST /api/logout": {
    group: "Sign-in and the current user",
    summary: "Sign out this device",
    description: "Deletes the session (if any) and clears the cookie; signed-out callers get the same answer.",
    answer: '200 `{ "ok": true }`',
  },
  "PUT /api/users/me/password": {
    group: "Profile",
    summary: "Change the password (needs the current one)",
    description:
      "Checks the current password, sets the new one (the sign-up rules apply) and ends every other session of the golfer, which also closes their sockets on every instance. The calling session stays signed in.",
    body: changePasswordSchema,
    userIdQuery: true,
    answer: "200 `{ ok: true, endedSessions }` (how many other sessions were ended)",
    errors: [
      [400, "Current password is incorrect, or the new password breaks a sign-up rule"],
      [401, "Signed out"],
      [429, "Five wrong current passwords within 15 minutes"],
    ],
  },
  "POST /api/password-reset": {
    group: "Password reset and e-mail",
    summary: "Mail a password reset link to the account named by its username or e-mail",
    description:
      "The same answer whether or not an account matches (nobody can learn which exist). The mail carries `{origin}/reset-password/{token}`: one use, 30 minutes. A disabled account gets no mail; past 3 mails an hour to one account the answer is the same and no more mail goes. The mail is queued with the request and sent by the job queue, which retries it while the mail server is unreachable.",
    body: passwordResetRequestSchema,
    fieldNotes: { identifier: "A username or an e-mail address, letter case ignored" },
    answer: "202 `{ message }`",
    errors: [
      [429, "`Too many password reset requests. Please wait a while and try again.` (10 per address per hour)"],
      [503, "`This server cannot send e-mail. Please ask an admin to reset your password.` (no `SMTP_URL`)"],
    ],
  },
  "POST /api/password-reset/:token": {
    group: "Password reset and e-mail",
    summary: "Set a new password with a mailed reset link",
    description:
      "Sets the password (the sign-up rules apply), spends this link and every other open one of the account, ends every session of the account (their sockets close on every instance), mails `Your Birdie Challenge password was changed`, and signs this caller in.",
    body: passwordResetSchema,
    answer: "200 `PublicUser`, with the `session` cookie set",
    errors: [
      [
        400,
        "`This password reset link has expired or was already used. Please ask for a new one.`, or the password breaks a sign-up rule",
      ],
    ],
  },
  "POST /api/email-verification/:token": {
    group: "Password reset and e-mail",
    summary: "Confirm an e-mail address with a mailed link",
    description:
      "Signed in or not (the token is the proof). Confirms the account's address, or replaces it with the new address the link was sent to; the account's other open links end.",
    answer: '200 `{ "email": string }` (the account\'s address now)',
    errors: [
      [400, "`This confirmation link has expired or was already used. Please ask for a new one.`"],
      [409, "`Email is already registered`: another account took the new address meanwhile"],
    ],
  },
  "GET /api/users/me/email": {
    group: "Password reset and e-mail",
    summary: "The caller's e-mail address and whether it is confirmed",
    userIdQuery: true,
    answer:
      '200 `{ "email": string, "verified": boolean, "pendingEmail": string | null, "mailEnabled": boolean }` (`pendingEmail`: a new address waiting for its link)',
    errors: [[401, "Signed out"]],
  },
  "PUT /api/users/me/email": {
    group: "Password reset and e-mail",
    summary: "Change the e-mail address (needs the current password)",
    description:
      "Mails a confirmation link (24 hours) to the new address and a notice to the old one. The address changes only when the link is opened.",
    body: changeEmailSchema,
    userIdQuery: true,
    answer: "202 `{ message }`",
    errors: [
      [400, "`Current password is incorrect`, `This is already your email address`, or an invalid address"],
      [401, "Signed out"],
      [409, "`Email is already registered`"],
      [429, "Five wrong current passwords within 15 minutes, or 5 confirmation mails an hour"],
      [503, "No `SMTP_URL`: addresses cannot be confirmed"],
    ],
  },
  "POST /api/users/me/email/verification": {
    group: "Password reset and e-mail",
    summary: "Mail a new confirmation link for the current address",
    userIdQuery: true,
    answer: "202 `{ message }`",
    errors: [
      [400, "`Your email address is already confirmed`"],
      [401, "Signed out"],
      [429, "5 confirmation mails an hour"],
      [503, "No `SMTP_URL`"],
    ],
  },
  "POST /api/challenges/:id/invite/email": {
    group: "Invites",
    summary: "Mail the challenge's invitation link to up to 10 addresses",
    description:
      "Any player of the challenge. Each address gets `{inviter} invites you to {challenge}` with `{origin}/invite/{inviteCode}`; repeated addresses are mailed once. Queued and sent by the job queue.",
    body: inviteEmailsBodySchema,
    userIdQuery: true,
    answer: "202 `{ sent, message }`",
    errors: [
      [400, "An invalid address, none, or more than 10"],
      [401, "Signed out"],
      NOT_MEMBER,
      [429, "`Too many invitation emails. Please wait a while and try again.` (10 sends an hour)"],
      [503, "`This server cannot send e-mail. Share the link or the PIN instead.` (no `SMTP_URL`)"],
    ],
  },
  "PUT /api/users/me": {
    group: "Profile",
    summary: "Update the profile fields, or set or remove the profile picture",
    description:
      "With `profilePicture` in the body the picture is stored (a data URL) or removed (`null`); any other fields in the same body are checked first, so a refused request changes nothing. Without it, only the profile fields change.",
    body: profileUpdateSchema,
    userIdQuery: true,
    fieldNotes: {
      displayName: "Left out: unchanged",
      homeCourseName: 'Left out: unchanged; `""` or `null`: cleared',
      handicap: 'Left out: unchanged; `""` or `null`: cleared; -10 to 54, rounded to 0.1',
      profilePicture:
        "A base64 `data:image/...` URL of a JPEG, PNG, GIF or WebP (checked by its bytes, SVG refused) of at most 5 MB; `null` removes the picture",
    },
    answer: "200 `PublicUser` (`profilePicture` becomes `/api/users/{id}/picture?v={version}`)",
    bodyLimitMb: 12,
    errors: [
      [
        400,
        "`Invalid file type: Please select an image file.` or `File too large: Please select an image smaller than 5MB.`",
      ],
    ],
  },
  "GET /api/users/:id/picture": {
    group: "Profile",
    summary: "A user's profile picture",
    userIdQuery: true,
    description:
      "Any signed-in user may fetch any picture. The URL carries the version, so the answer is cached for a year: `Cache-Control: private, max-age=31536000, immutable` and an `ETag`; `If-None-Match` with that tag answers 304.",
    answer: "200 the image bytes with their real `Content-Type`, or 304",
    errors: [[404, "`Picture not found`"]],
  },
  "GET /api/users/:id/challenges": {
    group: "Challenges",
    summary: "The caller's challenges with their own progress",
    paramNotes: { id: "Must be the caller's own id, else 403 `You can only act as yourself`" },
    userIdQuery: true,
    answer: "200 `ChallengeListItem[]`, oldest start date first",
  },
  "POST /api/challenges": {
    group: "Challenges",
    summary: "Create a challenge; the creator becomes its first player",
    body: createChallengeSchema,
    userIdQuery: true,
    fieldNotes: {
      startDate: "An instant (ISO 8601 text or epoch milliseconds) between 1900 and 9999",
      endDate: "As startDate, and after it: `End date must be after start date`",
      tiebreakerThreshold: "A whole number 1-18 (number or numeric text); default 9",
      courseIds:
        "Existing course ids, in order; duplicates dropped. Single mode needs exactly one course in total (with courseName)",
      courseName:
        "Optional: a course name (2-100 characters after trimming) found in any letter case or created, added to courseIds",
    },
    answer: "201 `ChallengeView` (new link code and PIN included)",
    errors: [
      [400, "`Choose a course for a single-course challenge` or `A single-course challenge has exactly one course`"],
      [404, "`Course not found` for an unknown id in courseIds"],
    ],
  },
  "GET /api/challenges/:id": {
    group: "Challenges",
    summary: "One challenge with the caller's own progress",
    userIdQuery: true,
    answer: "200 `ChallengeListItem`",
    errors: [NOT_MEMBER],
  },
  "PATCH /api/challenges/:id": {
    group: "Challenges",
    summary: "Edit a challenge (creator only); fields left out stay as they are",
    body: updateChallengeSchema,
    userIdQuery: true,
    fieldNotes: {
      name: "At least 3 characters here (`Challenge name must be at least 3 characters`)",
      startDate: "An instant between 1900 and 9999; the new window is checked against the stored other end",
      endDate: "After the start: `End date must be after the start date`",
      tiebreakerThreshold: "A whole number 1-17",
      courseIds:
        "Replaces the course list (single mode: exactly one). Left out while switching to single mode: the first course is kept",
    },
    answer: "200 `ChallengeView`",
    errors: [NOT_MEMBER, [403, "`Only the creator can edit this challenge`"], [404, "`Course not found`"]],
  },
  "DELETE /api/challenges/:id": {
    group: "Challenges",
    summary: "Delete a challenge with its players, records and chat (creator only)",
    userIdQuery: true,
    answer: '200 `{ "ok": true }`',
    errors: [NOT_MEMBER, [403, "`Only the creator can delete this challenge`"]],
  },
  "GET /api/challenges/:id/courses": {
    group: "Challenges",
    summary: "The challenge's courses, in their order",
    userIdQuery: true,
    answer: "200 `Course[]`",
    errors: [NOT_MEMBER],
  },
  "POST /api/challenges/:id/courses": {
    group: "Challenges",
    summary: "Set the course (single mode) or add one (hybrid mode); creator only",
    body: addChallengeCourseSchema,
    userIdQuery: true,
    fieldNotes: {
      courseId: "Give courseId or courseName: `Select a course` when neither",
      courseName: "A course name (2-100 characters after trimming) found in any letter case or created",
    },
    answer: "200 `Course[]`: the challenge's courses after the change",
    errors: [
      NOT_MEMBER,
      [403, "`Only the creator can change the courses of this challenge`"],
      [404, "`Course not found`"],
    ],
  },
  "GET /api/challenges/:id/players": {
    group: "Challenges",
    summary: "The challenge's players, in the order they joined",
    userIdQuery: true,
    answer: "200 `ChallengePlayer[]`",
    errors: [NOT_MEMBER],
  },
  "DELETE /api/challenges/:id/players/:userId": {
    group: "Challenges",
    summary: "Remove a player and all their records in the challenge (creator only)",
    description:
      "Posts `{name} was removed from the challenge` in the chat and takes the player's sockets out of the room.",
    userIdQuery: true,
    answer: '200 `{ "ok": true }`',
    errors: [
      NOT_MEMBER,
      [403, "`Only the creator can remove players`, or `The creator cannot be removed from the challenge`"],
      [404, "`Player not found` when that user does not play in the challenge"],
    ],
  },
  "POST /api/challenges/:id/leave": {
    group: "Challenges",
    summary: "Leave a challenge (any player but the creator): the same effect as a removal",
    description:
      "Deletes the caller's records in the challenge (boards drop them), posts `{name} left the challenge` in the chat and takes their sockets out of the room. The invite link lets them back in later, with no records.",
    userIdQuery: true,
    answer: '200 `{ "ok": true }`',
    errors: [
      NOT_MEMBER,
      [403, "`The creator cannot leave the challenge. Hand it to another member first or delete it.`"],
    ],
  },
  "POST /api/challenges/:id/transfer": {
    group: "Challenges",
    summary: "Hand the challenge to another member, who becomes its creator (creator only)",
    description:
      "The old creator stays a player, and the chat reads `{name} handed the challenge over to {name}`. Runs one at a time with removals and leaves of the same challenge.",
    body: transferChallengeSchema,
    userIdQuery: true,
    fieldNotes: { userId: "The member who takes over" },
    answer: "200 `ChallengeView`",
    errors: [
      NOT_MEMBER,
      [
        400,
        "`That golfer is not a member of this challenge` (also for an unknown user), or `You already run this challenge`",
      ],
      [403, "`Only the creator can hand the challenge over`"],
    ],
  },
  "POST /api/challenges/:id/invite/regenerate": {
    group: "Invites",
    summary: "Issue a new link code and PIN; the old ones stop working at once (creator only)",
    userIdQuery: true,
    answer: "200 `InviteCodes`",
    errors: [NOT_MEMBER, [403, "`Only the creator can regenerate the invite codes`"]],
  },
  "GET /api/challenges/:id/holes": {
    group: "Results and your data",
    summary: "Hole legends: per hole, who birdied it first and its counted birdies and eagles",
    description:
      "Always 18 entries, hole 1 first. `firstBy` is the earliest record on the hole by date played, then by when it was entered (a birdie later upgraded to an eagle still counts as the first); `null` marks an open hole. See rules.md, Hole legends.",
    userIdQuery: true,
    answer: "200 `HoleLegend[]`",
    errors: [NOT_MEMBER],
  },
  "GET /api/challenges/:id/records.csv": {
    group: "Results and your data",
    summary: "The challenge's records as a CSV download (RFC 4180)",
    description:
      "`text/csv`, CRLF line ends, a header row: Golfer, Username, Hole, Type, Strokes, Course, Date played, Verified by, Verification status, Counted, Recorded at. One row per record, oldest first. A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets keep it text.",
    userIdQuery: true,
    answer: "200 CSV (`Content-Disposition: attachment`)",
    errors: [NOT_MEMBER],
  },
  "GET /api/challenges/:id/calendar.ics": {
    group: "Results and your data",
    summary: "The challenge window as an all-day calendar event (iCalendar, RFC 5545)",
    description:
      "One VEVENT from the start's UTC day to the end's UTC day inclusive (DTEND names the day after), with the description and rules; a `URL` when `PUBLIC_ORIGIN` is set.",
    userIdQuery: true,
    answer: "200 `text/calendar` (`Content-Disposition: attachment`)",
    errors: [NOT_MEMBER],
  },
  "GET /api/challenges/:id/results": {
    group: "Results and your data",
    summary: "The final results, frozen when the challenge ended",
    description:
      "The board as it stood at the end (the boards' own order), with the names as they were, the winner(s) and which step of the win rule decided (`decidedBy`: `points`, `tiebreaker`, `lastRecord`, `shared` or `nobody`, and `decidedByText` in words). Frozen once by a job at the end moment, or by the first read after it; later account deletions, disables and record changes do not change it (a deleted golfer's `userId` becomes null, the name stays). See rules.md, Final results.",
    userIdQuery: true,
    answer: "200 `ChallengeResults`",
    errors: [NOT_MEMBER, [409, "`This challenge has not ended yet. Its final results are shown once it ends.`"]],
  },
  "GET /api/challenges/:id/results/card.png": {
    group: "Results and your data",
    summary: "The results share card: a 1200 x 630 PNG for social apps",
    description:
      "Drawn on the server from the frozen results (challenge name, winner(s), podium, how it was decided). ADR 0042.",
    userIdQuery: true,
    answer: "200 `image/png`",
    errors: [NOT_MEMBER, [409, "`This challenge has not ended yet. Its final results are shown once it ends.`"]],
  },
  "GET /api/challenges/:id/flags": {
    group: "Fair play",
    summary: "The open fair-play flags on the challenge's records, for its creator",
    description:
      "Each flag with its rule, title, explanation, the flagged golfer and the ids of this challenge's records it is about. Flags inform; they never block recording. See rules.md, Fair-play flags.",
    userIdQuery: true,
    answer: "200 `ChallengeFlag[]`",
    errors: [NOT_MEMBER, [403, "`Only the creator sees fair-play flags`: a member who is not the creator"]],
  },
  "GET /api/admin/flags": {
    group: "Fair play",
    summary: "The admin review queue: flags with one status, newest first, 20 a page",
    query: adminFlagListSchema,
    userIdQuery: true,
    answer: "200 `{ items: AdminFlag[], total, page, pageSize }`",
    errors: [NOT_ADMIN],
  },
  "POST /api/admin/flags/:id/dismiss": {
    group: "Fair play",
    summary: "Dismiss a flag (audited as `flag.dismiss`)",
    description:
      "A dismissed flag stays dismissed while it is about the same records; new records joining it open it again.",
    paramNotes: { id: "A flag id" },
    answer: "200 `{ changed: true, item: AdminFlag }`",
    errors: [NOT_ADMIN, FLAG_MISSING, FLAG_DONE],
  },
  "POST /api/admin/flags/:id/void": {
    group: "Fair play",
    summary: "Void every record of a flag, with a reason (audited as `flag.void_records`)",
    description:
      "Each record not voided yet goes to `voided` through the one verification status change (its history keeps who, when and the reason); the flag is then `actioned`.",
    body: adminFlagVoidBodySchema,
    paramNotes: { id: "A flag id" },
    answer: "200 `{ changed: true, item: AdminFlag }`",
    errors: [NOT_ADMIN, FLAG_MISSING, FLAG_DONE],
  },
  "POST /api/admin/flags/:id/disable-user": {
    group: "Fair play",
    summary: "Disable the flagged golfer (or either golfer of a ring) and mark the flag actioned",
    description:
      "The admin area's own disable: every session revoked, `user.disable` in the audit log, then `flag.disable_user`.",
    body: adminFlagDisableBodySchema,
    paramNotes: { id: "A flag id" },
    fieldNotes: { userId: "Optional: a golfer named in the flag (default: the flagged golfer); another is a 400" },
    answer: "200 `{ changed: true, item: AdminFlag }`",
    errors: [NOT_ADMIN, FLAG_MISSING, FLAG_DONE],
  },
  "GET /api/users/me/export": {
    group: "Results and your data",
    summary: "Everything the service holds about the caller, as a JSON download",
    description:
      "Every row of every table that names the caller (found from the schema's foreign keys to `users`, so new tables are included), plus the board totals and the audit entries about the account. Secrets (password and token hashes, session ids, push keys) are left out; the picture is base64.",
    userIdQuery: true,
    answer: "200 `AccountExport` (`Content-Disposition: attachment`)",
  },
  "DELETE /api/users/me": {
    group: "Results and your data",
    summary: "Delete the caller's account (password required)",
    description:
      "One transaction: challenges the caller created pass to their longest-standing member, or are deleted when no one else is in them; each room gets `{name} left the challenge`; then sessions (sockets close on every instance), picture, memberships, records, achievements, support requests and limit counters go. Chat messages stay without an author (shown as `Deleted golfer`). Clears the session cookie. Wrong passwords share the password-change limit.",
    body: deleteAccountSchema,
    userIdQuery: true,
    answer: '200 `{ "ok": true, "transferred": n, "deletedChallenges": n }`',
    errors: [
      [400, "`Password is incorrect`, `Enter your password to delete your account`"],
      [429, "`Too many wrong passwords. Please wait a few minutes and try again.`"],
    ],
  },
  "GET /api/courses/search": {
    group: "Courses",
    summary: "Find courses by name",
    description:
      "Case-insensitive substring match (`%` and `_` are plain characters); names starting with the text come first, then by name. At most 20.",
    query: courseSearchSchema,
    queryNotes: { q: "Empty: the first 20 courses by name" },
    userIdQuery: true,
    answer: "200 `Course[]`",
  },
  "POST /api/courses": {
    group: "Courses",
    summary: "Create a course",
    body: createCourseSchema,
    fieldNotes: { name: "Trimmed, inner runs of spaces collapsed, then 2-100 characters; unique in any letter case" },
    userIdQuery: true,
    answer: "201 `Course`",
    errors: [[409, "`Course already exists` (the client then searches for it)"]],
  },
  "GET /api/courses/:id": {
    group: "Courses",
    summary: "One course",
    userIdQuery: true,
    answer: "200 `Course`",
    errors: [[404, "`Course not found`"]],
  },
  "GET /api/challenge-preview/:code": {
    group: "Invites",
    summary: "Public preview of the challenge behind an invite link (no sign-in needed)",
    description: "Holding the link is the permission. The preview never carries the link code or the PIN.",
    answer: "200 `InvitePreview`",
    errors: [[404, "`Challenge not found` for an unknown or malformed code"]],
  },
  "GET /api/challenges/invite/:code": {
    group: "Invites",
    summary: "The invite preview for a signed-in golfer, and whether they already play",
    userIdQuery: true,
    answer: "200 `InviteDetails`",
    errors: [[404, "`Challenge not found` for an unknown or malformed code"]],
  },
  "POST /api/challenges/invite/:code/join": {
    group: "Invites",
    summary: "Join the challenge behind an invite link",
    description: "Posts `{name} joined the challenge` in the chat when the join commits.",
    userIdQuery: true,
    answer: '200 `{ "challengeId": number, "name": string }`',
    errors: [
      [404, "`Challenge not found` for an unknown or malformed code"],
      [409, "`Already joined challenge {id}`, or `This challenge has ended`"],
    ],
  },
  "GET /api/challenges/pin/:pin": {
    group: "Invites",
    summary: "Look up a challenge by PIN",
    description:
      "Every well-formed look-up, found or not, counts against the caller's address (30 per 15 minutes); form errors are answered first and count nothing.",
    userIdQuery: true,
    answer:
      '200 `{ "success": true, "name": string, "challengeId": number, "inviteCode": string }`: the client continues to `/join-challenge/{inviteCode}`',
    errors: [
      [
        400,
        "`Please enter a PIN code`, `PIN code is too short` (under 6 letters and digits) or `PIN code is too long` (over 12)",
      ],
      [404, "`Invalid PIN code. Please try again.`"],
      [429, "`Too many PIN attempts. Please wait a few minutes and try again.`"],
    ],
  },
  "GET /api/birdies": {
    group: "Birdies",
    summary: "The caller's own records, optionally in one challenge",
    query: listBirdiesQuerySchema,
    queryNotes: { challengeId: "Only this challenge (members only: 404 `Challenge not found` otherwise)" },
    userIdQuery: true,
    answer: "200 `BirdieRecord[]`, newest date played first, then newest recorded",
    errors: [NOT_MEMBER],
  },
  "POST /api/birdies": {
    group: "Birdies",
    summary: "Record one hole (the SPEC-era call: one request per marked hole)",
    description:
      "Runs the same checks as a round (see rules.md, Recording), awards achievements and posts the chat's system lines in one transaction. The React client records whole rounds over tRPC (`birdies.recordRound`) instead.",
    body: recordBirdieSchema,
    userIdQuery: true,
    fieldNotes: {
      courseId: "Single mode: optional (the challenge's course), a different course is refused. Hybrid: any course",
      customCourseName: "Hybrid only: a course name found in any letter case or created",
      score: "Strokes on a par 4: 3 birdie, 2 or 1 eagle; or the relative reading -1, -2, -3",
      date: "The date played, `YYYY-MM-DD` (an ISO timestamp is read as its UTC day); from 1900",
      partnerUserId:
        "The partner's account (two-key verification): the record is `pending` until they confirm, `verifiedBy` may be left out and the verifier name is their display name. Without it `verifiedBy` is required and the record is `signed`",
      "verifiedBy.signature":
        "1-100 characters after trimming; stored as `signature:` + text (a leading `signature:` is not doubled)",
    },
    answer: "201 `BirdieRecord` plus `newAchievements: Achievement[]` (those earned by this record)",
    errors: [
      [
        400,
        "`This challenge has not started yet`, `This challenge has ended`, `Date played must be within the challenge dates`, `Date played cannot be in the future`, `Choose a course`, `That course is not part of this challenge`, `You cannot name yourself as your partner: pick the golfer who played with you`, `That partner's account was not found`",
      ],
      NOT_MEMBER,
      [404, "`Course not found` (hybrid, unknown courseId)"],
      [
        409,
        "`Hole {n} is already recorded in this challenge` (multiple birdies off, and not an eagle upgrading a birdie)",
      ],
    ],
  },
  "DELETE /api/birdies/:id": {
    group: "Birdies",
    summary: "Delete one of the caller's own records",
    userIdQuery: true,
    description:
      "With multiple birdies off, the best remaining record on that hole counts again. Earned achievements stay. An `Authorization: Bearer {user id}` header (sent by the SPEC-era client) is never authentication: the cookie decides, and a header naming someone else is refused.",
    answer: '200 `{ "ok": true, "id": number }`',
    errors: [
      [400, "`This challenge has ended; its records are final`"],
      [
        403,
        "`You can only delete your own birdies` (a fellow member's record), or `You can only act as yourself` when `Authorization: Bearer {id}` names someone else",
      ],
      [404, "`Birdie not found` (no such record, or someone else's in a challenge the caller is not in)"],
    ],
  },
  "POST /api/birdies/:id/confirm": {
    group: "Verification",
    summary: "The named partner confirms a pending record",
    description:
      "Only the partner whose account the golfer named (docs/product/rules.md#verification). The golfer is told. Under `requireConfirmation` the record now counts (and earns its achievements).",
    answer: "200 `BirdieRecord` (its new status and whether it counts)",
    errors: [
      [400, "`This challenge has ended; its records are final`"],
      [403, "`Only the partner named on this record can confirm it` (another member, the creator)"],
      [404, "`Birdie not found` (no such record, or the caller is neither a member nor the partner)"],
      [409, "`This record is {status}, so it cannot be confirmed` (only a pending record is confirmed)"],
    ],
  },
  "POST /api/birdies/:id/dispute": {
    group: "Verification",
    summary: "The named partner or the creator disputes a record, saying why",
    description:
      "A disputed record does not count until the creator resolves it (restore, or void). The golfer is told the reason.",
    body: reasonBodySchema,
    answer: "200 `BirdieRecord`",
    errors: [
      [400, "`Please give a reason`, `This challenge has ended; its records are final`"],
      [403, "`Only the partner named on this record or the challenge's creator can dispute it`"],
      [404, "`Birdie not found` (no such record, or the caller is neither a member nor the partner)"],
      [409, "`This record is {status}, so it cannot be disputed` (from signed, pending or confirmed only)"],
    ],
  },
  "POST /api/birdies/:id/void": {
    group: "Verification",
    summary: "The creator (or an admin) voids a record, saying why",
    description:
      "A voided record never counts and frees its hole for a new record; the golfer is told the reason and a chat line records it. An admin's void is written to the audit log.",
    body: reasonBodySchema,
    answer: "200 `BirdieRecord`",
    errors: [
      [400, "`Please give a reason`, `This challenge has ended; its records are final`"],
      [403, "`Only the challenge's creator can void a record`"],
      [404, "`Birdie not found` (no such record, or the caller is not a member)"],
      [409, "`This record is voided, so it cannot be voided`"],
    ],
  },
  "POST /api/birdies/:id/restore": {
    group: "Verification",
    summary: "The creator (or an admin) puts a disputed or voided record back",
    description:
      "Back to the status it had before it was disputed or voided (signed, pending or confirmed); the hole's counting record is decided again. An admin's restore is written to the audit log.",
    body: restoreBodySchema,
    answer: "200 `BirdieRecord`",
    errors: [
      [400, "`This challenge has ended; its records are final`"],
      [403, "`Only the challenge's creator can restore a record`"],
      [404, "`Birdie not found` (no such record, or the caller is not a member)"],
      [409, "`This record is {status}, so it cannot be restored` (only disputed or voided records)"],
    ],
  },
  "GET /api/birdies/:id/history": {
    group: "Verification",
    summary: "A record's status history: who, when, from what to what, why",
    description:
      "Members of the challenge, the named partner and admins read it; oldest first, starting with how it was recorded.",
    answer: "200 `RecordStatusEvent[]`",
    errors: [[404, "`Birdie not found` (no such record, or the caller is neither a member nor the partner)"]],
  },
  "GET /api/challenges/:id/leaderboard": {
    group: "Leaderboards",
    summary: "Every player of a challenge, ranked",
    userIdQuery: true,
    answer: "200 `LeaderboardEntry[]` in rank order (players without records included, with 0 points)",
    errors: [NOT_MEMBER],
  },
  "GET /api/users/:id/challenges/leaderboard": {
    group: "Leaderboards",
    summary: "My Rankings: the caller's rank in each of their challenges, 20 challenges a page",
    userIdQuery: true,
    paramNotes: { id: "Must be the caller's own id, else 403 `You can only act as yourself`" },
    query: myChallengesPageSchema,
    queryNotes: { offset: "Challenges to skip; most recent end date first" },
    answer: "200 `MyChallengeLeaderboardItem[]` (each with its top 3 players); a full page of 20 means more may follow",
  },
  "GET /api/leaderboard/global": {
    group: "Leaderboards",
    summary: "The global board of a period: top 100 plus the caller's own row beyond 100th",
    userIdQuery: true,
    query: periodSchema,
    queryNotes: { p: "Alias of `period` (read when `period` is absent)" },
    answer: "200 `GlobalLeaderboard`",
  },
  "GET /api/achievements": {
    group: "Achievements",
    summary: "The achievement catalogue (nine entries), in display order",
    userIdQuery: true,
    answer: "200 `Achievement[]`",
  },
  "GET /api/users/:id/achievements": {
    group: "Achievements",
    summary: "Any user's earned achievements, newest first",
    description: "Any signed-in user may look; an unknown id answers an empty list.",
    userIdQuery: true,
    answer: "200 `UserAchievement[]`",
  },
  "GET /api/challenges/:challengeId/chat": {
    group: "Chat",
    summary: "A page of a challenge's chat, oldest first",
    description:
      "Without `cursor` or `after`: the newest page. When older messages exist, the `X-Next-Cursor` response header holds the id to pass as `cursor` for the page before.",
    query: chatPageQuerySchema,
    queryNotes: {
      cursor: "A message id from `X-Next-Cursor`: the page of messages older than it",
      after: "The last id the client saw: messages newer than it, oldest first (a full page means ask again)",
    },
    userIdQuery: true,
    answer: "200 `ChatMessage[]` in chronological order",
    errors: [NOT_MEMBER, [400, "`Use either cursor or after, not both`"]],
  },
  "POST /api/challenges/:challengeId/chat": {
    group: "Chat",
    summary: "Send a chat message (members only)",
    body: chatMessageBodySchema,
    fieldNotes: { message: "Trimmed first: `Message cannot be empty` / `Message must be at most 1000 characters`" },
    userIdQuery: true,
    answer: "201 `ChatMessage`; every socket in the room receives it too",
    errors: [NOT_MEMBER],
  },
  "GET /api/notifications": {
    group: "Notifications",
    summary: "The caller's notifications, newest first, with the unread count",
    description:
      'Events of docs/product/rules.md#notifications. Pass `nextBefore` as `before` for the next (older) page. New ones also arrive live on /ws as `{ type: "NOTIFICATION", notification }`.',
    query: notificationListSchema,
    answer:
      '200 `{ "items": [{ "id", "type", "text", "url", "createdAt", "readAt" }], "unread": number, "nextBefore": number | null }`',
  },
  "POST /api/notifications/read": {
    group: "Notifications",
    summary: "Mark notifications read: the given ids, or every unread one when `ids` is left out",
    description:
      "Ids of other golfers' notifications are ignored (nothing is revealed). The caller's other devices get `{ type: \"NOTIFICATION\" }` on /ws and refetch.",
    body: markNotificationsReadSchema,
    answer: '200 `{ "unread": number }`',
  },
  "GET /api/users/me/notification-settings": {
    group: "Notifications",
    summary: "E-mail and push on or off per event kind (in-app is always on), with the defaults filled in",
    answer: "200 `{ [kind]: { email: boolean, push: boolean } }` for every kind",
  },
  "PUT /api/users/me/notification-settings": {
    group: "Notifications",
    summary: "Change the settings of any kinds given; the others keep theirs",
    body: notificationSettingsSchema,
    answer: "200 the full settings, as GET answers them",
    errors: [[400, "`Unknown notification kind`, `email must be true or false`, `Each setting needs email and push`"]],
  },
  "GET /api/support": {
    group: "Support",
    summary: "The caller's own support requests with the admins' replies",
    description:
      "Newest first, at most 50. Each reply is listed oldest first. Requests sent while signed out are not listed (their replies went to the address given).",
    answer:
      '200 `{ "items": [{ "id", "subject", "message", "type", "status": "open" | "resolved", "createdAt", "resolvedAt": string | null, "replies": [{ "id", "message", "createdAt" }] }] }`',
  },
  "POST /api/support": {
    group: "Support",
    summary: "Send a support request (signed in or not)",
    body: supportRequestSchema,
    fieldNotes: {
      email: "Blank: `Missing information: Please fill out all fields.`",
      subject: "Trimmed; blank: `Missing information: Please fill out all fields.`",
      message: "Trimmed; blank: `Missing information: Please fill out all fields.`",
    },
    answer:
      '201 `{ "success": true, "id": number, "status": "open", "createdAt": string }`; the request lands in the admin inbox',
    errors: [
      [
        429,
        "`You have sent several support requests recently. Please wait a while before sending another.` (5 per hour per user, or per address when signed out)",
      ],
    ],
  },
  "GET /api/push/public-key": {
    group: "Push notifications",
    summary: "The server's VAPID public key, for `PushManager.subscribe({ applicationServerKey })`",
    description:
      "From `VAPID_PUBLIC_KEY`, or generated once and kept in the database (ADR 0038). Not a secret; answers signed-out callers too.",
    answer: '200 `{ "publicKey": string }` (base64url, an uncompressed P-256 point)',
  },
  "GET /api/push/subscriptions": {
    group: "Push notifications",
    summary: "Whether the caller has this endpoint subscribed",
    description:
      "Settings shows push on only when this browser's subscription belongs to the signed-in golfer (a subscription ends with the session it was made in).",
    query: pushEndpointSchema,
    answer: '200 `{ "subscribed": boolean }`',
  },
  "POST /api/push/subscriptions": {
    group: "Push notifications",
    summary: "Store this browser's push subscription for the caller",
    description:
      "The body is the browser's `PushSubscription.toJSON()` (`expirationTime` is ignored). The same endpoint again updates its keys, and moves it to the caller if another account subscribed it on that device. The subscription ends with the caller's session (sign-out, password change, disabled account). A golfer keeps at most 10 devices: one more forgets the least recently subscribed.",
    body: pushSubscriptionSchema,
    fieldNotes: {
      endpoint:
        "An https address on a public host: `The push endpoint must be an https address` / `The push endpoint must be on a public host` (loopback, private, link-local, unique-local, CGNAT, multicast and unspecified addresses, localhost and single-label names); checked again on every resolved address when sending",
      keys: "`p256dh`: 65 bytes, `auth`: 16 bytes, base64url; else `The push subscription keys are missing or invalid`",
    },
    answer: '201 `{ "success": true }`',
  },
  "DELETE /api/push/subscriptions": {
    group: "Push notifications",
    summary: "Forget the caller's subscription with this endpoint",
    description: "Only the caller's own; nothing to forget also answers 200.",
    body: pushEndpointSchema,
    answer: '200 `{ "success": true }`',
  },
};

export type ProcedureNote = { access: "public" | "signed in" | "admin"; twin?: string; note?: string };

/**
 * The tRPC procedures the React client calls (src/server/trpc/router.ts), with the REST route that
 * runs the same service function. The generator lists every procedure the router has and refuses
 * to run when one has no entry here.
 */
export const PROCEDURE_NOTES: Record<string, ProcedureNote> = {
  "achievements.list": { access: "signed in", twin: "GET /api/achievements" },
  "achievements.mine": { access: "signed in", note: "The caller's own, as `GET /api/users/{own id}/achievements`" },
  "achievements.forUser": { access: "signed in", twin: "GET /api/users/:id/achievements" },
  "admin.dashboard": { access: "admin", note: "Totals, 30-day series, latest audit entries" },
  "admin.analytics": {
    access: "admin",
    note: "Birdies per hole, busiest courses, achievements earned, weekly actives",
  },
  "admin.audit.list": { access: "admin", note: "The audit log, paged" },
  "admin.users.list": { access: "admin", note: "Search, role filter, paged" },
  "admin.users.detail": { access: "admin", note: "A user with challenges, newest records and audit entries" },
  "admin.users.setAdmin": { access: "admin", note: "Grant or revoke admin (never one's own)" },
  "admin.users.setDisabled": { access: "admin", note: "Disable (revokes every session) or enable (never oneself)" },
  "admin.users.sendResetLink": {
    access: "admin",
    note: "Mail the user a password reset link (audited; 503 without `SMTP_URL`)",
  },
  "admin.users.createResetLink": {
    access: "admin",
    note: "A one-time password reset link (30 minutes) to hand over, shown once (audited)",
  },
  "admin.challenges.list": { access: "admin", note: "Search, status filter, paged" },
  "admin.challenges.detail": { access: "admin", note: "A challenge with players and newest records" },
  "admin.challenges.delete": { access: "admin", note: "Delete any challenge (audited)" },
  "admin.support.list": { access: "admin", note: "The support inbox by type and status, paged" },
  "admin.support.setStatus": { access: "admin", note: "Mark resolved or reopen (audited)" },
  "admin.support.reply": {
    access: "admin",
    note: "Store a reply (audited); it is mailed to the request's address and shown in the signed-in sender's notifications",
  },
  "notifications.list": { access: "signed in", twin: "GET /api/notifications" },
  "notifications.markRead": { access: "signed in", twin: "POST /api/notifications/read" },
  "notifications.settings": { access: "signed in", twin: "GET /api/users/me/notification-settings" },
  "notifications.updateSettings": { access: "signed in", twin: "PUT /api/users/me/notification-settings" },
  "auth.me": { access: "signed in", twin: "GET /api/user" },
  "dashboard.get": { access: "signed in", twin: "GET /api/dashboard" },
  "leaderboards.challengeTop": {
    access: "signed in",
    note: "The top 4 of a challenge board without hole counts (members only): the dashboard widget",
  },
  "auth.register": { access: "public", twin: "POST /api/register" },
  "auth.login": { access: "public", twin: "POST /api/login" },
  "auth.logout": { access: "public", twin: "POST /api/logout" },
  "auth.changePassword": { access: "signed in", twin: "PUT /api/users/me/password" },
  "auth.requestPasswordReset": { access: "public", twin: "POST /api/password-reset" },
  "auth.resetPassword": { access: "public", twin: "POST /api/password-reset/:token", note: "`{ token, password }`" },
  "auth.confirmEmail": { access: "public", twin: "POST /api/email-verification/:token", note: "`{ token }`" },
  "auth.emailStatus": { access: "signed in", twin: "GET /api/users/me/email" },
  "auth.changeEmail": { access: "signed in", twin: "PUT /api/users/me/email" },
  "auth.resendEmailConfirmation": { access: "signed in", twin: "POST /api/users/me/email/verification" },
  "profile.update": { access: "signed in", twin: "PUT /api/users/me", note: "Profile fields only" },
  "birdies.record": { access: "signed in", twin: "POST /api/birdies" },
  "birdies.recordRound": {
    access: "signed in",
    note: "A verified round: several holes, all or nothing, exactly once per `clientRoundId`",
  },
  "birdies.checkRound": {
    access: "signed in",
    note: "A round checked before the partner signs: `{ clashes }`, nothing written (ADR 0028)",
  },
  "birdies.courseSuggestions": {
    access: "signed in",
    note: "Hybrid courses: the challenge's and those played in it, then the caller's recent ones",
  },
  "birdies.list": { access: "signed in", twin: "GET /api/birdies" },
  "birdies.listForPlayer": { access: "signed in", note: "Any player's records in a challenge the caller plays in" },
  "birdies.delete": { access: "signed in", twin: "DELETE /api/birdies/:id" },
  "challenges.list": { access: "signed in", twin: "GET /api/users/:id/challenges" },
  "challenges.byId": { access: "signed in", twin: "GET /api/challenges/:id" },
  "challenges.create": { access: "signed in", twin: "POST /api/challenges" },
  "challenges.update": { access: "signed in", twin: "PATCH /api/challenges/:id" },
  "challenges.delete": { access: "signed in", twin: "DELETE /api/challenges/:id" },
  "challenges.courses": { access: "signed in", twin: "GET /api/challenges/:id/courses" },
  "challenges.addCourse": { access: "signed in", twin: "POST /api/challenges/:id/courses" },
  "challenges.players": { access: "signed in", twin: "GET /api/challenges/:id/players" },
  "challenges.removePlayer": { access: "signed in", twin: "DELETE /api/challenges/:id/players/:userId" },
  "challenges.leave": { access: "signed in", twin: "POST /api/challenges/:id/leave" },
  "challenges.transfer": { access: "signed in", twin: "POST /api/challenges/:id/transfer" },
  "challenges.regenerateInvite": { access: "signed in", twin: "POST /api/challenges/:id/invite/regenerate" },
  "account.export": { access: "signed in", twin: "GET /api/users/me/export" },
  "account.delete": { access: "signed in", twin: "DELETE /api/users/me" },
  "results.holes": { access: "signed in", twin: "GET /api/challenges/:id/holes" },
  "results.final": { access: "signed in", twin: "GET /api/challenges/:id/results" },
  "fairplay.challengeFlags": { access: "signed in", twin: "GET /api/challenges/:id/flags" },
  "admin.flags.list": { access: "admin", twin: "GET /api/admin/flags" },
  "admin.flags.dismiss": { access: "admin", twin: "POST /api/admin/flags/:id/dismiss" },
  "admin.flags.voidRecords": { access: "admin", twin: "POST /api/admin/flags/:id/void", note: "`{ id, reason }`" },
  "admin.flags.disableUser": {
    access: "admin",
    twin: "POST /api/admin/flags/:id/disable-user",
    note: "`{ id, userId? }`",
  },
  "config.get": {
    access: "public",
    note: "`{ adAffiliateUrl, mailEnabled }`: a null `adAffiliateUrl` means this deployment shows no ads; `mailEnabled` is false without `SMTP_URL`",
  },
  "chat.list": {
    access: "signed in",
    twin: "GET /api/challenges/:challengeId/chat",
    note: "Answers `{ messages, nextCursor }` instead of a header",
  },
  "chat.send": { access: "signed in", twin: "POST /api/challenges/:challengeId/chat" },
  "courses.search": { access: "signed in", twin: "GET /api/courses/search" },
  "courses.byId": { access: "signed in", twin: "GET /api/courses/:id" },
  "courses.create": { access: "signed in", twin: "POST /api/courses" },
  "invites.preview": { access: "public", twin: "GET /api/challenge-preview/:code" },
  "invites.details": { access: "signed in", twin: "GET /api/challenges/invite/:code" },
  "invites.join": { access: "signed in", twin: "POST /api/challenges/invite/:code/join" },
  "invites.sendByEmail": {
    access: "signed in",
    twin: "POST /api/challenges/:id/invite/email",
    note: "`{ challengeId, emails }`",
  },
  "invites.lookupPin": {
    access: "signed in",
    twin: "GET /api/challenges/pin/:pin",
    note: "A mutation, so it is never cached or retried",
  },
  "leaderboards.challenge": { access: "signed in", twin: "GET /api/challenges/:id/leaderboard" },
  "leaderboards.myChallenges": { access: "signed in", twin: "GET /api/users/:id/challenges/leaderboard" },
  "leaderboards.global": { access: "signed in", twin: "GET /api/leaderboard/global" },
  "profile.uploadPicture": { access: "signed in", twin: "PUT /api/users/me", note: "`{ profilePicture }` only" },
  "profile.removePicture": { access: "signed in", twin: "PUT /api/users/me", note: "As `{ profilePicture: null }`" },
  "support.create": { access: "public", twin: "POST /api/support" },
  "support.mine": { access: "signed in", twin: "GET /api/support" },
  "push.publicKey": { access: "public", twin: "GET /api/push/public-key" },
  "push.status": { access: "signed in", twin: "GET /api/push/subscriptions" },
  "push.subscribe": { access: "signed in", twin: "POST /api/push/subscriptions" },
  "push.unsubscribe": { access: "signed in", twin: "DELETE /api/push/subscriptions" },
  "verification.confirm": { access: "signed in", twin: "POST /api/birdies/:id/confirm" },
  "verification.dispute": { access: "signed in", twin: "POST /api/birdies/:id/dispute", note: "`{ id, reason }`" },
  "verification.void": { access: "signed in", twin: "POST /api/birdies/:id/void", note: "`{ id, reason }`" },
  "verification.restore": { access: "signed in", twin: "POST /api/birdies/:id/restore" },
  "verification.history": { access: "signed in", twin: "GET /api/birdies/:id/history" },
  "verification.pending": {
    access: "signed in",
    note: "The records naming the caller as partner that wait for their answer (the /verifications page)",
  },
  "verification.searchGolfers": {
    access: "signed in",
    note: "`{ q }`: golfers whose username starts with q (2+ characters), at most 10, never the caller; no e-mails; 60 a minute",
  },
};
