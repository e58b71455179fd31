import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createSession, sessionIdFromToken } from "../../auth/session";
import { auditLog } from "../../db/schema/admin";
import { birdieRecords, roundSubmissions } from "../../db/schema/birdies";
import { chatMessages } from "../../db/schema/chat";
import { supportRequests } from "../../db/schema/support";
import { challengeCourses, challengePlayers, challenges, courses } from "../../db/schema/challenges";
import { sessions, type UserRow, users } from "../../db/schema/users";
import { recordBirdieSchema } from "../../../shared/schemas/birdies";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { sendChatMessageSchema } from "../../../shared/schemas/chat";
import { recordBirdie } from "../../features/birdies/recording";
import { addPlayer } from "../../features/challenges/access";
import { createChallenge } from "../../features/challenges/commands";
import { sendMessage } from "../../features/chat/service";
import { uploadPicture } from "../../features/profile/service";
import { createSupportRequest } from "../../features/support/service";
import { signUp, type TestHarness } from "../harness/harness";
import { vapidKeys } from "../../features/push/vapid";

// The seeded world the hostile-input suites attack: four golfers, three challenges and a few
// records, messages and requests. Generated cases name its parts symbolically ("own.id"), resolved
// when the case runs, so a case still means something after an earlier case deleted and this
// module re-created a challenge.

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "../harness/fixtures", name)));
export const TINY_PNG = fixture("tiny.png");
export const TINY_JPEG = fixture("tiny.jpg");
export const TINY_GIF = fixture("tiny.gif");

export type Persona = {
  id: number;
  username: string;
  token: string;
  cookie: string;
  isAdmin: boolean;
  /** The row, for calling services directly with `h.as(persona.user)`. */
  user: UserRow;
};
export type ChallengeRef = { id: number; inviteCode: string; invitePin: string; courseId: number };
export type PersonaName = "member" | "owner" | "stranger" | "admin";

const DAY = 86_400_000;
const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 6)}`;

/** Who is who:
 * - member: creator of `own`, a player of `other`, never of `secret` (the suites act as member);
 * - owner: creator of `other` and `secret`, a player of `own`;
 * - stranger: in no challenge at all;
 * - admin: an admin, in no challenge.
 */
export class World {
  personas!: Record<PersonaName, Persona>;
  own!: ChallengeRef;
  other!: ChallengeRef;
  secret!: ChallengeRef;
  birdie = { member: 0, owner: 0, secret: 0 };
  support = { id: 0 };
  /** An open fair-play flag on the owner's record (the admin queue's routes act on it). */
  flag = { id: 0 };
  /** How often `ensure` had to repair something (a sign the fuzzers reached deep paths). */
  repairs = 0;

  private constructor(readonly h: TestHarness) {}

  static async create(h: TestHarness): Promise<World> {
    const w = new World(h);
    // A running server has its VAPID key pair from start (server.ts), so reads never create it.
    await vapidKeys(h.deps);
    const personas = {} as Record<PersonaName, Persona>;
    for (const name of ["member", "owner", "stranger", "admin"] as PersonaName[]) {
      const { client, user } = await signUp(h, { username: `${name}_${tag()}`.slice(0, 30) });
      const token = client.cookies.get("session")!;
      personas[name] = {
        id: user.id,
        username: user.username,
        token,
        cookie: `session=${token}`,
        isAdmin: name === "admin",
        user,
      };
    }
    await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, personas.admin.id));
    w.personas = personas;
    await uploadPicture(h.as(personas.owner.user), {
      profilePicture: `data:image/png;base64,${Buffer.from(TINY_PNG).toString("base64")}`,
    });
    const support = await createSupportRequest(h.as(personas.owner.user, { ip: "10.0.0.1" }), {
      email: "owner@example.com",
      subject: "Help",
      message: "Private question",
      type: "question",
    });
    w.support.id = support.id;
    w.own = await w.newChallenge("member", ["owner"]);
    w.other = await w.newChallenge("owner", ["member"]);
    w.secret = await w.newChallenge("owner", []);
    await w.seedRecords();
    return w;
  }

  get member() {
    return this.personas.member;
  }
  get owner() {
    return this.personas.owner;
  }
  get stranger() {
    return this.personas.stranger;
  }
  get admin() {
    return this.personas.admin;
  }

  /** The current value of a symbolic reference such as "own.id" or "member.username". */
  resolve = (path: string): unknown => {
    const [head, key] = path.split(".");
    const holder: Record<string, unknown> | undefined =
      head === "own" || head === "other" || head === "secret"
        ? (this[head] as unknown as Record<string, unknown>)
        : head === "birdie"
          ? this.birdie
          : head === "support"
            ? this.support
            : head === "flag"
              ? this.flag
              : ((this.personas as Record<string, Persona | undefined>)[head] as unknown as
                  | Record<string, unknown>
                  | undefined);
    if (!holder || !(key in holder)) throw new Error(`unknown world reference ${path}`);
    return holder[key];
  };

  private async newChallenge(creator: PersonaName, players: PersonaName[]): Promise<ChallengeRef> {
    const view = await createChallenge(
      this.h.as(this.personas[creator].user),
      createChallengeSchema.parse({
        name: `Hostile ${creator} ${tag()}`,
        startDate: new Date(Date.now() - 10 * DAY).toISOString(),
        endDate: new Date(Date.now() + 30 * DAY).toISOString(),
        courseName: `Course ${tag()}`,
        allowMultipleBirdies: true,
        rules: "Private rules",
      }),
    );
    for (const p of players) await addPlayer(this.h.db, view.id, this.personas[p].id);
    await sendMessage(
      this.h.as(this.personas[creator].user),
      sendChatMessageSchema.parse({
        challengeId: view.id,
        message: `Private chat of ${creator}`,
      }),
    );
    return { id: view.id, inviteCode: view.inviteCode, invitePin: view.invitePin, courseId: view.courses[0].id };
  }

  private async record(persona: PersonaName, c: ChallengeRef): Promise<number> {
    try {
      const r = await recordBirdie(
        this.h.as(this.personas[persona].user),
        recordBirdieSchema.parse({
          challengeId: c.id,
          courseId: c.courseId,
          holeNumber: 1 + Math.floor(Math.random() * 18),
          score: 3,
          date: yesterday(),
          verifiedBy: partner,
        }),
      );
      return r.id;
    } catch {
      // A fuzzed update may have closed the challenge or refused repeats: the id then names nothing.
      return 0;
    }
  }

  /** The open flag, made or reopened when a case dismissed, actioned or deleted it. */
  private async ensureFlag() {
    const found = (await this.h.db.execute(
      sql`select status from fairplay_flags where id = ${this.flag.id}`,
    )) as unknown as { rows?: { status: string }[] } | { status: string }[];
    const [row] = Array.isArray(found) ? found : (found.rows ?? []);
    if (row?.status === "open") return;
    if (this.flag.id) this.repairs++;
    const made = (await this.h.db.execute(sql`
      insert into fairplay_flags (rule, user_id, subject_key, record_ids, explanation)
      values ('self_partner', ${this.owner.id}, 'hostile', array[${this.birdie.owner}]::int[], 'A seeded flag')
      on conflict (rule, user_id, subject_key) do update
        set status = 'open', resolution = null, resolved_by = null, resolved_at = null, record_ids = excluded.record_ids
      returning id`)) as unknown as { rows?: { id: number }[] } | { id: number }[];
    const [flag] = Array.isArray(made) ? made : (made.rows ?? []);
    this.flag.id = Number(flag?.id);
  }

  private async seedRecords() {
    this.birdie.member = await this.record("member", this.own);
    this.birdie.owner = await this.record("owner", this.other);
    this.birdie.secret = await this.record("owner", this.secret);
  }

  /**
   * Deletes what earlier cases created (users, challenges, courses, records, messages, sessions,
   * requests) and reopens the seeded challenges, so every procedure's run starts from the same
   * small database: the per-case cost (a table snapshot scans every row) stays flat over the suite.
   */
  async prune(): Promise<void> {
    const db = this.h.db;
    const personaIds = Object.values(this.personas).map((p) => p.id);
    const challengeIds = [this.own.id, this.other.id, this.secret.id];
    const keepBirdies = [this.birdie.member, this.birdie.owner, this.birdie.secret].filter(Boolean);
    const keepSessions = Object.values(this.personas).map((p) => sessionIdFromToken(p.token));
    const list = (ids: readonly (number | string)[]) =>
      sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
    await db.execute(sql`delete from ${challenges} where ${challenges.id} not in (${list(challengeIds)})`);
    await db.execute(sql`delete from ${users} where ${users.id} not in (${list(personaIds)})`);
    await db.execute(sql`delete from ${sessions} where ${sessions.id} not in (${list(keepSessions)})`);
    await db.execute(
      sql`delete from ${birdieRecords} where ${keepBirdies.length ? sql`${birdieRecords.id} not in (${list(keepBirdies)})` : sql`true`}`,
    );
    await db.execute(sql`delete from ${chatMessages} where ${chatMessages.message} not like 'Private chat of %'`);
    await db.execute(sql`delete from ${supportRequests} where ${supportRequests.id} <> ${this.support.id}`);
    await db.execute(sql`delete from ${auditLog}`);
    await db.execute(sql`delete from ${roundSubmissions}`);
    await db.execute(
      sql`delete from ${courses} where not exists (select 1 from ${challengeCourses} where ${challengeCourses.courseId} = ${courses.id}) and not exists (select 1 from ${birdieRecords} where ${birdieRecords.courseId} = ${courses.id})`,
    );
    await db
      .update(challenges)
      .set({
        startDate: new Date(Date.now() - 10 * DAY),
        endDate: new Date(Date.now() + 30 * DAY),
        allowMultipleBirdies: true,
      })
      .where(inArray(challenges.id, challengeIds));
    await this.ensure();
  }

  /**
   * After a request succeeded (it may legitimately have changed things): put the world back the
   * way the suites expect, so later cases still run as a signed-in member against live challenges.
   * Cheap when nothing is off (three small queries).
   */
  async ensure(): Promise<{ admins: number; repaired: boolean }> {
    const db = this.h.db;
    const repairsBefore = this.repairs;
    const all = Object.entries(this.personas) as [PersonaName, Persona][];
    const personaIds = all.map(([, p]) => p.id);
    const sessionIds = all.map(([, p]) => sessionIdFromToken(p.token));
    const ids = [this.own.id, this.other.id, this.secret.id];
    const birdieIds = [this.birdie.member, this.birdie.owner, this.birdie.secret];
    // Everything to check in one round trip (this runs after every successful write).
    const result = (await db.execute(sql`select
      (select coalesce(json_agg(json_build_object('id', ${users.id}, 'isAdmin', ${users.isAdmin}, 'disabled', ${users.disabled})), '[]') from ${users} where ${inArray(users.id, personaIds)}) as personas,
      (select coalesce(json_agg(${sessions.id}), '[]') from ${sessions} where ${inArray(sessions.id, sessionIds)}) as sessions,
      (select coalesce(json_agg(json_build_object('id', ${challenges.id}, 'inviteCode', ${challenges.inviteCode}, 'invitePin', ${challenges.invitePin})), '[]') from ${challenges} where ${inArray(challenges.id, ids)}) as challenges,
      (select coalesce(json_agg(json_build_object('challengeId', ${challengePlayers.challengeId}, 'userId', ${challengePlayers.userId})), '[]') from ${challengePlayers} where ${inArray(challengePlayers.challengeId, ids)}) as players,
      (select count(*)::int from ${birdieRecords} where ${inArray(birdieRecords.id, birdieIds)}) as birdies,
      (select count(*)::int from ${users} where ${users.isAdmin}) as admins`)) as unknown as
      | { rows?: EnsureRow[] }
      | EnsureRow[];
    const state = (Array.isArray(result) ? result : result.rows!)[0];
    const parse = <T>(v: T | string): T => (typeof v === "string" ? JSON.parse(v) : v);
    const rows = parse(state.personas);
    const live = new Set(parse(state.sessions));
    const found = parse(state.challenges);
    const memberships = parse(state.players);

    // Golfers: enabled, admin only when meant to be, signed in with the same cookie as before.
    for (const [, p] of all) {
      const row = rows.find((r) => r.id === p.id);
      if (!row) throw new Error(`persona ${p.username} was deleted`);
      if (row.isAdmin !== p.isAdmin || row.disabled) {
        this.repairs++;
        await db.update(users).set({ isAdmin: p.isAdmin, disabled: false }).where(eq(users.id, p.id));
      }
      if (!live.has(sessionIdFromToken(p.token))) {
        this.repairs++;
        await db.delete(sessions).where(eq(sessions.id, sessionIdFromToken(p.token)));
        await createSession(db, p.token, p.id);
      }
    }

    // Challenges: still there (re-created when deleted), codes refreshed, memberships as designed.
    const layout: ["own" | "other" | "secret", PersonaName, PersonaName[]][] = [
      ["own", "member", ["owner"]],
      ["other", "owner", ["member"]],
      ["secret", "owner", []],
    ];
    let reseed = false;
    for (const [key, creator, players] of layout) {
      const row = found.find((r) => r.id === this[key].id);
      if (!row) {
        this.repairs++;
        this[key] = await this.newChallenge(creator, players);
        reseed = true;
        continue;
      }
      this[key].inviteCode = row.inviteCode;
      this[key].invitePin = row.invitePin;
      const want = new Set([this.personas[creator].id, ...players.map((p) => this.personas[p].id)]);
      const have = new Set(memberships.filter((m) => m.challengeId === row.id).map((m) => m.userId));
      for (const id of want) {
        if (!have.has(id)) {
          this.repairs++;
          await addPlayer(db, row.id, id);
        }
      }
      const extra = [...have].filter((id) => !want.has(id) && personaIds.includes(id));
      if (extra.length) {
        this.repairs++;
        await db
          .delete(birdieRecords)
          .where(and(eq(birdieRecords.challengeId, row.id), inArray(birdieRecords.userId, extra)));
        await db
          .delete(challengePlayers)
          .where(and(eq(challengePlayers.challengeId, row.id), inArray(challengePlayers.userId, extra)));
      }
    }
    if (reseed || Number(state.birdies) < birdieIds.filter(Boolean).length) {
      this.repairs++;
      await this.seedRecords();
    }
    await this.ensureFlag();
    return { admins: Number(state.admins), repaired: this.repairs !== repairsBefore };
  }
}

type EnsureRow = {
  personas: { id: number; isAdmin: boolean; disabled: boolean }[] | string;
  sessions: string[] | string;
  challenges: { id: number; inviteCode: string; invitePin: string }[] | string;
  players: { challengeId: number; userId: number }[] | string;
  birdies: number;
  admins: number;
};
