import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createSession, sessionIdFromToken } from "../auth/session";
import { birdieRecords } from "../db/schema/birdies";
import { challengePlayers, challenges } from "../db/schema/challenges";
import { sessions, users } from "../db/schema/users";
import { recordBirdie } from "../features/birdies/service";
import { addPlayer, createChallenge } from "../features/challenges/service";
import { sendMessage } from "../features/chat/service";
import { uploadPicture } from "../features/profile/service";
import { createSupportRequest } from "../features/support/service";
import { signUp, type TestHarness } from "../test/harness";

// The seeded world the hostile-input suites attack: four golfers, three challenges and a few
// records, messages and requests. Generated cases name its parts symbolically ("own.id"), resolved
// when the case runs, so a case still means something after an earlier case deleted and this
// module re-created a challenge.

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "../test/fixtures", name)));
export const TINY_PNG = fixture("tiny.png");
export const TINY_JPEG = fixture("tiny.jpg");
export const TINY_GIF = fixture("tiny.gif");

export type Persona = { id: number; username: string; token: string; cookie: string; isAdmin: boolean };
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
  /** How often `ensure` had to repair something (a sign the fuzzers reached deep paths). */
  repairs = 0;

  private constructor(readonly h: TestHarness) {}

  static async create(h: TestHarness): Promise<World> {
    const w = new World(h);
    const personas = {} as Record<PersonaName, Persona>;
    for (const name of ["member", "owner", "stranger", "admin"] as PersonaName[]) {
      const { client, user } = await signUp(h, { username: `${name}_${tag()}`.slice(0, 30) });
      const token = client.cookies.get("session")!;
      personas[name] = { id: user.id, username: user.username, token, cookie: `session=${token}`, isAdmin: name === "admin" };
    }
    await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, personas.admin.id));
    w.personas = personas;
    await uploadPicture(h.db, personas.owner.id, { profilePicture: `data:image/png;base64,${Buffer.from(TINY_PNG).toString("base64")}` });
    const support = await createSupportRequest(h.deps, h.db, { email: "owner@example.com", subject: "Help", message: "Private question" }, { userId: personas.owner.id, ip: "10.0.0.1" });
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
            : (this.personas as Record<string, Persona | undefined>)[head] as unknown as Record<string, unknown> | undefined;
    if (!holder || !(key in holder)) throw new Error(`unknown world reference ${path}`);
    return holder[key];
  };

  private async newChallenge(creator: PersonaName, players: PersonaName[]): Promise<ChallengeRef> {
    const view = await createChallenge(this.h.db, this.personas[creator].id, {
      name: `Hostile ${creator} ${tag()}`,
      startDate: new Date(Date.now() - 10 * DAY).toISOString(),
      endDate: new Date(Date.now() + 30 * DAY).toISOString(),
      courseName: `Course ${tag()}`,
      allowMultipleBirdies: true,
      rules: "Private rules",
    });
    for (const p of players) await addPlayer(this.h.db, view.id, this.personas[p].id);
    await sendMessage(this.h.db, this.personas[creator].id, { challengeId: view.id, message: `Private chat of ${creator}` });
    return { id: view.id, inviteCode: view.inviteCode, invitePin: view.invitePin, courseId: view.courses[0].id };
  }

  private async record(persona: PersonaName, c: ChallengeRef): Promise<number> {
    try {
      const r = await recordBirdie(this.h.db, this.personas[persona].id, {
        challengeId: c.id,
        courseId: c.courseId,
        holeNumber: 1 + Math.floor(Math.random() * 18),
        score: 3,
        date: yesterday(),
        verifiedBy: partner,
      });
      return r.id;
    } catch {
      // A fuzzed update may have closed the challenge or refused repeats: the id then names nothing.
      return 0;
    }
  }

  private async seedRecords() {
    this.birdie.member = await this.record("member", this.own);
    this.birdie.owner = await this.record("owner", this.other);
    this.birdie.secret = await this.record("owner", this.secret);
  }

  /**
   * After a request succeeded (it may legitimately have changed things): put the world back the
   * way the suites expect, so later cases still run as a signed-in member against live challenges.
   * Cheap when nothing is off (three small queries).
   */
  async ensure(): Promise<void> {
    const db = this.h.db;
    const all = Object.entries(this.personas) as [PersonaName, Persona][];
    // Golfers: enabled, admin only when meant to be, signed in with the same cookie as before.
    const rows = await db
      .select({ id: users.id, isAdmin: users.isAdmin, disabled: users.disabled, hasSession: sql<boolean>`exists (select 1 from ${sessions} where ${inArray(sessions.id, all.map(([, p]) => sessionIdFromToken(p.token)))} and ${sessions.userId} = ${users.id})` })
      .from(users)
      .where(inArray(users.id, all.map(([, p]) => p.id)));
    for (const [, p] of all) {
      const row = rows.find((r) => r.id === p.id);
      if (!row) throw new Error(`persona ${p.username} was deleted`);
      if (row.isAdmin !== p.isAdmin || row.disabled) {
        this.repairs++;
        await db.update(users).set({ isAdmin: p.isAdmin, disabled: false }).where(eq(users.id, p.id));
      }
      if (!row.hasSession) {
        this.repairs++;
        await db.delete(sessions).where(eq(sessions.id, sessionIdFromToken(p.token)));
        await createSession(db, p.token, p.id);
      }
    }

    // Challenges: still there (re-created when deleted), codes refreshed, memberships as designed.
    const ids = [this.own.id, this.other.id, this.secret.id];
    const found = await db
      .select({ id: challenges.id, inviteCode: challenges.inviteCode, invitePin: challenges.invitePin, players: sql<number[]>`array(select ${challengePlayers.userId} from ${challengePlayers} where ${challengePlayers.challengeId} = ${challenges.id})` })
      .from(challenges)
      .where(inArray(challenges.id, ids));
    const layout: [("own" | "other" | "secret"), PersonaName, PersonaName[]][] = [
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
      const have = new Set((row.players ?? []).map(Number));
      for (const id of want) {
        if (!have.has(id)) {
          this.repairs++;
          await addPlayer(db, row.id, id);
        }
      }
      const extra = [...have].filter((id) => !want.has(id) && all.some(([, p]) => p.id === id));
      if (extra.length) {
        this.repairs++;
        await db.delete(birdieRecords).where(and(eq(birdieRecords.challengeId, row.id), inArray(birdieRecords.userId, extra)));
        await db.delete(challengePlayers).where(and(eq(challengePlayers.challengeId, row.id), inArray(challengePlayers.userId, extra)));
      }
    }
    const birdieIds = [this.birdie.member, this.birdie.owner, this.birdie.secret];
    const kept = await db.select({ id: birdieRecords.id }).from(birdieRecords).where(inArray(birdieRecords.id, birdieIds));
    if (reseed || kept.length < birdieIds.filter(Boolean).length) {
      this.repairs++;
      await this.seedRecords();
    }
  }
}
