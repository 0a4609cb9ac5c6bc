import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { mailingLists } from '../../contract/identity.ts';

export type MailingList = (typeof mailingLists)[number];

function sign(secret: string, userId: number, list: MailingList): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${list}`).digest('base64url');
}

/** `{userId}.{list}.{hmac}`: single-purpose (one user, one list), no row needed. */
export function unsubscribeToken(secret: string, userId: number, list: MailingList): string {
  return `${userId}.${list}.${sign(secret, userId, list)}`;
}

/** The user and list a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; list: MailingList } | null {
  const [id = '', listName = '', signature = '', extra] = token.split('.');
  if (extra !== undefined || !/^\d{1,9}$/.test(id)) return null;
  const list = v.safeParse(v.picklist(mailingLists), listName);
  if (!list.success) return null;
  const userId = Number(id);
  const expected = Buffer.from(sign(secret, userId, list.output));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, list: list.output };
}
