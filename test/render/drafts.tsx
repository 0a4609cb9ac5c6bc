import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { followRefusals } from '../../src/flows/server-refusals.ts';
import { draftKey } from '../../src/forms/drafts.ts';
import { DraftOwnerProvider } from '../../src/forms/use-form-draft.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { answeredSession } from '../fixtures/session.ts';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from './providers.tsx';

/* What the view tests of forms kept across the session's end (decision 0025) share. */

export const draftOwner = demoUser.username;

export const draftOffer = {
  en: 'You have unsaved changes from before you were signed out',
  ru: 'У вас есть несохранённые изменения, сделанные до выхода из системы',
};

/** A view on an account page: its forms keep drafts for the demo user. */
export function renderOnAccountPage(ui: ReactNode, locale: Locale = 'en') {
  return render(
    <Providers locale={locale}>
      <DraftOwnerProvider owner={draftOwner}>{ui}</DraftOwnerProvider>
    </Providers>,
  );
}

/** The draft of `form` the demo user has in this tab's storage, or null. */
export function keptDraft(form: string): Record<string, unknown> | null {
  return JSON.parse(sessionStorage.getItem(draftKey(draftOwner, form)) ?? 'null') as Record<
    string,
    unknown
  > | null;
}

/** A draft the demo user left in `form` when a session ended. */
export function leaveDraft(form: string, values: Record<string, unknown>): void {
  sessionStorage.setItem(draftKey(draftOwner, form), JSON.stringify(values));
}

/**
 * The app's wiring of a session's end: a signed-in session whose 401 keeps the drafts
 * and goes to sign in. `refuse()` is what a save meeting 401 does (the refusal listener
 * ends the session); a save actor throws what it returns. `keptAtSignIn` is the draft
 * of `form` as the app went to sign in.
 */
export async function signedInSession(form: string) {
  const session = createActor(answeredSession(), {
    input: { browserTimezone: demoUser.timezone ?? { ianaName: 'UTC', offset: 0 } },
  }).start();
  await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
  const keptAtSignIn: (Record<string, unknown> | null)[] = [];
  // What the app does next: the page goes away, with whatever was kept by then.
  const wentToSignIn = vi.fn(() => keptAtSignIn.push(keptDraft(form)));
  const stop = followRefusals(session, () => '/en/', wentToSignIn);
  return {
    keptAtSignIn,
    wentToSignIn,
    refuse(): Error {
      session.send({ type: 'session.expired' });
      return new Error('401');
    },
    stop() {
      stop();
      session.stop();
    },
  };
}
