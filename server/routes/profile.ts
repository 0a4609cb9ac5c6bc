import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { ProfileUpdate } from '../../contract/identity.ts';
import { endSession, requireUser } from '../auth/sessions.ts';
import { currentSubscription } from '../billing/subscription.ts';
import { countries, mails, users } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { fieldError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { sendToUser } from '../mail/send.ts';
import { exportNoticeMail } from '../mail/templates.ts';
import { toProfile } from './profile-answer.ts';
import { personalData } from './profile-export.ts';
import { socialRoutes } from './profile-social.ts';

/** Mounted at /api/v1/profile/ */
export function profileRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get('/', async (c) => {
    const user = requireUser(c);
    const { plan } = await currentSubscription(deps.db, user);
    return c.json(toProfile(user, plan));
  });

  router.patch('/', async (c) => {
    const user = requireUser(c);
    const form = parseInput(ProfileUpdate, await readBody(c, 'json'));
    const [country] = await deps.db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, form.country));
    if (!country) throw fieldError('country', 'country_not_found');
    const [saved] = await deps.db
      .update(users)
      .set({
        firstName: form.first_name,
        lastName: form.last_name,
        company: form.company,
        industry: form.industry,
        role: form.role,
        phone: form.phone,
        country: form.country,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    const { plan } = await currentSubscription(deps.db, user);
    return c.json(toProfile(saved ?? user, plan));
  });

  router.get('/export/', async (c) => {
    const user = requireUser(c);
    const data = await personalData(deps, user);
    await sendToUser(deps, user, exportNoticeMail, 'account_notices');
    c.header('Content-Disposition', `attachment; filename="profile-${user.username}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  });

  router.delete('/', async (c) => {
    const user = requireUser(c);
    // Sessions, codes, resets, social links, states and choices go by cascade.
    await deps.db.delete(users).where(eq(users.id, user.id));
    await deps.db.delete(mails).where(eq(mails.to, user.email));
    await endSession(c, deps);
    return c.body(null, 204);
  });

  router.route('/social/', socialRoutes(deps));
  return router;
}
