import { hash } from 'node:crypto';

/**
 * What the database keeps of a random token (a session, a reset link, a sign-up flow's
 * nonce, an OAuth state): its SHA-256, so reading a table gives nobody the token.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
