import { describe, expect, test } from "bun:test";
import { createTestHarness, signUp } from "../../test/harness/harness";
import { createChallenge } from "../../test/harness/challenge-fixtures";
import { deliverQueuedMail, mailTestHarness } from "../../test/harness/mail";
import { linkIn } from "../../test/harness/smtp-catcher";
import { CANNOT_MAIL_INVITES } from "./email";

// Invite by e-mail from the invite card (docs/product/rules.md#invites).
const withMail = mailTestHarness();

describe("invite by email", () => {
  test("a player mails the invitation link to each address once; a stranger gets 404", async () => {
    const { client, user } = await signUp(withMail.h);
    const challenge = await createChallenge(client);
    const res = await client.post(`/api/challenges/${challenge.id}/invite/email`, {
      emails: ["ann@example.org", "ANN@example.org", "bo@example.org"],
    });
    expect(res.status).toBe(202);
    expect(res.json.sent).toBe(2);
    await deliverQueuedMail(withMail.h);
    const mails = await withMail.smtp.waitFor((m) => m.to.endsWith("@example.org"), 2);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe(`${user.displayName} invites you to ${challenge.name}`);
    expect(linkIn(mails[0], "/invite/")).toBe(`http://localhost/invite/${challenge.inviteCode}`);

    const stranger = await signUp(withMail.h);
    const refused = await stranger.client.post(`/api/challenges/${challenge.id}/invite/email`, {
      emails: ["cy@example.org"],
    });
    expect(refused.status).toBe(404);
  });

  test("up to 10 valid addresses; none or a bad one is 400", async () => {
    const { client } = await signUp(withMail.h);
    const challenge = await createChallenge(client);
    const path = `/api/challenges/${challenge.id}/invite/email`;
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@example.org`);
    expect((await client.post(path, { emails: eleven })).json).toEqual({ message: "At most 10 addresses at a time" });
    expect((await client.post(path, { emails: [] })).status).toBe(400);
    expect((await client.post(path, { emails: ["nope"] })).json).toEqual({
      message: "Please enter a valid email address",
    });
  });

  test("without SMTP_URL: 503", async () => {
    const off = await createTestHarness({ database: withMail.h.database });
    const { client } = await signUp(off);
    const challenge = await createChallenge(client);
    const res = await client.post(`/api/challenges/${challenge.id}/invite/email`, { emails: ["d@example.org"] });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: CANNOT_MAIL_INVITES });
  });
});
