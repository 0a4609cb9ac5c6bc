import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  INVITATION_TTL_MS,
  Invitation,
  InvitationList,
  Team,
  TeamList,
} from '../../contract/teams.ts';
import { teamInvitations, users, type User } from '../../server/db/schema.ts';
import { json, sendJson, setPlan as setPlanIn, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { mailsTo } from './identity.ts';

/*
 * Team invitations by e-mail (issue 35, point 5; docs/decisions/0602): inviting, the
 * seat an invitation takes, revoking, resending with its throttle, and the mail's links
 * (accept by the invited account only, decline, expiry, single use).
 */

const server = useTestServer();
const MINUTE = 60_000;

const setPlan = (user: User, plan: 'free' | 'mini' | 'premium' = 'premium') =>
  setPlanIn(server(), user.id, plan, 30);

async function premiumOwner(fields: Parameters<typeof signedIn>[1] = {}) {
  const owner = await signedIn(server(), fields);
  await setPlan(owner.user);
  return owner;
}

let addresses = 0;
const newAddress = () => `invitee${++addresses}-${Date.now()}@example.com`;

const inviteRaw = (client: TestClient, email: string, locale = 'en') =>
  sendJson(client, 'POST', '/api/v1/team/invitations/', { email, locale });

async function invite(client: TestClient, email: string, locale = 'en') {
  const response = await inviteRaw(client, email, locale);
  expect(response.status).toBe(201);
  return v.parse(Invitation, await response.json());
}

async function listOf(client: TestClient) {
  const response = await client.get('/api/v1/team/invitations/');
  expect(response.status).toBe(200);
  return v.parse(InvitationList, await response.json());
}

/** The token of the newest invitation mail to `email`, and that mail. */
async function linkTo(email: string) {
  const [mail] = await mailsTo(server(), email);
  const token = /\/invitation\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
  if (!mail || !token) throw new Error(`no invitation mail to ${email}`);
  return { token, mail };
}

const accept = (client: TestClient, token: string) =>
  sendJson(client, 'POST', `/api/v1/invitations/${token}/accept/`);
const decline = (client: TestClient, token: string) =>
  sendJson(client, 'POST', `/api/v1/invitations/${token}/decline/`);
const resend = (client: TestClient, id: string) =>
  sendJson(client, 'POST', `/api/v1/team/invitations/${id}/resend/`);
const revoke = (client: TestClient, id: string) =>
  sendJson(client, 'DELETE', `/api/v1/team/invitations/${id}/`);

async function codeOf(response: Response) {
  const body = await json<{ code?: string; errors?: { code: string }[] }>(response);
  return body.errors?.[0]?.code ?? body.code;
}

async function pointerOf(response: Response) {
  return (await json<{ errors: { source: { pointer: string } }[] }>(response)).errors[0]?.source
    .pointer;
}

/** A new sign-in of `user`: the test clock moved past the old session's life. */
async function signInAgain(user: User) {
  const client = server().client();
  const response = await client.postForm('/api/auth/login/', {
    login: user.username,
    password: 'Secret-pass-1',
  });
  expect(response.status).toBe(200);
  return client;
}

async function ownTeam(client: TestClient) {
  return v.parse(Team, await json(await client.get('/api/v1/team/')));
}

describe('inviting', () => {
  it('mails the address in the chosen language with accept and decline links', async () => {
    const { client } = await premiumOwner({ firstName: 'Ann', lastName: 'Lee' });
    const email = newAddress();
    const invitation = await invite(client, email.toUpperCase(), 'ru');
    expect(invitation).toMatchObject({ email, locale: 'ru', expired: false });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.sent_at)).toBe(
      INVITATION_TTL_MS,
    );
    expect(Date.parse(invitation.resend_at) - Date.parse(invitation.sent_at)).toBe(MINUTE);
    const { token, mail } = await linkTo(email);
    expect(mail.subject).toContain('приглашает вас в команду');
    expect(mail.text).toContain('Ann Lee');
    expect(mail.text).toContain(`/ru/invitation/${token}?answer=decline`);
    expect(await listOf(client)).toEqual([invitation]);
    // Only the token's hash is stored.
    const rows = await server()
      .db.select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitation.id));
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('mails in English when English is chosen', async () => {
    const { client } = await premiumOwner();
    const email = newAddress();
    await invite(client, email, 'en');
    const { mail } = await linkTo(email);
    expect(mail.subject).toContain('invites you to a team');
    expect(mail.text).toContain('/en/invitation/');
  });

  it('needs the premium plan and a signed-in user', async () => {
    const { user, client } = await signedIn(server());
    await setPlan(user, 'mini');
    const response = await inviteRaw(client, newAddress());
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('premium_required');
    const anonymous = await inviteRaw(server().client(), newAddress());
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad address or language at its field', async () => {
    const { client } = await premiumOwner();
    const bad = await inviteRaw(client, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(await pointerOf(bad)).toBe('email');
    const language = await inviteRaw(client, newAddress(), 'de');
    expect(language.status).toBe(400);
    expect(await pointerOf(language)).toBe('locale');
  });

  it('refuses a second pending invitation of one address, and a user of the team', async () => {
    const owner = await premiumOwner();
    const email = newAddress();
    await invite(owner.client, email);
    const twice = await inviteRaw(owner.client, email.toUpperCase());
    expect(twice.status).toBe(409);
    expect(await codeOf(twice)).toBe('already_invited');
    const self = await inviteRaw(owner.client, owner.user.email);
    expect(self.status).toBe(409);
    expect(await codeOf(self)).toBe('already_member');
    const { user: member } = await server().createUser();
    const saved = await sendJson(owner.client, 'PATCH', '/api/v1/team/', {
      users: [member.portalGuid],
    });
    expect(saved.status).toBe(200);
    const again = await inviteRaw(owner.client, member.email);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({
      errors: [{ code: 'already_member', source: { pointer: 'email' } }],
    });
  });

  it('counts a pending invitation as a seat: a full team refuses with team_full', async () => {
    const owner = await premiumOwner();
    // The owner and four invitations fill the five seats.
    for (let i = 0; i < 4; i++) await invite(owner.client, newAddress());
    const full = await inviteRaw(owner.client, newAddress());
    expect(full.status).toBe(409);
    expect(await codeOf(full)).toBe('team_full');
    // Revoking one frees its seat.
    const [first] = await listOf(owner.client);
    if (!first) throw new Error('no invitation');
    expect((await revoke(owner.client, first.id)).status).toBe(204);
    await invite(owner.client, newAddress());
    expect(await listOf(owner.client)).toHaveLength(4);
  });

  it('counts the members as seats too', async () => {
    const owner = await premiumOwner();
    // The owner, two members and two invitations fill the five seats.
    for (let i = 0; i < 2; i++) {
      const member = await signedIn(server());
      await invite(owner.client, member.user.email);
      const { token } = await linkTo(member.user.email);
      expect((await accept(member.client, token)).status).toBe(200);
    }
    for (let i = 0; i < 2; i++) await invite(owner.client, newAddress());
    const full = await inviteRaw(owner.client, newAddress());
    expect(full.status).toBe(409);
    expect(await codeOf(full)).toBe('team_full');
  });

  it('sends at most 20 invitations an hour per owner, refused ones counted', async () => {
    const owner = await premiumOwner();
    server().clock.toWindowStart(60 * MINUTE);
    for (let i = 0; i < 20; i++) {
      expect((await inviteRaw(owner.client, newAddress())).status).not.toBe(429);
    }
    const over = await inviteRaw(owner.client, newAddress());
    expect(over.status).toBe(429);
    expect(await codeOf(over)).toBe('too_many_requests');
    // Another owner's invitations count in a window of their own.
    await invite((await premiumOwner()).client, newAddress());
  });

  it('keeps the address in lower case, and names the owner without a missing last name', async () => {
    const owner = await premiumOwner({ firstName: 'Sam', lastName: '' });
    const address = newAddress();
    const made = await invite(owner.client, `  ${address.toUpperCase()} `);
    expect(made.email).toBe(address);
    const { mail } = await linkTo(address);
    expect(mail.text).toContain(`Sam (${owner.user.username})`);
  });

  it('lets an expired invitation give its seat back', async () => {
    const owner = await premiumOwner();
    for (let i = 0; i < 4; i++) await invite(owner.client, newAddress());
    server().clock.advance(INVITATION_TTL_MS);
    const client = await signInAgain(owner.user);
    const list = await listOf(client);
    expect(list).toHaveLength(4);
    expect(list.every((one) => one.expired)).toBe(true);
    await invite(client, newAddress());
  });
});

describe('accepting', () => {
  it('makes the invited account a member, once', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    await invite(owner.client, invitee.user.email);
    const { token } = await linkTo(invitee.user.email);
    const preview = await server().client().get(`/api/v1/invitations/${token}/`);
    expect(await json(preview)).toEqual({
      state: 'pending',
      owner_username: owner.user.username,
      email: invitee.user.email,
    });
    const accepted = await accept(invitee.client, token);
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toEqual({
      owner_id: owner.user.portalGuid,
      owner_username: owner.user.username,
    });
    const teams = v.parse(TeamList, await json(await invitee.client.get('/api/v1/teams/')));
    expect(teams.map((team) => team.owner_id)).toEqual([owner.user.portalGuid]);
    expect((await ownTeam(owner.client)).users.map((u) => u.portal_guid)).toContain(
      invitee.user.portalGuid,
    );
    expect(await listOf(owner.client)).toEqual([]);
    // The link replayed: used.
    const replayed = await accept(invitee.client, token);
    expect(replayed.status).toBe(409);
    expect(await codeOf(replayed)).toBe('invitation_used');
    const read = await server().client().get(`/api/v1/invitations/${token}/`);
    expect((await json<{ state: string }>(read)).state).toBe('used');
  });

  it("ends the owner's own invitation without making the owner a member", async () => {
    const owner = await premiumOwner();
    const address = newAddress();
    await invite(owner.client, address);
    const { token } = await linkTo(address);
    // The owner's address changed to the invited one since.
    await server().db.update(users).set({ email: address }).where(eq(users.id, owner.user.id));
    await server().sessionCache.settle();
    expect((await accept(owner.client, token)).status).toBe(200);
    // The team lists its owner once, as its owner.
    const team = await ownTeam(owner.client);
    expect(team.users.map((u) => [u.portal_guid, u.owner])).toEqual([
      [owner.user.portalGuid, true],
    ]);
    expect(await listOf(owner.client)).toEqual([]);
  });

  it('refuses another signed-in account and keeps the invitation for the right one', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    const stranger = await signedIn(server());
    await invite(owner.client, invitee.user.email);
    const { token } = await linkTo(invitee.user.email);
    const wrong = await accept(stranger.client, token);
    expect(wrong.status).toBe(403);
    expect(await codeOf(wrong)).toBe('invitation_other_account');
    expect(await json(await stranger.client.get('/api/v1/teams/'))).toEqual([]);
    expect((await accept(invitee.client, token)).status).toBe(200);
  });

  it('needs a sign-in', async () => {
    const owner = await premiumOwner();
    const email = newAddress();
    await invite(owner.client, email);
    const { token } = await linkTo(email);
    const response = await accept(server().client(), token);
    expect(response.status).toBe(401);
  });

  it('refuses an expired link with invitation_expired, the test clock moved 7 days', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    await invite(owner.client, invitee.user.email);
    const { token } = await linkTo(invitee.user.email);
    server().clock.advance(INVITATION_TTL_MS - 1000);
    const read = await server().client().get(`/api/v1/invitations/${token}/`);
    expect((await json<{ state: string }>(read)).state).toBe('pending');
    server().clock.advance(1000);
    const client = await signInAgain(invitee.user);
    const expired = await accept(client, token);
    expect(expired.status).toBe(409);
    expect(await codeOf(expired)).toBe('invitation_expired');
    const declined = await decline(server().client(), token);
    expect(await codeOf(declined)).toBe('invitation_expired');
    expect(await json(await client.get('/api/v1/teams/'))).toEqual([]);
  });

  it('refuses a revoked link with invitation_used', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    const invitation = await invite(owner.client, invitee.user.email);
    const { token } = await linkTo(invitee.user.email);
    expect((await revoke(owner.client, invitation.id)).status).toBe(204);
    const response = await accept(invitee.client, token);
    expect(response.status).toBe(409);
    expect(await codeOf(response)).toBe('invitation_used');
    // Revoked once: a second revoke finds nothing.
    expect((await revoke(owner.client, invitation.id)).status).toBe(404);
  });

  it('of two accepts at once, joins once', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    await invite(owner.client, invitee.user.email);
    const { token } = await linkTo(invitee.user.email);
    const answers = await Promise.all([
      accept(invitee.client, token),
      accept(invitee.client, token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await ownTeam(owner.client)).users).toHaveLength(2);
  });
});

describe('declining', () => {
  it('needs no sign-in, ends the invitation and frees its seat', async () => {
    const owner = await premiumOwner();
    const email = newAddress();
    await invite(owner.client, email);
    const { token } = await linkTo(email);
    const response = await decline(server().client(), token);
    expect(response.status).toBe(204);
    expect(await listOf(owner.client)).toEqual([]);
    const again = await decline(server().client(), token);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('invitation_used');
    // Declined, the address may be invited again.
    await invite(owner.client, email);
  });

  it('answers 404 for a token that was never sent', async () => {
    const forged = 'A'.repeat(43);
    expect((await decline(server().client(), forged)).status).toBe(404);
    expect((await server().client().get(`/api/v1/invitations/${forged}/`)).status).toBe(404);
    expect((await server().client().get('/api/v1/invitations/short/')).status).toBe(404);
  });
});

describe('resending', () => {
  it('mails a new link that replaces the old one, at most once a minute', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    const invitation = await invite(owner.client, invitee.user.email);
    const first = await linkTo(invitee.user.email);
    const early = await resend(owner.client, invitation.id);
    expect(early.status).toBe(429);
    expect(await json(early)).toMatchObject({ code: 'resend_too_early', retry_after: 60 });
    server().clock.advance(MINUTE);
    const response = await resend(owner.client, invitation.id);
    expect(response.status).toBe(200);
    const sent = v.parse(Invitation, await response.json());
    expect(Date.parse(sent.sent_at)).toBe(Date.parse(invitation.sent_at) + MINUTE);
    expect(Date.parse(sent.expires_at)).toBe(Date.parse(invitation.expires_at) + MINUTE);
    const second = await linkTo(invitee.user.email);
    expect(second.token).not.toBe(first.token);
    // The old mail's link names nothing any more.
    expect((await accept(invitee.client, first.token)).status).toBe(404);
    expect((await accept(invitee.client, second.token)).status).toBe(200);
  });

  it('allows five resends an hour per invitation', async () => {
    const owner = await premiumOwner();
    // Start at an hour's window, so the five fall in one.
    server().clock.toWindowStart(60 * MINUTE);
    const invitation = await invite(owner.client, newAddress());
    for (let i = 0; i < 5; i++) {
      server().clock.advance(MINUTE);
      expect((await resend(owner.client, invitation.id)).status).toBe(200);
    }
    server().clock.advance(MINUTE);
    const sixth = await resend(owner.client, invitation.id);
    expect(sixth.status).toBe(429);
    expect(await codeOf(sixth)).toBe('too_many_requests');
  });

  it('counts no refused early resend in the hour, and keeps each invitation to its own', async () => {
    const owner = await premiumOwner();
    server().clock.toWindowStart(60 * MINUTE);
    const one = await invite(owner.client, newAddress());
    const other = await invite(owner.client, newAddress());
    for (let i = 0; i < 6; i++) {
      const early = await resend(owner.client, one.id);
      expect(await codeOf(early)).toBe('resend_too_early');
    }
    for (let i = 0; i < 3; i++) {
      server().clock.advance(MINUTE);
      expect((await resend(owner.client, one.id)).status).toBe(200);
      expect((await resend(owner.client, other.id)).status).toBe(200);
    }
  });

  it('of two resends at once, sends one and tells the other to wait', async () => {
    const owner = await premiumOwner();
    const invitation = await invite(owner.client, newAddress());
    server().clock.advance(MINUTE);
    const answers = await Promise.all([
      resend(owner.client, invitation.id),
      resend(owner.client, invitation.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(await json(refused!)).toMatchObject({ code: 'resend_too_early', retry_after: 60 });
  });

  it('renews an expired invitation only while a seat is free for it', async () => {
    const owner = await premiumOwner();
    const expired = await invite(owner.client, newAddress());
    for (let i = 0; i < 3; i++) await invite(owner.client, newAddress());
    // At the very end of its 7 days the invitation has expired and holds no seat.
    server().clock.advance(INVITATION_TTL_MS);
    const client = await signInAgain(owner.user);
    const fresh = [];
    for (let i = 0; i < 4; i++) fresh.push(await invite(client, newAddress()));
    const full = await resend(client, expired.id);
    expect(full.status).toBe(409);
    expect(await codeOf(full)).toBe('team_full');
    // A pending one is sent again whatever the seats: it holds its own.
    server().clock.advance(MINUTE);
    expect((await resend(client, fresh[1]!.id)).status).toBe(200);
    expect((await revoke(client, fresh[0]!.id)).status).toBe(204);
    expect((await resend(client, expired.id)).status).toBe(200);
  });

  it('takes the id in any case, and answers 404 for one with more around it', async () => {
    const owner = await premiumOwner();
    const invitation = await invite(owner.client, newAddress());
    server().clock.advance(MINUTE);
    for (const id of [`x${invitation.id}`, `${invitation.id}x`]) {
      expect((await resend(owner.client, id)).status).toBe(404);
      expect((await revoke(owner.client, id)).status).toBe(404);
    }
    expect((await resend(owner.client, invitation.id.toUpperCase())).status).toBe(200);
    expect((await revoke(owner.client, invitation.id.toUpperCase())).status).toBe(204);
  });

  it('renews an expired invitation', async () => {
    const owner = await premiumOwner();
    const invitee = await signedIn(server());
    const invitation = await invite(owner.client, invitee.user.email);
    server().clock.advance(INVITATION_TTL_MS);
    const ownerClient = await signInAgain(owner.user);
    expect((await listOf(ownerClient))[0]?.expired).toBe(true);
    expect((await resend(ownerClient, invitation.id)).status).toBe(200);
    expect((await listOf(ownerClient))[0]?.expired).toBe(false);
    const { token } = await linkTo(invitee.user.email);
    expect((await accept(await signInAgain(invitee.user), token)).status).toBe(200);
  });
});

describe("another owner's invitations", () => {
  it('are not listed, revoked or resent by anyone else', async () => {
    const owner = await premiumOwner();
    const other = await premiumOwner();
    const invitation = await invite(owner.client, newAddress());
    expect(await listOf(other.client)).toEqual([]);
    server().clock.advance(MINUTE);
    expect((await revoke(other.client, invitation.id)).status).toBe(404);
    expect((await resend(other.client, invitation.id)).status).toBe(404);
    expect(await listOf(owner.client)).toEqual([invitation]);
    expect((await revoke(owner.client, 'not-a-uuid')).status).toBe(404);
  });
});

describe('adding by username', () => {
  it("sends the added user a notice in the user's own language", async () => {
    const owner = await premiumOwner();
    const { user: member } = await server().createUser({ locale: 'ru' });
    const saved = await sendJson(owner.client, 'PATCH', '/api/v1/team/', {
      users: [member.portalGuid],
    });
    expect(saved.status).toBe(200);
    const [mail] = await mailsTo(server(), member.email);
    expect(mail?.subject).toBe(`${owner.user.username} добавил(а) вас в команду`);
    expect(mail?.text).toContain('/ru/teammanage/member');
    // Saving again adds nobody: no second mail.
    await sendJson(owner.client, 'PATCH', '/api/v1/team/', { users: [member.portalGuid] });
    expect(await mailsTo(server(), member.email)).toHaveLength(1);
  });
});

describe('the personal-data export', () => {
  type Exported = {
    teams: {
      own_team: { invitations: { email: string; state: string; locale: string }[] } | null;
      invitations_received: { owner_username: string; state: string }[];
    };
  };
  const exportOf = async (client: TestClient) =>
    json<Exported>(await client.get('/api/v1/profile/export/'));

  it("gives the owner the invitations sent and the invitee those to the invitee's address", async () => {
    const owner = await premiumOwner();
    const email = newAddress();
    const made = await invite(owner.client, email, 'ru');
    const invitee = await signedIn(server(), { email });
    const stranger = await signedIn(server());

    const sent = await exportOf(owner.client);
    expect(sent.teams.own_team?.invitations).toEqual([
      expect.objectContaining({
        email,
        state: 'pending',
        locale: 'ru',
        created_at: made.sent_at,
        sent_at: made.sent_at,
        expires_at: made.expires_at,
        ended_at: null,
      }),
    ]);
    // The link's token is the invitee's, never the owner's to read.
    const { token } = await linkTo(email);
    expect(JSON.stringify(sent)).not.toContain(token);
    expect(sent.teams.invitations_received).toEqual([]);

    const received = await exportOf(invitee.client);
    expect(received.teams.invitations_received).toEqual([
      expect.objectContaining({ owner_username: owner.user.username, state: 'pending' }),
    ]);
    expect((await exportOf(stranger.client)).teams.invitations_received).toEqual([]);

    expect((await accept(invitee.client, token)).status).toBe(200);
    expect((await exportOf(owner.client)).teams.own_team?.invitations).toEqual([
      expect.objectContaining({ email, state: 'accepted' }),
    ]);
  });
});
