import { Grid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledSection } from '../../components/titled.tsx';
import { SectionLoadingView } from './section-loading.view.tsx';
import type { RefObject } from 'react';
import { RetryAlert } from '../../components/status.tsx';
import { industries, ProfileUpdate, roles } from '../../../contract/identity.ts';
import type { ProfileValues, profileFormMachine } from '../../../machines/profile-form.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { CompanyField, FirstNameField, LastNameField, PhoneField } from '../contact-fields.tsx';
import { useDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';
import { industryLabels, roleLabels } from './labels.ts';
import type { MachineViewProps } from '../machine-view.ts';

export interface ProfileFormViewProps extends MachineViewProps<typeof profileFormMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The personal data block of /profile, in every state of the profile form machine. */
export function ProfileFormView({ snapshot, send, formRef }: ProfileFormViewProps) {
  const { t } = useLingui();
  const title = t`Personal data`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title}>
        <RetryAlert
          message={t`Couldn't load the list of countries.`}
          onRetry={() => send({ type: 'countries.retry' })}
        />
      </TitledSection>
    );
  }
  return (
    <TitledSection title={title}>
      <ProfileFields snapshot={snapshot} send={send} formRef={formRef} />
    </TitledSection>
  );
}

function ProfileFields({ snapshot, send, formRef }: ProfileFormViewProps) {
  const { t, i18n } = useLingui();
  const { user, countries, serverErrors } = snapshot.context;
  // Unsaved changes survive the session's end and are offered back (decision 0025).
  const draft = useDraft('profile', snapshot.matches({ editing: 'saved' }));
  const kit = Form.useMachineForm(
    { serverErrors, send, formRef, draft, busy: snapshot.hasTag('busy') },
    {
      defaultValues: {
        first_name: user.first_name,
        last_name: user.last_name,
        company: user.company,
        industry: user.industry,
        role: user.role,
        phone: user.phone,
        country: user.country,
      } as ProfileValues,
      schema: ProfileUpdate,
    },
  );
  const ru = i18n.locale === 'ru';
  const notSelected = t`Not selected`;
  return (
    <Form.Root kit={kit} label={t`Personal data`}>
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2">
        <FirstNameField kit={kit} required />
        <LastNameField kit={kit} required />
        <CompanyField kit={kit} />
        <PhoneField kit={kit} />
        <Form.SelectField
          kit={kit}
          name="industry"
          label={t`Industry`}
          options={industries.map((value) => ({ value, label: i18n._(industryLabels[value]) }))}
          placeholder={notSelected}
        />
        <Form.SelectField
          kit={kit}
          name="role"
          label={t`Occupation`}
          options={roles.map((value) => ({ value, label: i18n._(roleLabels[value]) }))}
          placeholder={notSelected}
        />
        <Form.SelectField
          kit={kit}
          name="country"
          label={t`Country`}
          options={countries.map((c) => ({ value: c.code, label: ru ? c.name_ru : c.name_en }))}
          required
        />
      </Grid>
      <Text textStyle="caption" color="fg.muted" mb="4">
        {t`Email: ${user.email}`}
        {user.timezone && ` · ${t`Time zone: ${user.timezone.ianaName}`}`}
      </Text>
      <Stack direction="row" gap="4" align="center">
        <Form.Submit kit={kit} busyText={t`Saving…`}>
          {t`Save`}
        </Form.Submit>
        {snapshot.matches({ editing: 'saved' }) && (
          <Text role="status" color="fg.success">
            {t`Changes saved`}
          </Text>
        )}
      </Stack>
    </Form.Root>
  );
}
