import { Grid, GridItem } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { COMMENT_MAX, ConsultationFields } from '../../../contract/consultation.ts';
import type { ConsultationField, ConsultationForm } from '../../../contract/consultation.ts';
import { industries } from '../../../contract/identity.ts';
import type { ConsultationEvent } from '../../../machines/consultation.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { CompanyField, EmailField, PhoneField } from '../contact-fields.tsx';
import type { FormDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';
import { industryLabels } from '../profile/labels.ts';

export interface ConsultationFormViewProps extends Form.ViewProps<ConsultationEvent> {
  values: ConsultationForm;
  /** The edit kept when the session ended, offered above the form (decision 0025). */
  draft: FormDraft;
}

const FIELDS: ConsultationField[] = ['name', 'email', 'company', 'phone', 'industry', 'comment'];

/** The consultation request's fields (section 3), with the profile's rules and texts. */
export function ConsultationFormView(props: ConsultationFormViewProps) {
  const { draft } = props;
  const { t, i18n } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: props.values,
    schema: ConsultationFields,
    fields: FIELDS,
  });
  return (
    <Form.Root kit={kit} label={t`Request a consultation`}>
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2">
        <Form.TextField
          kit={kit}
          name="name"
          label={t`Name`}
          required
          type="text"
          autoComplete="name"
        />
        <EmailField kit={kit} required />
        <CompanyField kit={kit} />
        <PhoneField kit={kit} />
        {/* The select offers the industries and none only; the rules check it again. */}
        <Form.SelectField
          kit={kit}
          name="industry"
          label={t`Industry`}
          options={industries.map((value) => ({
            value,
            label: i18n._(industryLabels[value]),
          }))}
          placeholder={t`Not selected`}
        />
        <GridItem colSpan={{ base: 1, md: 2 }}>
          <Form.TextareaField
            kit={kit}
            name="comment"
            label={t`Comment`}
            helperText={t`Optional: your tasks, the number of users, deadlines (up to ${COMMENT_MAX} characters)`}
          />
        </GridItem>
      </Grid>
      <Form.Submit kit={kit} busyText={t`Sending…`}>
        {t`Send request`}
      </Form.Submit>
    </Form.Root>
  );
}
