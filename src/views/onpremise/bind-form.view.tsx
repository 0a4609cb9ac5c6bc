import { chakra, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { BindingCreate } from '../../../contract/onpremise.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { OnpremiseEvent, OnpremiseField } from '../../../machines/onpremise.machine.ts';
import { onpremiseErrorMessages } from '../../flows/onpremise-messages.ts';
import { TextField } from '../../forms/field.tsx';
import { touchAndSubmit } from '../../forms/submit.ts';
import { useFieldError } from '../../forms/use-field-error.ts';
import { leaveTrimmed } from '../../forms/trim.ts';
import { useFormDraft, type FormDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';

export interface BindFormViewProps {
  serverErrors: ServerErrors;
  busy: boolean;
  send: (event: OnpremiseEvent) => void;
  /** The edit kept when the session ended, offered above the form (decision 0025). */
  draft: FormDraft;
  formRef?: RefObject<HTMLFormElement | null>;
}

const FIELDS: OnpremiseField[] = ['identifier', 'label'];

/** The form to bind one more identifier, with an optional label. */
export function BindFormView({ serverErrors, busy, send, draft, formRef }: BindFormViewProps) {
  const { t } = useLingui();
  // The form's own rules speak through codes; these are the page's own words.
  const fieldError = useFieldError(serverErrors, onpremiseErrorMessages);
  const form = useForm({
    defaultValues: { identifier: '', label: '' },
    validators: { onChange: BindingCreate },
  });
  useFormDraft(draft, form);
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Bind an identifier`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, FIELDS, (values) => send({ type: 'form.submit', values }));
      }}
    >
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Stack gap="row">
        <form.Field name="identifier">
          {(field) => (
            <TextField
              label={t`Identifier`}
              name="identifier"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
              value={field.state.value}
              error={fieldError(field.state.meta, 'identifier')}
              helperText={t`As the server printed it at setup: eight groups of four letters or digits`}
              onValueChange={(value) => {
                field.handleChange(value);
                send({ type: 'field.edit', field: 'identifier' });
              }}
              onBlur={() => leaveTrimmed(field)}
            />
          )}
        </form.Field>
        <form.Field name="label">
          {(field) => (
            <TextField
              label={t`Label`}
              name="label"
              autoComplete="off"
              value={field.state.value}
              error={fieldError(field.state.meta, 'label')}
              helperText={t`Optional: a name to tell your installations apart`}
              onValueChange={(value) => {
                field.handleChange(value);
                send({ type: 'field.edit', field: 'label' });
              }}
              onBlur={() => leaveTrimmed(field)}
            />
          )}
        </form.Field>
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          loading={busy}
          loadingText={t`Binding…`}
        >
          {t`Bind`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
