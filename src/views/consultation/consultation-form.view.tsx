import { chakra, Grid, GridItem } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { COMMENT_MAX, ConsultationFields } from '../../../contract/consultation.ts';
import type { ConsultationField, ConsultationForm } from '../../../contract/consultation.ts';
import { industries } from '../../../contract/identity.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { ConsultationEvent } from '../../../machines/consultation.machine.ts';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../forms/field.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { touchAndSubmit } from '../../forms/submit.ts';
import { TextareaField } from '../../forms/textarea-field.tsx';
import { useFieldError } from '../../forms/use-field-error.ts';
import { useForm } from '../../forms/use-form.tsx';
import { useFormDraft, type FormDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';
import { industryLabels } from '../profile/labels.ts';

export interface ConsultationFormViewProps {
  values: ConsultationForm;
  serverErrors: ServerErrors;
  busy: boolean;
  send: (event: ConsultationEvent) => void;
  /** The edit kept when the session ended, offered above the form (decision 0025). */
  draft: FormDraft;
  formRef?: RefObject<HTMLFormElement | null>;
}

const TEXT_FIELDS = ['name', 'email', 'company', 'phone'] as const;
const FIELDS: ConsultationField[] = [...TEXT_FIELDS, 'industry', 'comment'];

/** The consultation request's fields (section 3), with the profile's rules and texts. */
export function ConsultationFormView({
  values,
  serverErrors,
  busy,
  send,
  draft,
  formRef,
}: ConsultationFormViewProps) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    defaultValues: values,
    validators: { onChange: ConsultationFields },
  });
  useFormDraft(draft, form);
  const labels: Record<ConsultationField, string> = {
    name: t`Name`,
    email: t`Email`,
    company: t`Company`,
    phone: t`Phone`,
    industry: t`Industry`,
    comment: t`Comment`,
  };
  const edit = (field: ConsultationField) => send({ type: 'field.edit', field });
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Request a consultation`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, FIELDS, (submitted) =>
          send({ type: 'form.submit', values: submitted }),
        );
      }}
    >
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2">
        {TEXT_FIELDS.map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                name={name}
                label={labels[name]}
                required={name === 'name' || name === 'email'}
                type={{ name: 'text', email: 'email', company: 'text', phone: 'tel' }[name]}
                autoComplete={
                  { name: 'name', email: 'email', company: 'organization', phone: 'tel' }[name]
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
                onBlur={() => {
                  field.handleChange(field.state.value.trim());
                  field.handleBlur();
                }}
              />
            )}
          </form.Field>
        ))}
        <form.Field name="industry">
          {(field) => (
            <SelectField
              name="industry"
              label={labels.industry}
              value={field.state.value}
              options={industries.map((value) => ({
                value,
                label: i18n._(industryLabels[value]),
              }))}
              placeholder={t`Not selected`}
              error={fieldError(field.state.meta, 'industry')}
              onValueChange={(value) => {
                // The select offers the industries and none only; the rules check it again.
                field.handleChange(value as ConsultationForm['industry']);
                edit('industry');
              }}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <GridItem colSpan={{ base: 1, md: 2 }}>
          <form.Field name="comment">
            {(field) => (
              <TextareaField
                name="comment"
                label={labels.comment}
                helperText={t`Optional: your tasks, the number of users, deadlines (up to ${COMMENT_MAX} characters)`}
                value={field.state.value}
                error={fieldError(field.state.meta, 'comment')}
                onValueChange={(value) => {
                  field.handleChange(value);
                  edit('comment');
                }}
                onBlur={field.handleBlur}
              />
            )}
          </form.Field>
        </GridItem>
      </Grid>
      <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Sending…`}>
        {t`Send request`}
      </Button>
    </chakra.form>
  );
}
