import { Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Profile } from '../../../contract/profile.ts';
import type { SocialProvider } from '../../../contract/identity.ts';
import { confirmMachine } from '../../../machines/confirm.machine.ts';
import { useDrawnWhenReady } from '../../components/drawn-when-ready.ts';
import { PageBusy } from '../../components/status.tsx';
import { inspect } from '../../flows/inspect.ts';
import { liveProfileFormMachine, profileFormInput } from '../../flows/profile-form.flow.ts';
import {
  liveSocialAccountsMachine,
  socialAccountsInput,
} from '../../flows/social-accounts.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { ProfileFormView } from './profile-form.view.tsx';
import { ProfileManagementView } from './profile-management.view.tsx';
import { SocialAccountsView } from './social-accounts.view.tsx';

export interface ProfileScreenProps {
  user: Profile;
  locale: string;
  onSaved: (user: Profile) => void;
  onRemovalConfirmed: () => void;
}

/**
 * /profile: personal data, social accounts and profile management, a machine each; the
 * first two start from the answers the page brought, when it did.
 */
export function ProfileScreen({ user, locale, onSaved, onRemovalConfirmed }: ProfileScreenProps) {
  const { t } = useLingui();
  const {
    actorRef: profile,
    snapshot: profileSnapshot,
    formRef,
  } = useFormFlow(liveProfileFormMachine, { input: profileFormInput(user) });
  const social = useActorRef(liveSocialAccountsMachine, {
    input: socialAccountsInput(),
    inspect,
  });
  const confirm = useActorRef(confirmMachine, { inspect });
  const socialSnapshot = useSelector(social, (s) => s);
  const confirmSnapshot = useSelector(confirm, (s) => s);

  useEffect(() => {
    const saved = profile.on('saved', (e) => onSaved(e.user));
    return () => saved.unsubscribe();
  }, [profile, onSaved]);

  useEffect(() => {
    if (confirmSnapshot.status === 'done') onRemovalConfirmed();
  }, [confirmSnapshot.status, onRemovalConfirmed]);

  // The sections show together once their first loads are over, so that none moves down
  // when the one above it arrives; after that (a retry) each shows its own state, and
  // nothing typed is lost.
  const loaded = !profileSnapshot.matches('loading') && !socialSnapshot.matches('loading');
  const shown = useDrawnWhenReady(loaded);

  const next = encodeURIComponent(`/${locale}/profile`);
  const linkHref = (p: SocialProvider) =>
    `/api/auth/social/${p}/start/?intent=link&next=${next}&locale=${locale}`;
  return (
    <TitledPage title={t`Profile`}>
      {shown ? (
        <>
          <ProfileFormView snapshot={profileSnapshot} send={profile.send} formRef={formRef} />
          <Separator />
          <SocialAccountsView snapshot={socialSnapshot} send={social.send} linkHref={linkHref} />
          <Separator />
          <ProfileManagementView confirm={confirmSnapshot} send={confirm.send} />
        </>
      ) : (
        <PageBusy label={t`Loading…`} />
      )}
    </TitledPage>
  );
}
