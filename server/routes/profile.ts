import { Hono } from 'hono';
import type { Profile } from '../../contract/profile.ts';
import { requireUser } from '../auth/sessions.ts';
import type { User } from '../db/schema.ts';
import type { AppEnv } from '../http/context.ts';

export function toProfile(user: User): Profile {
  const timezone =
    user.timezoneIana !== null && user.timezoneOffset !== null
      ? { ianaName: user.timezoneIana, offset: user.timezoneOffset }
      : null;
  return {
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    industry: user.industry,
    role: user.role,
    email: user.email,
    phone: user.phone,
    country: user.country,
    timezone,
    // Billing, teams and web GIS arrive in later issues; until then these are fixed.
    plan: 'free',
    team_plan: null,
    webgis_url: null,
    userpic_url: null,
  };
}

/** Mounted at /api/v1/profile/ */
export function profileRoutes(): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get('/', (c) => c.json(toProfile(requireUser(c))));
  return router;
}
