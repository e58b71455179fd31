import { changePasswordSchema, updateProfileSchema, loginSchema, registerSchema } from "../../../shared/schemas/auth";
import { deleteAccountSchema } from "../../../shared/schemas/account";
import { recordBirdieSchema } from "../../../shared/schemas/birdies";
import {
  addChallengeCourseSchema,
  createChallengeSchema,
  transferChallengeSchema,
  updateChallengeSchema,
} from "../../../shared/schemas/challenges";
import { createCourseSchema } from "../../../shared/schemas/courses";
import { markNotificationsReadSchema, notificationSettingsSchema } from "../../../shared/schemas/notifications";
import { changeEmailSchema, passwordResetRequestSchema, passwordResetSchema } from "../../../shared/schemas/recovery";
import { pushEndpointSchema, pushSubscriptionSchema } from "../../../shared/schemas/push";
import { supportRequestSchema } from "../../../shared/schemas/support";
import { reasonBodySchema, restoreBodySchema } from "../../../shared/schemas/verification";
import { adminFlagDisableBodySchema, adminFlagVoidBodySchema } from "../../../shared/schemas/fairplay";
import { PICTURE_CACHE_CONTROL } from "../../features/profile/rest";
import { schemaKeys, type ParamKind } from "./hostile";

// Every REST route the app serves under /api, with what it reads. The suites assert this table
// and the app's registered routes (app.routes) are the same set, so a new route must be added here
// (and is then fuzzed, origin-checked and IDOR-checked) or the suite fails.

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RestRoute = {
  method: Method;
  path: string;
  /** Path parameters and what they name. */
  params?: Record<string, ParamKind>;
  /** Query parameters the route reads (every signed-in route also gets a ?userId=). */
  query?: string[];
  /** Keys of the JSON body the route reads; undefined when it reads no body. */
  body?: readonly string[];
  /** Headers the route reads. */
  headers?: string[];
  /** A query a plain read needs to succeed (suites that expect a signed-in read to answer 200 send it). */
  sampleQuery?: string;
  /** "public": answers signed-out callers too. */
  auth: "public" | "user";
  /**
   * The route's own Cache-Control on a successful answer; every other /api answer is no-store
   * (cache-control.test.ts checks both).
   */
  cache?: string;
  /** Admins only: everyone else gets 403 (the suites read it as the admin persona). */
  admin?: true;
  /**
   * The status a plain signed-in read of the member's own things gets when it is not 2xx by design
   * (the results of a challenge still running: 409).
   */
  readStatus?: number;
};

export const REST_ROUTES: RestRoute[] = [
  { method: "GET", path: "/api/health", auth: "public" },
  { method: "GET", path: "/api/health/live", auth: "public" },
  { method: "GET", path: "/api/health/ready", auth: "public" },
  { method: "GET", path: "/api/user", auth: "user" },
  { method: "GET", path: "/api/dashboard", auth: "user" },
  { method: "POST", path: "/api/register", body: schemaKeys(registerSchema), auth: "public" },
  { method: "POST", path: "/api/login", body: schemaKeys(loginSchema), auth: "public" },
  { method: "POST", path: "/api/logout", auth: "public" },
  { method: "GET", path: "/api/challenge-preview/:code", params: { code: "code" }, auth: "public" },
  { method: "GET", path: "/api/challenges/invite/:code", params: { code: "code" }, auth: "user" },
  { method: "POST", path: "/api/challenges/invite/:code/join", params: { code: "code" }, auth: "user" },
  { method: "GET", path: "/api/challenges/pin/:pin", params: { pin: "pin" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/leaderboard", params: { id: "challenge" }, auth: "user" },
  {
    method: "GET",
    path: "/api/users/:id/challenges/leaderboard",
    params: { id: "user" },
    query: ["offset"],
    auth: "user",
  },
  { method: "GET", path: "/api/leaderboard/global", query: ["period", "p"], auth: "user" },
  { method: "GET", path: "/api/achievements", auth: "user" },
  { method: "GET", path: "/api/users/:id/achievements", params: { id: "user" }, auth: "user" },
  { method: "GET", path: "/api/users/:id/challenges", params: { id: "user" }, auth: "user" },
  { method: "POST", path: "/api/challenges", body: schemaKeys(createChallengeSchema), auth: "user" },
  { method: "GET", path: "/api/challenges/:id", params: { id: "challenge" }, auth: "user" },
  {
    method: "PATCH",
    path: "/api/challenges/:id",
    params: { id: "challenge" },
    body: schemaKeys(updateChallengeSchema),
    auth: "user",
  },
  { method: "DELETE", path: "/api/challenges/:id", params: { id: "challenge" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/courses", params: { id: "challenge" }, auth: "user" },
  {
    method: "POST",
    path: "/api/challenges/:id/courses",
    params: { id: "challenge" },
    body: schemaKeys(addChallengeCourseSchema),
    auth: "user",
  },
  { method: "GET", path: "/api/challenges/:id/players", params: { id: "challenge" }, auth: "user" },
  {
    method: "DELETE",
    path: "/api/challenges/:id/players/:userId",
    params: { id: "challenge", userId: "user" },
    auth: "user",
  },
  { method: "POST", path: "/api/challenges/:id/leave", params: { id: "challenge" }, auth: "user" },
  {
    method: "POST",
    path: "/api/challenges/:id/transfer",
    params: { id: "challenge" },
    body: schemaKeys(transferChallengeSchema),
    auth: "user",
  },
  { method: "POST", path: "/api/challenges/:id/invite/regenerate", params: { id: "challenge" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/holes", params: { id: "challenge" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/records.csv", params: { id: "challenge" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/calendar.ics", params: { id: "challenge" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/flags", params: { id: "challenge" }, auth: "user" },
  { method: "GET", path: "/api/challenges/:id/results", params: { id: "challenge" }, auth: "user", readStatus: 409 },
  {
    method: "GET",
    path: "/api/challenges/:id/results/card.png",
    params: { id: "challenge" },
    auth: "user",
    readStatus: 409,
  },
  { method: "GET", path: "/api/admin/flags", query: ["status", "page"], auth: "user", admin: true },
  { method: "POST", path: "/api/admin/flags/:id/dismiss", params: { id: "flag" }, auth: "user", admin: true },
  {
    method: "POST",
    path: "/api/admin/flags/:id/void",
    params: { id: "flag" },
    body: schemaKeys(adminFlagVoidBodySchema),
    auth: "user",
    admin: true,
  },
  {
    method: "POST",
    path: "/api/admin/flags/:id/disable-user",
    params: { id: "flag" },
    body: schemaKeys(adminFlagDisableBodySchema),
    auth: "user",
    admin: true,
  },
  {
    method: "POST",
    path: "/api/challenges/:id/invite/email",
    params: { id: "challenge" },
    body: ["emails"],
    auth: "user",
  },
  { method: "GET", path: "/api/courses/search", query: ["q"], auth: "user" },
  { method: "POST", path: "/api/courses", body: schemaKeys(createCourseSchema), auth: "user" },
  { method: "GET", path: "/api/courses/:id", params: { id: "course" }, auth: "user" },
  { method: "PUT", path: "/api/users/me", body: [...schemaKeys(updateProfileSchema), "profilePicture"], auth: "user" },
  { method: "PUT", path: "/api/users/me/password", body: schemaKeys(changePasswordSchema), auth: "user" },
  { method: "GET", path: "/api/users/me/export", auth: "user" },
  { method: "DELETE", path: "/api/users/me", body: schemaKeys(deleteAccountSchema), auth: "user" },
  { method: "POST", path: "/api/password-reset", body: schemaKeys(passwordResetRequestSchema), auth: "public" },
  {
    method: "POST",
    path: "/api/password-reset/:token",
    params: { token: "token" },
    body: schemaKeys(passwordResetSchema),
    auth: "public",
  },
  { method: "POST", path: "/api/email-verification/:token", params: { token: "token" }, auth: "public" },
  { method: "GET", path: "/api/users/me/email", auth: "user" },
  { method: "PUT", path: "/api/users/me/email", body: schemaKeys(changeEmailSchema), auth: "user" },
  { method: "POST", path: "/api/users/me/email/verification", auth: "user" },
  {
    method: "GET",
    path: "/api/users/:id/picture",
    params: { id: "user" },
    auth: "user",
    cache: PICTURE_CACHE_CONTROL,
  },
  { method: "GET", path: "/api/support", auth: "user" },
  { method: "POST", path: "/api/support", body: schemaKeys(supportRequestSchema), auth: "public" },
  { method: "GET", path: "/api/birdies", query: ["challengeId"], auth: "user" },
  { method: "POST", path: "/api/birdies", body: schemaKeys(recordBirdieSchema), auth: "user" },
  { method: "DELETE", path: "/api/birdies/:id", params: { id: "birdie" }, headers: ["authorization"], auth: "user" },
  { method: "POST", path: "/api/birdies/:id/confirm", params: { id: "birdie" }, auth: "user" },
  {
    method: "POST",
    path: "/api/birdies/:id/dispute",
    params: { id: "birdie" },
    body: schemaKeys(reasonBodySchema),
    auth: "user",
  },
  {
    method: "POST",
    path: "/api/birdies/:id/void",
    params: { id: "birdie" },
    body: schemaKeys(reasonBodySchema),
    auth: "user",
  },
  {
    method: "POST",
    path: "/api/birdies/:id/restore",
    params: { id: "birdie" },
    body: schemaKeys(restoreBodySchema),
    auth: "user",
  },
  { method: "GET", path: "/api/birdies/:id/history", params: { id: "birdie" }, auth: "user" },
  {
    method: "GET",
    path: "/api/challenges/:challengeId/chat",
    params: { challengeId: "challenge" },
    query: ["cursor", "after", "limit"],
    auth: "user",
  },
  {
    method: "POST",
    path: "/api/challenges/:challengeId/chat",
    params: { challengeId: "challenge" },
    body: ["message"],
    auth: "user",
  },
  { method: "GET", path: "/api/notifications", query: ["before", "limit"], auth: "user" },
  { method: "POST", path: "/api/notifications/read", body: schemaKeys(markNotificationsReadSchema), auth: "user" },
  { method: "GET", path: "/api/users/me/notification-settings", auth: "user" },
  {
    method: "PUT",
    path: "/api/users/me/notification-settings",
    body: schemaKeys(notificationSettingsSchema),
    auth: "user",
  },
  { method: "GET", path: "/api/push/public-key", auth: "public" },
  {
    method: "GET",
    path: "/api/push/subscriptions",
    query: ["endpoint"],
    sampleQuery: "endpoint=https%3A%2F%2Fpush.example.com%2Fsend%2Fabc",
    auth: "user",
  },
  { method: "POST", path: "/api/push/subscriptions", body: schemaKeys(pushSubscriptionSchema), auth: "user" },
  { method: "DELETE", path: "/api/push/subscriptions", body: schemaKeys(pushEndpointSchema), auth: "user" },
];

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The /api routes the Hono app registered (its middleware and catch-alls are method ALL). */
export function registeredApiRoutes(app: { routes: { method: string; path: string }[] }): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map(routeKey))].sort();
}

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
