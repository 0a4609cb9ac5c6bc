import { Alert, chakra, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { WebgisCreateForm, type WebgisLocation } from '../../../contract/webgis.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { WebgisCreateEvent } from '../../../machines/webgis-create.machine.ts';
import { touchAndSubmit } from '../../forms/submit.ts';
import { useFieldError } from '../../forms/use-field-error.ts';
import type { Locale } from '../../i18n/locale.ts';
import { DomainFieldView } from './domain-field.view.tsx';
import { LocationCardsView } from './location-cards.view.tsx';
import { leaveTrimmed } from '../../forms/trim.ts';
import { useFormDraft, type FormDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';

export interface CreateFormViewProps {
  domain: string;
  locations: WebgisLocation[];
  defaultSubdomain: string;
  serverErrors: ServerErrors;
  busy: boolean;
  /** The last creation failed (section 4): say so above the form. */
  failed: boolean;
  locale: Locale;
  send: (event: WebgisCreateEvent) => void;
  /** The edit kept when the session ended, offered above the form (decision 0025). */
  draft: FormDraft;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** Section 2's create form: the domain name with the instance-domain suffix, the data center. */
export function CreateFormView({
  domain,
  locations,
  defaultSubdomain,
  serverErrors,
  busy,
  failed,
  locale,
  send,
  draft,
  formRef,
}: CreateFormViewProps) {
  const { t } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    defaultValues: { subdomain_name: defaultSubdomain, location_id: locations[0]?.id ?? '' },
    validators: { onChange: WebgisCreateForm },
  });
  useFormDraft(draft, form);
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Create Web GIS`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, ['subdomain_name', 'location_id'], (values) =>
          send({ type: 'form.submit', values }),
        );
      }}
    >
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Stack gap="4">
        {failed && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              {t`Your Web GIS could not be created. Try again, or choose another data center.`}
            </Alert.Title>
          </Alert.Root>
        )}
        <form.Field name="subdomain_name">
          {(field) => (
            <DomainFieldView
              value={field.state.value}
              domain={domain}
              error={fieldError(field.state.meta, 'subdomain_name')}
              onValueChange={(value) => {
                field.handleChange(value);
                send({ type: 'field.edit', field: 'subdomain_name' });
              }}
              onBlur={() => leaveTrimmed(field)}
            />
          )}
        </form.Field>
        <form.Field name="location_id">
          {(field) => (
            <LocationCardsView
              locations={locations}
              value={field.state.value}
              locale={locale}
              error={fieldError(field.state.meta, 'location_id')}
              onChange={(id) => {
                field.handleChange(id);
                field.handleBlur();
                send({ type: 'field.edit', field: 'location_id' });
              }}
            />
          )}
        </form.Field>
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          loading={busy}
          loadingText={t`Creating…`}
        >
          {t`Create`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
