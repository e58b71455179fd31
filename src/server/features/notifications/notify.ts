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

/** One notification to add: to whom, its kind, its text and link, and its dedupe key. */
export type NotificationItem = {
  userId: number;
  kind: NotificationKind;
  text: string;
  url: string;
  dedupeKey?: string | null;
};

/** A notification just added, with what its sends need: the recipient's address and settings. */
type AddedNotification = {
  userId: number;
  kind: NotificationKind;
  email: string | null;
  mailOn: boolean | null;
  pushOn: boolean | null;
  hasDevice: boolean;
};

/**
 * One statement for what took three (issue 19): the recipients who are not disabled, their new
 * notifications (none where they already have that dedupe key), each one's own setting for its
 * kind (null: the default), and whether they have a device to push to at all. The notifications
 * may differ in kind, text and link (a round tells its rivals one thing and each golfer it
 * overtook their own rank), so one statement adds a whole event's. Built once (db/raw.ts):
 * drizzle's 23-row insert alone cost ~520 us of server CPU to build.
 */
const addNotifications = statement<AddedNotification>(sql`
  with wanted as (
    select (x->>'u')::int as id, x->>'k' as kind, x->>'t' as text, x->>'l' as url, x->>'d' as key
      from jsonb_array_elements(${sql.placeholder("items")}::jsonb) as x
  ), recipients as (
    select w.id, w.kind, w.text, w.url, w.key, u.email
      from wanted w join ${users} u on u.id = w.id
     where u.disabled = false
  ), added as (
    insert into ${notifications} (user_id, type, text, url, dedupe_key)
    select id, kind, text, url, key from recipients
    on conflict (user_id, dedupe_key) do nothing
    returning user_id, type
  )
  select a.user_id::int as "userId", a.type as "kind", r.email, s.email as "mailOn", s.push as "pushOn",
         exists (select 1 from ${pushSubscriptions} p where p.user_id = a.user_id) as "hasDevice"
    from added a
    join recipients r on r.id = a.user_id and r.kind = a.type
    left join ${notificationSettings} s on s.user_id = a.user_id and s.kind = a.type
   order by a.user_id, a.type`);

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
export function notifyIn(
  tx: Db,
  userIds: readonly number[],
  kind: NotificationKind,
  text: string,
  url: string,
  opts: NotifyOptions = {},
): Promise<number[]> {
  return notifyEach(
    tx,
    userIds.map((userId) => ({ userId, kind, text, url, dedupeKey: opts.dedupeKey })),
    opts,
  );
}

/**
 * Several notifications of one event, each with its own recipient, kind, text and link, in one
 * statement inside `tx` (as notifyIn). A recipient gets one notification of each kind: a second
 * item for the same golfer and kind is dropped. `opts.dedupeKey` is not used: each item carries
 * its own. Resolves with the users who were told (each once, even if told twice).
 */
export async function notifyEach(
  tx: Db,
  items: readonly NotificationItem[],
  opts: Omit<NotifyOptions, "dedupeKey"> = {},
): Promise<number[]> {
  // Each kept with its text as stored (trimmed, shortened): the sends below say the same.
  const byRecipientAndKind = new Map<string, NotificationItem>();
  for (const item of items) {
    const at = `${item.userId}:${item.kind}`;
    if (!byRecipientAndKind.has(at))
      byRecipientAndKind.set(at, { ...item, text: item.text.trim().slice(0, NOTIFICATION_TEXT_MAX) });
  }
  if (!byRecipientAndKind.size) return [];
  const wanted = [...byRecipientAndKind.values()].map((item) => ({
    u: item.userId,
    k: item.kind,
    t: item.text,
    l: item.url,
    d: item.dedupeKey ?? null,
  }));
  const told = await addNotifications(tx, { items: JSON.stringify(wanted) });
  // Every recipient's push and mail jobs in one multi-row INSERT, not a statement each.
  const sends: JobSpec[] = [];
  for (const r of told) {
    const item = byRecipientAndKind.get(`${r.userId}:${r.kind}`);
    if (item) sends.push(...sendsFor(r, item, opts));
  }
  await enqueueJobs(tx, sends);
  return [...new Set(told.map((r) => r.userId))];
}

/** The push and mail jobs one added notification asks for, by its recipient's settings for its kind. */
function sendsFor(r: AddedNotification, item: NotificationItem, opts: Omit<NotifyOptions, "dedupeKey">): JobSpec[] {
  const body = item.text;
  // No settings row for the kind: the default (as settingsFor reads it).
  const fallback = DEFAULT_NOTIFICATION_SETTINGS[r.kind];
  const choice = { push: r.pushOn ?? fallback.push, email: r.mailOn ?? fallback.email };
  const key = (channel: string) => (item.dedupeKey ? `${channel}:${r.userId}:${item.dedupeKey}` : undefined);
  const sends: JobSpec[] = [];
  // No subscribed device, nothing to push to: no job (issue 19: a "push.send" job per golfer
  // overtaken, claimed and finished to find no device, was ~0.6 jobs per recorded round in
  // bench:cpu). A device subscribed after this moment misses this one push, not later ones.
  if (choice.push && r.hasDevice) {
    sends.push({
      kind: "push.send",
      payload: { userId: r.userId, title: "Birdie Challenge", body, url: item.url, tag: r.kind },
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
        linkTo(opts.env, item.url),
        linkTo(opts.env, "/profile"),
      ),
      opts: { dedupeKey: key("mail") },
    });
  }
  return sends;
}
