import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { LISTENER_APPLICATION_NAME } from "../../db/pg-listener";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { twoInstances } from "../../test/harness/instances";
import { serverClient, signUpAt, TestSocket } from "../../test/harness/test-socket";

// Two server instances on one database deliver each other's chat messages.
// - With TEST_DATABASE_URL (PostgreSQL): instance B is a separate OS process running the real entry
//   point (src/server/index.ts) on its own port; fan-out crosses processes through LISTEN/NOTIFY,
//   and a killed listener connection comes back and tells its rooms to resync.
// - On PGlite (one process per data directory by design): B is a second Bun server in this process
//   sharing the PGlite, so the in-process LISTEN/NOTIFY bus is what carries messages between them.

const postgresUrl = process.env.TEST_DATABASE_URL;

const two = twoInstances();

const isChat = (text: string) => (e: any) => e.type === "chat_message" && e.data.message?.message === text;

describe(`chat fan-out across two server instances (${postgresUrl ? "PostgreSQL, two processes" : "PGlite, in-process bus"})`, () => {
  test("a message posted on either instance reaches the room's sockets on both; removal drops a socket on the other instance", async () => {
    const owner = await signUpAt(two.a.url, "Olive Owner");
    const friend = await signUpAt(two.a.url, "Fred Friend");
    const challenge = await createChallenge(owner.client);
    await join(friend.client, challenge.inviteCode);

    // Sessions live in the shared database, so B accepts A's cookies.
    const ownerOnB = serverClient(two.b.origin);
    ownerOnB.cookies = new Map(owner.client.cookies);
    const onA = await TestSocket.open(two.a.url, owner.cookie);
    const onB = await TestSocket.open(two.b.origin, friend.cookie);
    const ownerSocketOnB = await TestSocket.open(two.b.origin, owner.cookie);
    try {
      for (const s of [onA, onB, ownerSocketOnB])
        expect(await s.join(challenge.id)).toEqual({ type: "JOINED_CHALLENGE_CHAT", challengeId: challenge.id });

      // A -> B
      let arrivals = [onA.next(isChat("posted on A")), onB.next(isChat("posted on A"))];
      const sentOnA = await owner.client.post(`/api/challenges/${challenge.id}/chat`, { message: "posted on A" });
      expect(sentOnA.status).toBe(201);
      for (const e of await Promise.all(arrivals))
        expect(e.data).toEqual({ challengeId: challenge.id, message: sentOnA.json });

      // B -> A
      arrivals = [onA.next(isChat("posted on B")), onB.next(isChat("posted on B"))];
      const sentOnB = await ownerOnB.post(`/api/challenges/${challenge.id}/chat`, { message: "posted on B" });
      expect(sentOnB.status).toBe(201);
      for (const e of await Promise.all(arrivals))
        expect(e.data).toEqual({ challengeId: challenge.id, message: sentOnB.json });

      if (postgresUrl) {
        // Kill every chat listener connection of this database (A's and B's): each comes back,
        // tells its rooms to refetch (a chat_message without a message), and delivery goes on.
        const resyncs = [onA, onB].map((s) =>
          s.next(
            (e) => e.type === "chat_message" && e.data.resync === true && e.data.challengeId === challenge.id,
            10_000,
          ),
        );
        const killed = (await two.database.db.execute(
          sql`select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
        )) as unknown as unknown[];
        expect(killed.length).toBe(2);
        await Promise.all(resyncs);
        arrivals = [
          onA.next(isChat("after the listeners came back")),
          onB.next(isChat("after the listeners came back")),
        ];
        await owner.client.post(`/api/challenges/${challenge.id}/chat`, { message: "after the listeners came back" });
        await Promise.all(arrivals);
      }

      // Removed on A: the friend's socket on B leaves the room; the owner's socket on B still hears it.
      expect((await owner.client.delete(`/api/challenges/${challenge.id}/players/${friend.id}`)).status).toBe(200);
      await Bun.sleep(200);
      const stillThere = ownerSocketOnB.next(isChat("after the removal"));
      await owner.client.post(`/api/challenges/${challenge.id}/chat`, { message: "after the removal" });
      await stillThere;
      await onB.expectNone("after the removal", 200);
    } finally {
      for (const s of [onA, onB, ownerSocketOnB]) s.close();
    }
  }, 60_000);
});
