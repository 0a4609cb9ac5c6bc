// The profile answer, shared by the profile routes (profile.ts) and the personal-data
// export (profile-export.ts), which profile.ts mounts: kept apart so neither imports
// the other back.
import type { PlanId, Profile } from '../../contract/profile.ts';
import type { User } from '../db/schema.ts';

/**
 * The profile as the SPA reads it; `plan` is the subscription's current plan and
 * `webgisUrl` the address of the user's web GIS (server/webgis), null without one.
 */
export function toProfile(user: User, plan: PlanId, webgisUrl: string | null = null): Profile {
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
    plan,
    // Teams come with their own screens.
    team_plan: null,
    webgis_url: webgisUrl,
    userpic_url: null,
    has_password: user.passwordHash !== null,
  };
}
