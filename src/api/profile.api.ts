import * as v from 'valibot';
import { Profile } from '../../contract/profile.ts';
import {
  SocialAccountList,
  type ProfileUpdate,
  type SocialProvider,
} from '../../contract/identity.ts';
import { call, givenRead, http } from './client.ts';
import { readPaths } from '../../contract/page-reads.ts';

export function updateProfile(values: ProfileUpdate, signal?: AbortSignal): Promise<Profile> {
  return call('v1/profile/', Profile, {
    method: 'PATCH',
    body: { ...values },
    signal,
    useCase: 'update_profile',
  });
}

export function fetchSocialAccounts(signal?: AbortSignal) {
  return call(readPaths.socialAccounts, SocialAccountList, {
    signal,
    useCase: 'get_social_accounts',
  });
}

/** The linked social accounts the page brought, if it did (`givenRead`). */
export const givenSocialAccounts = () => givenRead(readPaths.socialAccounts, SocialAccountList);

export async function unlinkSocialAccount(provider: SocialProvider, signal?: AbortSignal) {
  await call(`v1/profile/social/${provider}/`, v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'unlink_social_account',
  });
}

/** The notice that a mail did not arrive, read by its owner. */
export async function dismissMailNotice(signal?: AbortSignal): Promise<void> {
  await call('v1/profile/mail-notice/', v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'dismiss_mail_notice',
  });
}

export async function deleteProfile(signal?: AbortSignal): Promise<void> {
  await call('v1/profile/', v.unknown(), { method: 'DELETE', signal, useCase: 'remove_profile' });
}

/** The export file, fetched so a failure can be shown; handed to the page as an object URL. */
export async function fetchProfileExport(signal?: AbortSignal) {
  const response = await (
    await http()
  ).raw<Blob, 'blob'>('v1/profile/export/', {
    responseType: 'blob',
    signal,
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'profile.json';
  if (!response._data) throw new Error('The export answered without a file');
  return { name, url: URL.createObjectURL(response._data) };
}
