import type { VerificationStatus } from "../domain/verification";
import { z } from "zod";
import type { ChallengeStatus } from "../domain/challenge-timing";
import { positiveIdSchema } from "./courses";
import { SUPPORT_TYPES, type SupportType } from "./support";

// Inputs and answers of the admin area (docs/product/routes-and-screens.md#admin-pages). The
// server validates every admin call with these schemas; the admin pages reuse them for their
// filters.

export const ADMINS_ONLY = "Admins only";
export const CANNOT_CHANGE_OWN_ADMIN = "You cannot change your own admin rights";
export const CANNOT_DISABLE_SELF = "You cannot disable your own account";
export const USER_NOT_FOUND = "User not found";
export const SUPPORT_REQUEST_NOT_FOUND = "Support request not found";

export const ADMIN_PAGE_SIZE = 20;
const ADMIN_PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 100;
export const DASHBOARD_DAYS = 30;
export const ANALYTICS_WEEKS = 12;
export const BUSIEST_COURSES = 10;
export const RECENT_AUDIT_ENTRIES = 10;

const searchSchema = z
  .string({ error: "Search text must be text" })
  .trim()
  .max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`)
  .default("");

const pageSchema = z.coerce
  .number({ error: "Page must be a whole number" })
  .int("Page must be a whole number")
  .min(1, "Page must be 1 or more")
  .max(1_000_000, "Page is too large")
  .default(1);

const pageSizeSchema = z.coerce
  .number({ error: "Page size must be a whole number" })
  .int("Page size must be a whole number")
  .min(1, "Page size must be 1 or more")
  .max(ADMIN_PAGE_SIZE_MAX, `Page size must be at most ${ADMIN_PAGE_SIZE_MAX}`)
  .default(ADMIN_PAGE_SIZE);

const paging = { page: pageSchema, pageSize: pageSizeSchema };

export const USER_ROLE_FILTERS = ["all", "admins", "disabled"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const adminUserListSchema = z.object({
  search: searchSchema,
  role: z.enum(USER_ROLE_FILTERS, { error: "Role must be one of all, admins, disabled" }).default("all"),
  ...paging,
});
export type AdminUserListInput = z.input<typeof adminUserListSchema>;

export const adminUserIdSchema = z.object({ userId: positiveIdSchema("user") });

export const adminSetAdminSchema = z.object({
  userId: positiveIdSchema("user"),
  isAdmin: z.boolean({ error: "isAdmin must be true or false" }),
});

export const adminSetDisabledSchema = z.object({
  userId: positiveIdSchema("user"),
  disabled: z.boolean({ error: "disabled must be true or false" }),
});

export const CHALLENGE_STATUS_FILTERS = ["all", "active", "upcoming", "past"] as const;
export type ChallengeStatusFilter = (typeof CHALLENGE_STATUS_FILTERS)[number];

export const adminChallengeListSchema = z.object({
  search: searchSchema,
  status: z
    .enum(CHALLENGE_STATUS_FILTERS, { error: "Status must be one of all, active, upcoming, past" })
    .default("all"),
  ...paging,
});
export type AdminChallengeListInput = z.input<typeof adminChallengeListSchema>;

export const adminChallengeIdSchema = z.object({ challengeId: positiveIdSchema("challenge") });

export const SUPPORT_STATUSES = ["open", "resolved"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const adminSupportListSchema = z.object({
  type: z
    .enum(["all", ...SUPPORT_TYPES], { error: "Type must be one of all, bug, feature, question, other" })
    .default("all"),
  status: z.enum(["all", ...SUPPORT_STATUSES], { error: "Status must be one of all, open, resolved" }).default("open"),
  ...paging,
});
export type AdminSupportListInput = z.input<typeof adminSupportListSchema>;

export const adminSupportSetStatusSchema = z.object({
  id: positiveIdSchema("support request"),
  status: z.enum(SUPPORT_STATUSES, { error: "Status must be open or resolved" }),
});

export const SUPPORT_REPLY_MAX = 5000;
const REPLY_MISSING = "Please write a reply";

/** An admin's reply to a request: mailed to its address, shown in-app to a signed-in sender. */
export const adminSupportReplySchema = z.object({
  id: positiveIdSchema("support request"),
  message: z
    .string({ error: REPLY_MISSING })
    .trim()
    .min(1, REPLY_MISSING)
    .max(SUPPORT_REPLY_MAX, `A reply must be at most ${SUPPORT_REPLY_MAX} characters`),
});
export type AdminSupportReplyInput = z.input<typeof adminSupportReplySchema>;

export const adminAuditListSchema = z.object(paging);

// ---- Answers (times are ISO strings: tRPC sends JSON without a transformer) ----

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const AUDIT_ACTIONS = [
  "user.grant_admin",
  "user.revoke_admin",
  "user.disable",
  "user.enable",
  "user.send_reset_link",
  "user.create_reset_link",
  "challenge.delete",
  "support.resolve",
  "support.reopen",
  "support.reply",
  "record.void",
  "record.restore",
  "flag.dismiss",
  "flag.void_records",
  "flag.disable_user",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = "user" | "challenge" | "support_request" | "record" | "fairplay_flag";

export type AuditEntry = {
  id: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  /** A name for the target that survives its deletion (username, challenge name, subject). */
  targetLabel: string | null;
  details: Record<string, unknown>;
  actor: { id: number; username: string; displayName: string } | null;
  createdAt: string;
};

type DashboardTotals = {
  users: number;
  admins: number;
  disabledUsers: number;
  challengesActive: number;
  challengesUpcoming: number;
  challengesPast: number;
  birdiesToday: number;
  birdiesThisWeek: number;
  openSupportRequests: number;
};

/** One UTC calendar day of the 30-day series. */
type DailyPoint = { day: string; signUps: number; records: number };

export type AdminDashboard = { totals: DashboardTotals; daily: DailyPoint[]; recentAudit: AuditEntry[] };

export type AdminUser = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  isAdmin: boolean;
  disabled: boolean;
  createdAt: string;
  /** Unexpired sessions (signed-in devices); disabling the account revokes them all. */
  activeSessions: number;
  challengeCount: number;
  recordCount: number;
};

export type AdminRecord = {
  id: number;
  challengeId: number;
  challengeName: string;
  userId: number;
  username: string;
  displayName: string;
  courseName: string;
  holeNumber: number;
  score: number;
  counted: boolean;
  datePlayed: string;
  createdAt: string;
  verifierName: string;
  /** signed | pending | confirmed | disputed | voided (docs/product/rules.md#verification). */
  verificationStatus: VerificationStatus;
};

type AdminUserChallenge = {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  status: ChallengeStatus;
  isCreator: boolean;
  joinedAt: string;
  recordCount: number;
};

export type AdminUserDetail = {
  user: AdminUser & { homeCourseName: string | null; handicap: number | null };
  challenges: AdminUserChallenge[];
  records: AdminRecord[];
  /** Records beyond the newest ones listed. */
  recordTotal: number;
  audit: AuditEntry[];
};

export type AdminChallenge = {
  id: number;
  name: string;
  courseMode: "single" | "hybrid";
  courseNames: string[];
  startDate: string;
  endDate: string;
  status: ChallengeStatus;
  createdAt: string;
  creator: { id: number; username: string; displayName: string };
  playerCount: number;
  recordCount: number;
};

type AdminChallengePlayer = {
  id: number;
  username: string;
  displayName: string;
  joinedAt: string;
  isCreator: boolean;
  recordCount: number;
  points: number;
};

export type AdminChallengeDetail = {
  challenge: AdminChallenge & {
    description: string | null;
    rules: string | null;
    tiebreaker: string;
    allowMultipleBirdies: boolean;
    eagleBonus: boolean;
    messageCount: number;
  };
  players: AdminChallengePlayer[];
  records: AdminRecord[];
  recordTotal: number;
};

export type AdminSupportRequest = {
  id: number;
  type: SupportType;
  status: SupportStatus;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  resolvedAt: string | null;
  sender: { id: number; username: string; displayName: string } | null;
  resolvedBy: { id: number; username: string; displayName: string } | null;
  /** Admins' replies, oldest first. */
  replies: AdminSupportReply[];
};

export type AdminSupportReply = { id: number; message: string; createdAt: string; authorName: string | null };

export type AdminSupportPage = Page<AdminSupportRequest> & { counts: { open: number; resolved: number } };

export type HoleActivity = { holeNumber: number; records: number; birdies: number; eagles: number };
type BusyCourse = { id: number; name: string; records: number; players: number; challenges: number };
type AchievementShare = {
  achievementType: string;
  name: string;
  category: string;
  icon: string;
  earned: number;
};
/** The ISO week starting on `weekStart` (a Monday, UTC). */
type WeeklyActive = { weekStart: string; activeUsers: number; records: number };

export type AdminAnalytics = {
  holes: HoleActivity[];
  busiestCourses: BusyCourse[];
  achievements: AchievementShare[];
  weeklyActive: WeeklyActive[];
};

/** What a mutation answers: `changed` is false when the target already was in that state. */
export type AdminMutationResult<T> = { changed: boolean; item: T };
