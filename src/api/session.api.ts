import * as v from 'valibot';
import { Profile, type Timezone } from '../../contract/profile.ts';
import { ApiError } from './errors.ts';
import { call, givenRead } from './client.ts';
import { readPaths } from '../../contract/page-reads.ts';

/*
 * The session's own calls, made on every page where a session may exist: apart from
 * the profile page's (profile.api.ts), so that page's schemas stay off the first visit.
 */

/** The signed-in user, or null: 401 and 403 mean nobody is signed in. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  try {
    return await call(readPaths.profile, Profile, { signal, useCase: 'get_user' });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** The signed-in user the page brought, if it did (`givenRead`). */
export const givenProfile = () => givenRead(readPaths.profile, Profile);

const TimezoneAnswer = v.object({ timezone: v.unknown() });

export async function sendTimezone(timezone: Timezone, signal?: AbortSignal): Promise<void> {
  await call('v1/user_timezone_info/', TimezoneAnswer, {
    method: 'POST',
    body: { timezone },
    signal,
    useCase: 'set_user_timezone',
  });
}
