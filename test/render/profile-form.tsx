import { render } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Profile } from '../../contract/profile.ts';
import { profileFormMachine, type ProfileValues } from '../../machines/profile-form.machine.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { ProfileFormView } from '../../src/views/profile/profile-form.view.tsx';
import { demoUser } from '../fixtures/users.ts';
import { renderOnAccountPage } from './drafts.tsx';
import { Providers } from './providers.tsx';

/* The profile form of the demo user, as its view tests draw it. */

export type Save = (values: ProfileValues) => Promise<Profile>;

/** The form on its machine: one country to choose, and a save that calls `save`. */
function ProfileForm({ save }: { save: Save }) {
  const actor = useActorRef(
    profileFormMachine.provide({
      actors: {
        loadCountries: fromPromise(async () => [
          { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
        ]),
        saveProfile: fromPromise(({ input }) => save(input)),
      },
    }),
    { input: { user: demoUser } },
  );
  const snapshot = useSelector(actor, (s) => s);
  return <ProfileFormView snapshot={snapshot} send={actor.send} />;
}

/** The form alone: it keeps no drafts. */
export const renderProfile = (save: Save, locale: Locale = 'en') =>
  render(
    <Providers locale={locale}>
      <ProfileForm save={save} />
    </Providers>,
  );

/** The form on an account page, where it keeps the demo user's drafts. */
export const renderProfileOnAccountPage = (save: Save, locale: Locale = 'en') =>
  renderOnAccountPage(<ProfileForm save={save} />, locale);
