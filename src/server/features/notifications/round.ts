import { sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../../shared/schemas/notification-kinds";
import type { Db } from "../../db/client";
import { statement } from "../../db/raw";
import type { Env } from "../../env";
import { notifyEach } from "./notify";
import { notificationText } from "./texts";

// A recorded round's notifications (docs/product/rules.md#notifications). Since session 29 the
// recording writes them in its own transaction (ADR 0070); the "notifications.round-recorded" job
// (jobs.ts) still tells rounds an earlier release enqueued. Both tell a round through tellRound.

/** Every member's rank on the board now and before the round (leaderboards' ranksBeforeAndAfter). */
export type RoundRanks = readonly { user_id: number; rank: number; rank_before: number; total_players: number }[];

export type ToldRound = {
  challengeId: number;
  challengeName: string;
  /** The golfer who recorded the round, and their display name. */
  userId: number;
  name: string;
  recordIds: readonly number[];
  birdies: number;
  eagles: number;
};

const boardUrl = (id: number) => `/leaderboard/${id}`;

/**
 * One round: every other player hears of it (rival_round, once per round, not per hole), and
 * each player it overtook hears that too, with their new rank. "Overtook": ranked ahead of the
 * golfer on the board as it was before the round, behind them now (`ranks`; without them, as for
 * a round an older release enqueued, nobody is told of being overtaken). One statement for all of
 * them (notifyEach), keyed by the round's first record: a round told twice tells nobody twice.
 */
export function tellRound(
  tx: Db,
  round: ToldRound,
  members: readonly number[],
  ranks: RoundRanks | undefined,
  opts: { env?: Pick<Env, "PUBLIC_ORIGIN">; sends?: boolean } = {},
): Promise<number[]> {
  if (!round.recordIds.length) return Promise.resolve([]);
  const key = `round:${Math.min(...round.recordIds)}`;
  const mine = ranks?.find((r) => r.user_id === round.userId);
  const overtaken =
    ranks && mine
      ? ranks.filter((is) => is.user_id !== round.userId && is.rank_before < mine.rank_before && is.rank > mine.rank)
      : [];
  const url = boardUrl(round.challengeId);
  const roundText = notificationText.round(round.name, round.challengeName, round.birdies, round.eagles);
  return notifyEach(
    tx,
    [
      ...members
        .filter((id) => id !== round.userId)
        .map((userId) => ({ userId, kind: "rival_round" as const, text: roundText, url, dedupeKey: key })),
      ...overtaken.map((is) => ({
        userId: is.user_id,
        kind: "overtaken" as const,
        text: notificationText.overtaken(round.name, round.challengeName, is.rank, is.total_players),
        url,
        dedupeKey: `overtaken:${key}`,
      })),
    ],
    // No sends: no push and no mail (roundMaySend found nobody to send to).
    opts.sends === false ? { env: opts.env, mail: false, push: false } : { env: opts.env },
  );
}

// Whoever may be sent something about a round: a device to push to (push needs one whatever the
// settings), or an address and mail on for a round kind, by a settings row or, for a kind without
// one, by the defaults. A superset: sendsFor (notify.ts) decides exactly, per notification.
const ROUND_KINDS = ["rival_round", "overtaken"] as const;
const mailByDefault = ROUND_KINDS.filter((k) => DEFAULT_NOTIFICATION_SETTINGS[k].email);
const kindList = (kinds: readonly string[]) => sql.raw(kinds.map((k) => `'${k}'`).join(", "));
const mailWithoutARow = mailByDefault.length
  ? sql`or (select count(*) from notification_settings s
             where s.user_id = p.user_id and s.kind in (${kindList(mailByDefault)})) < ${sql.raw(String(mailByDefault.length))}`
  : sql``;

const anyoneToSendTo = statement<{ any: boolean }>(sql`
  select exists (
    select 1 from challenge_players p
      join users u on u.id = p.user_id and not u.disabled
     where p.challenge_id = ${sql.placeholder("challengeId")} and p.user_id <> ${sql.placeholder("userId")}
       and (exists (select 1 from push_subscriptions d where d.user_id = p.user_id)
            or (u.email is not null
                and (exists (select 1 from notification_settings s
                              where s.user_id = p.user_id and s.kind in (${kindList(ROUND_KINDS)}) and s.email)
                     ${mailWithoutARow})))
  ) as any`);

/**
 * Whether telling a round in `challengeId` may send a push or a mail to anyone. When not, the
 * round's notifications are one statement with nothing after it, so COMMIT may travel with them
 * (ADR 0069); when so, the sends are enqueued once the notifications are in, then it commits.
 */
export async function roundMaySend(tx: Db, challengeId: number, userId: number): Promise<boolean> {
  const [row] = await anyoneToSendTo(tx, { challengeId, userId });
  return Boolean(row?.any);
}
