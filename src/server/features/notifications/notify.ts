import { and, eq, inArray, sql } from "drizzle-orm";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationKind,
  type NotificationSettings,
} from "../../../shared/schemas/notifications";
import type { Db } from "../../db/client";
import { statement } from "../../db/raw";
import { notificationSettings, notifications } from "../../db/schema/notifications";
import { pushSubscriptions } from "../../db/schema/push";
import { users } from "../../db/schema/users";
import type { Env } from "../../env";
import { enqueueJobs, type JobSpec } from "../../jobs/queue";
import { mailTemplates } from "../mail/public";

/** The longest notification text kept (a long challenge or golfer name is shortened, not refused). */
export const NOTIFICATION_TEXT_MAX = 500;

export type NotifyOptions = {
  /**
   * One notification per user and key, ever: a job run again (its process died mid-run) or a
   * schedule enqueued twice adds nothing, and sends no second mail or push.
   */
  dedupeKey?: string;
  /** The public origin mails link to (the first PUBLIC_ORIGIN); without it mails name the path. */
  env?: Pick<Env, "PUBLIC_ORIGIN">;
  /** A subject for the e-mail (default: the text). */
  subject?: string;
  /** False: no e-mail whatever the settings (the caller mails by itself, e.g. a support reply). */
  mail?: boolean;
};

/** The settings of `userIds` for `kind`: their choice, else the default. */
export async function settingsFor(
  db: Db,
  userIds: readonly number[],
  kind: NotificationKind,
): Promise<Map<number, { email: boolean; push: boolean }>> {
  const out = new Map(userIds.map((id) => [id, DEFAULT_NOTIFICATION_SETTINGS[kind]]));
  if (!userIds.length) return out;
  const chosen = await db
    .select()
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, [...userIds]), eq(notificationSettings.kind, kind)));
  for (const row of chosen) out.set(row.userId, { email: row.email, push: row.push });
  return out;
}

/** Every kind's setting for one user (defaults where they chose nothing). */
export async function allSettingsOf(db: Db, userId: number): Promise<NotificationSettings> {
  const out = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  const chosen = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  for (const row of chosen) if (row.kind in out) out[row.kind] = { email: row.email, push: row.push };
  return out;
}

/** An absolute link when the public origin is known, else the path itself. */
export const linkTo = (env: NotifyOptions["env"], url: string) => `${env?.PUBLIC_ORIGIN[0] ?? ""}${url}`;

/**
 * One statement for what took three (issue 19): the recipients who are not disabled, their new
 * notifications (none where they already have this dedupe key), each one's own setting for the
 * kind (null: the default), and whether they have a device to push to at all. Built once
 * (db/raw.ts): drizzle's 23-row insert alone cost ~520 us of server CPU to build.
 */
const addNotifications = statement<{
  userId: number;
  email: string | null;
  mailOn: boolean | null;
  pushOn: boolean | null;
  hasDevice: boolean;
}>(sql`
  with recipients as (
    select id, email from ${users}
     where id in (select value::int from jsonb_array_elements_text(${sql.placeholder("ids")}::jsonb))
       and disabled = false
  ), added as (
    insert into ${notifications} (user_id, type, text, url, dedupe_key)
    select id, ${sql.placeholder("kind")}, ${sql.placeholder("text")}, ${sql.placeholder("url")}, ${sql.placeholder("key")}
      from recipients
    on conflict (user_id, dedupe_key) do nothing
    returning user_id
  )
  select a.user_id::int as "userId", r.email, s.email as "mailOn", s.push as "pushOn",
         exists (select 1 from ${pushSubscriptions} p where p.user_id = a.user_id) as "hasDevice"
    from added a
    join recipients r on r.id = a.user_id
    left join ${notificationSettings} s on s.user_id = a.user_id and s.kind = ${sql.placeholder("kind")}
   order by a.user_id`);

/**
 * Tells `userIds` about an event: an in-app notification each (which every open device of theirs
 * hears of at commit, through the table's NOTIFY trigger), and a "mail.send" / "push.send" job
 * per their settings for `kind` (ADR 0033), "push.send" only for those with a subscribed device.
 * Everything is written through `db` in one transaction, so nothing is sent for an event that
 * rolls back. Disabled accounts get nothing.
 * Resolves with the users who were told (not those who already had this dedupe key).
 */
export async function notify(
  db: Db,
  userIds: readonly number[],
  kind: NotificationKind,
  text: string,
  url: string,
  opts: NotifyOptions = {},
): Promise<number[]> {
  if (!userIds.length) return [];
  return db.transaction((tx) => notifyIn(tx, userIds, kind, text, url, opts));
}

/**
 * notify() inside the caller's transaction `tx`, which must be one (what it writes belongs
 * together). Its first statement is sent before anything is awaited, so several calls (and the
 * caller's other statements) sent at once travel together (ADR 0066).
 */
export async function notifyIn(
  tx: Db,
  userIds: readonly number[],
  kind: NotificationKind,
  text: string,
  url: string,
  opts: NotifyOptions = {},
): Promise<number[]> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  const body = text.trim().slice(0, NOTIFICATION_TEXT_MAX);
  const told = await addNotifications(tx, {
    ids: JSON.stringify(unique),
    kind,
    text: body,
    url,
    key: opts.dedupeKey ?? null,
  });
  const link = linkTo(opts.env, url);
  // Every recipient's push and mail jobs in one multi-row INSERT, not a statement each.
  const sends: JobSpec[] = [];
  // No settings row for the kind: the default (as settingsFor reads it).
  const fallback = DEFAULT_NOTIFICATION_SETTINGS[kind];
  for (const r of told) {
    const choice = { push: r.pushOn ?? fallback.push, email: r.mailOn ?? fallback.email };
    const key = (channel: string) => (opts.dedupeKey ? `${channel}:${r.userId}:${opts.dedupeKey}` : undefined);
    // No subscribed device, nothing to push to: no job (issue 19: a "push.send" job per golfer
    // overtaken, claimed and finished to find no device, was ~0.6 jobs per recorded round in
    // bench:cpu). A device subscribed after this moment misses this one push, not later ones.
    if (choice.push && r.hasDevice) {
      sends.push({
        kind: "push.send",
        payload: { userId: r.userId, title: "Birdie Challenge", body, url, tag: kind },
        opts: { dedupeKey: key("push") },
      });
    }
    if (choice.email && r.email && opts.mail !== false) {
      sends.push({
        kind: "mail.send",
        payload: mailTemplates.notificationMail(
          r.email,
          (opts.subject ?? body).slice(0, 150),
          body,
          link,
          linkTo(opts.env, "/profile"),
        ),
        opts: { dedupeKey: key("mail") },
      });
    }
  }
  await enqueueJobs(tx, sends);
  return told.map((r) => r.userId);
}
