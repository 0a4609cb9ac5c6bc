import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Invitation, InvitationList } from '../../contract/teams.ts';
import { teamInvitations, teamMembers, type User } from '../../server/db/schema.ts';
import { LIMITS } from '../../server/identity/throttle.ts';
import { json, sendJson, setPlan, signedIn } from '../server/billing.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';
import { mailsTo } from '../server/identity.ts';

/*
 * Team invitations under attack (issue 35, point 5; decision 0602): another team's
 * invitation ids, forged and guessed tokens, replayed, replaced and revoked links, an
 * invitation taken by another account, and invitations as a way to send mail.
 */
const server = useTestServer();

async function premiumOwner() {
  const owner = await signedIn(server());
  await setPlan(server(), owner.user.id, 'premium', 30);
  return owner;
}

let addresses = 0;
const newAddress = () => `target${++addresses}-${Date.now()}@example.com`;

async function invite(client: TestClient, email: string) {
  const response = await sendJson(client, 'POST', '/api/v1/team/invitations/', {
    email,
    locale: 'en',
  });
  expect(response.status).toBe(201);
  return v.parse(Invitation, await response.json());
}

async function tokenTo(email: string) {
  const [mail] = await mailsTo(server(), email);
  const token = /\/invitation\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

const accept = (client: TestClient, token: string) =>
  sendJson(client, 'POST', `/api/v1/invitations/${encodeURIComponent(token)}/accept/`);
const decline = (client: TestClient, token: string) =>
  sendJson(client, 'POST', `/api/v1/invitations/${encodeURIComponent(token)}/decline/`);

const stateOf = async (id: string) =>
  (await server().db.select().from(teamInvitations).where(eq(teamInvitations.id, id)))[0]?.state;
const membershipsOf = async (user: User) =>
  server().db.select().from(teamMembers).where(eq(teamMembers.userId, user.id));

describe("another team's invitations", () => {
  it('cannot be listed, revoked or resent by another owner or by a member', async () => {
    const owner = await premiumOwner();
    const attacker = await premiumOwner();
    const member = await signedIn(server());
    expect(
      (
        await sendJson(owner.client, 'PATCH', '/api/v1/team/', {
          users: [member.user.portalGuid],
        })
      ).status,
    ).toBe(200);
    const invitation = await invite(owner.client, newAddress());
    server().clock.advance(60_000);
    for (const client of [attacker.client, member.client]) {
      const listed = v.parse(
        InvitationList,
        await json(await client.get('/api/v1/team/invitations/')),
      );
      expect(listed.map((one) => one.id)).not.toContain(invitation.id);
      const revoked = await sendJson(
        client,
        'DELETE',
        `/api/v1/team/invitations/${invitation.id}/`,
      );
      expect(revoked.status).toBe(404);
      const resent = await sendJson(
        client,
        'POST',
        `/api/v1/team/invitations/${invitation.id}/resend/`,
      );
      expect(resent.status).toBe(404);
    }
    expect(await stateOf(invitation.id)).toBe('pending');
  });

  it("an invitation's id is no token: its link pages answer 404", async () => {
    const owner = await premiumOwner();
    const invitation = await invite(owner.client, newAddress());
    const anonymous = server().client();
    expect((await anonymous.get(`/api/v1/invitations/${invitation.id}/`)).status).toBe(404);
    expect((await decline(anonymous, invitation.id)).status).toBe(404);
    expect(await stateOf(invitation.id)).toBe('pending');
  });
});

describe('forged tokens', () => {
  it('open nothing: guessed, altered, too long, or SQL', async () => {
    const owner = await premiumOwner();
    const victim = await signedIn(server());
    const invitation = await invite(owner.client, victim.user.email);
    const token = await tokenTo(victim.user.email);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const forged = [
      'A'.repeat(43),
      `${token.slice(0, -1)}${last}`,
      `${token}A`,
      token.slice(0, 42),
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      "' or 1=1 --",
      '%00',
    ];
    for (const guess of forged) {
      const read = await server()
        .client()
        .get(`/api/v1/invitations/${encodeURIComponent(guess)}/`);
      expect(read.status).toBe(404);
      expect((await accept(victim.client, guess)).status).toBe(404);
      expect((await decline(server().client(), guess)).status).toBe(404);
    }
    expect(await stateOf(invitation.id)).toBe('pending');
    expect(await membershipsOf(victim.user)).toEqual([]);
  });

  it('the database keeps only the hash of a token', async () => {
    const owner = await premiumOwner();
    const email = newAddress();
    const invitation = await invite(owner.client, email);
    const token = await tokenTo(email);
    const [row] = await server()
      .db.select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitation.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(invitation)).not.toContain(token);
  });
});

describe('replayed links', () => {
  it('accepted, declined, revoked or replaced links are refused', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    // Accepted, then replayed.
    await invite(owner.client, invitee.user.email);
    const accepted = await tokenTo(invitee.user.email);
    expect((await accept(invitee.client, accepted)).status).toBe(200);
    expect((await accept(invitee.client, accepted)).status).toBe(409);
    expect((await decline(server().client(), accepted)).status).toBe(409);
    // Declined, then accepted.
    const other = await signedIn(server());
    await invite(owner.client, other.user.email);
    const declined = await tokenTo(other.user.email);
    expect((await decline(server().client(), declined)).status).toBe(204);
    expect((await accept(other.client, declined)).status).toBe(409);
    expect(await membershipsOf(other.user)).toEqual([]);
    // Revoked, then accepted.
    const third = await signedIn(server());
    const revoked = await invite(owner.client, third.user.email);
    const revokedToken = await tokenTo(third.user.email);
    await sendJson(owner.client, 'DELETE', `/api/v1/team/invitations/${revoked.id}/`);
    expect((await accept(third.client, revokedToken)).status).toBe(409);
    // Replaced by a resend: the old link names nothing.
    const fourth = await signedIn(server());
    const resent = await invite(owner.client, fourth.user.email);
    const old = await tokenTo(fourth.user.email);
    server().clock.advance(60_000);
    const again = await sendJson(
      owner.client,
      'POST',
      `/api/v1/team/invitations/${resent.id}/resend/`,
    );
    expect(again.status).toBe(200);
    expect((await accept(fourth.client, old)).status).toBe(404);
    expect(await membershipsOf(third.user)).toEqual([]);
    expect(await membershipsOf(fourth.user)).toEqual([]);
  });
});

describe('another account', () => {
  it('cannot take an invitation sent to someone else, even holding the link', async () => {
    const owner = await premiumOwner();
    const victim = await signedIn(server());
    const attacker = await signedIn(server());
    const invitation = await invite(owner.client, victim.user.email);
    const token = await tokenTo(victim.user.email);
    const response = await accept(attacker.client, token);
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({
      errors: [{ code: 'invitation_other_account' }],
    });
    expect(await membershipsOf(attacker.user)).toEqual([]);
    expect(await stateOf(invitation.id)).toBe('pending');
    // Without the CSRF header nothing is accepted either.
    const raw = await server().app.request(`/api/v1/invitations/${token}/accept/`, {
      method: 'POST',
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(await stateOf(invitation.id)).toBe('pending');
  });
});

describe('invitations as a way to send mail', () => {
  it('an owner may invite 20 addresses an hour, then gets 429', async () => {
    const owner = await premiumOwner();
    const grown = await sendJson(owner.client, 'POST', '/api/dev/teams/max-size', {
      max_size: 100,
    });
    expect(grown.status).toBe(200);
    const now = server().clock.now().getTime();
    const hour = LIMITS.teamInvite.windowMs;
    server().clock.advance(hour - (now % hour));
    const client = owner.client;
    for (let i = 0; i < LIMITS.teamInvite.max; i++) await invite(client, newAddress());
    const email = newAddress();
    const refused = await sendJson(client, 'POST', '/api/v1/team/invitations/', {
      email,
      locale: 'en',
    });
    expect(refused.status).toBe(429);
    expect(await mailsTo(server(), email)).toEqual([]);
  });
});
