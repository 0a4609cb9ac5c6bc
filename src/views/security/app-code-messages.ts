import { msg } from '@lingui/core/macro';
import type { ExtraMessages } from '../../forms/issue-message.ts';

/**
 * The authenticator app's codes reuse the mailed code's errors (decision 0218), but no
 * new code is mailed: the lock ends by itself.
 */
export const appCodeMessages: ExtraMessages = {
  max_confirmation_attempts_exceeded: msg`Too many wrong codes. Try again in 15 minutes.`,
};
