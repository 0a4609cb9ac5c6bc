import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest mail to an address in the development mailbox that matches, waiting for it. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  matches: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/mails/?to=${encodeURIComponent(to)}`);
        found = ((await answer.json()) as Mail[]).find(matches);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** The 6-digit code of a verification mail. */
export function codeOf(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The path of the first link to `path` in a mail (the reset link). */
export function linkOf(mail: Mail, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\S*`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(link).pathname;
}
