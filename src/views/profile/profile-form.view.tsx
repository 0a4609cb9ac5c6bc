import { chakra, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Busy, RetryAlert } from '../../components/status.tsx';
import { industries, ProfileUpdate, roles } from '../../../contract/identity.ts';
import type {
  ProfileField,
  ProfileFormEvent,
  ProfileValues,
  profileFormMachine,
} from '../../../machines/profile-form.machine.ts';
import { TextField } from '../../forms/field.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { touchAndSubmit } from '../../forms/submit.ts';
import { useFieldError } from '../../forms/use-field-error.ts';
import { useDraft, useFormDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';
import { industryLabels, roleLabels } from './labels.ts';
import { leaveTrimmed } from '../../forms/trim.ts';

export interface ProfileFormViewProps {
  snapshot: SnapshotFrom<typeof profileFormMachine>;
  send: (event: ProfileFormEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

const textFields = ['first_name', 'last_name', 'company', 'phone'] as const;
const fields: ProfileField[] = [...textFields, 'industry', 'role', 'country'];

/** The personal data block of /profile, in every state of the profile form machine. */
export function ProfileFormView({ snapshot, send, formRef }: ProfileFormViewProps) {
  const { t } = useLingui();
  const title = (
    <Heading as="h2" textStyle="section-title">
      {t`Personal data`}
    </Heading>
  );
  if (snapshot.matches('loading')) {
    return (
      <Stack gap="4">
        {title}
        <Busy quiet label={t`Loading`} />
      </Stack>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <Stack gap="4">
        {title}
        <RetryAlert
          message={t`Couldn't load the list of countries.`}
          onRetry={() => send({ type: 'countries.retry' })}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {title}
      <ProfileFields snapshot={snapshot} send={send} formRef={formRef} />
    </Stack>
  );
}

function ProfileFields({ snapshot, send, formRef }: ProfileFormViewProps) {
  const { t, i18n } = useLingui();
  const { user, countries, serverErrors } = snapshot.context;
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      company: user.company,
      industry: user.industry,
      role: user.role,
      phone: user.phone,
      country: user.country,
    } as ProfileValues,
    validators: { onChange: ProfileUpdate },
  });
  // Unsaved changes survive the session's end and are offered back (decision 0025).
  const draft = useDraft('profile', snapshot.matches({ editing: 'saved' }));
  useFormDraft(draft, form);
  const labels: Record<ProfileField, string> = {
    first_name: t`First name`,
    last_name: t`Last name`,
    company: t`Company`,
    industry: t`Industry`,
    role: t`Occupation`,
    phone: t`Phone`,
    country: t`Country`,
  };
  const ru = i18n.locale === 'ru';
  const options = {
    industry: industries.map((value) => ({ value, label: i18n._(industryLabels[value]) })),
    role: roles.map((value) => ({ value, label: i18n._(roleLabels[value]) })),
    country: countries.map((c) => ({ value: c.code, label: ru ? c.name_ru : c.name_en })),
  };
  const busy = snapshot.hasTag('busy');
  const edit = (name: ProfileField) => send({ type: 'field.edit', field: name });
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Personal data`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, fields, (values) => send({ type: 'form.submit', values }));
      }}
    >
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2">
        {fields.map((name) => (
          <form.Field key={name} name={name}>
            {(field) =>
              name === 'industry' || name === 'role' || name === 'country' ? (
                <SelectField
                  name={name}
                  label={labels[name]}
                  value={field.state.value}
                  options={options[name]}
                  placeholder={name === 'country' ? undefined : t`Not selected`}
                  required={name === 'country'}
                  error={fieldError(field.state.meta, name)}
                  onValueChange={(value) => {
                    field.handleChange(value);
                    edit(name);
                  }}
                  onBlur={field.handleBlur}
                />
              ) : (
                <TextField
                  name={name}
                  label={labels[name]}
                  required={name === 'first_name' || name === 'last_name'}
                  type={name === 'phone' ? 'tel' : 'text'}
                  autoComplete={
                    {
                      first_name: 'given-name',
                      last_name: 'family-name',
                      company: 'organization',
                      phone: 'tel',
                    }[name]
                  }
                  helperText={
                    name === 'phone' ? t`With the country code, e.g. +7 495 123-45-67` : undefined
                  }
                  value={field.state.value}
                  error={fieldError(field.state.meta, name)}
                  onValueChange={(value) => {
                    field.handleChange(value);
                    edit(name);
                  }}
                  onBlur={() => leaveTrimmed(field)}
                />
              )
            }
          </form.Field>
        ))}
      </Grid>
      <Text textStyle="caption" color="fg.muted" mb="4">
        {t`Email: ${user.email}`}
        {user.timezone && ` · ${t`Time zone: ${user.timezone.ianaName}`}`}
      </Text>
      <Stack direction="row" gap="4" align="center">
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Saving…`}>
          {t`Save`}
        </Button>
        {snapshot.matches({ editing: 'saved' }) && (
          <Text role="status" color="fg.success">
            {t`Changes saved`}
          </Text>
        )}
      </Stack>
    </chakra.form>
  );
}
