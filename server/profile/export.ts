import { asc, eq } from 'drizzle-orm';
import { billingData } from '../billing/export.ts';
import { currentSubscription } from '../billing/subscription.ts';
import {
  emailChanges,
  emailChangeUndos,
  emailCodes,
  mails,
  passwordResets,
  sessions,
  socialAccounts,
  unsubscriptions,
  type User,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { onpremiseData } from '../onpremise/bindings.ts';
import { consultationData } from '../consultation/requests.ts';
import { teamData } from '../teams/export.ts';
import { teamPlan } from '../teams/effective-plan.ts';
import { webgisData } from '../webgis/export.ts';
import { toProfile, userpicOf } from './answer.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every personal datum held about the user; secrets (hashes) are named, not given. */
export async function personalData(deps: AppDeps, user: User) {
  const { db } = deps;
  const [links, userSessions, userMails, codes, resets, choices, changes, undos] =
    await Promise.all([
      db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id)),
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(asc(sessions.createdAt)),
      db.select().from(mails).where(eq(mails.to, user.email)).orderBy(asc(mails.createdAt)),
      db.select().from(emailCodes).where(eq(emailCodes.userId, user.id)),
      db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)),
      db.select().from(unsubscriptions).where(eq(unsubscriptions.userId, user.id)),
      db.select().from(emailChanges).where(eq(emailChanges.userId, user.id)),
      db
        .select()
        .from(emailChangeUndos)
        .where(eq(emailChangeUndos.userId, user.id))
        .orderBy(asc(emailChangeUndos.createdAt)),
    ]);
  const [billing, { plan }, webgis, teams, team, onpremise, consultations] = await Promise.all([
    billingData(db, user.id),
    currentSubscription(db, user),
    webgisData(db, user.id),
    teamData(db, user),
    teamPlan(db, user.id, deps.clock.now()),
    onpremiseData(db, user.id),
    consultationData(db, user.id),
  ]);
  return {
    exported_at: deps.clock.now().toISOString(),
    profile: toProfile(user, plan, webgis?.url ?? null, team, userpicOf(links)),
    account: {
      portal_guid: user.portalGuid,
      locale: user.locale,
      email_confirmed_at: iso(user.emailConfirmedAt),
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
      has_password: user.passwordHash !== null,
    },
    social_accounts: links.map((link) => ({
      provider: link.provider,
      subject: link.subject,
      email: link.email,
      linked_at: iso(link.linkedAt),
      picture_url: link.pictureUrl,
    })),
    sessions: userSessions.map((s) => ({
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
    })),
    pending_email_code: codes.map((code) => ({
      sent_at: iso(code.sentAt),
      expires_at: iso(code.expiresAt),
    })),
    pending_email_change: changes.map((c) => ({
      new_email: c.newEmail,
      sent_at: iso(c.sentAt),
      expires_at: iso(c.expiresAt),
    })),
    email_changes: undos.map((u) => ({
      old_email: u.oldEmail,
      new_email: u.newEmail,
      changed_at: iso(u.createdAt),
      undo_link_expires_at: iso(u.expiresAt),
      undone_at: iso(u.usedAt),
    })),
    password_reset_links: resets.map((r) => ({
      created_at: iso(r.createdAt),
      expires_at: iso(r.expiresAt),
    })),
    billing,
    webgis,
    teams,
    onpremise_bindings: onpremise,
    consultation_requests: consultations,
    unsubscribed_lists: choices.map((u) => ({ list: u.list, since: iso(u.createdAt) })),
    mails: userMails.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      created_at: iso(m.createdAt),
    })),
  };
}
