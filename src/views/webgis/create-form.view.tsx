import { Alert, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { WebgisCreateForm, type WebgisLocation } from '../../../contract/webgis.ts';
import type { WebgisCreateEvent } from '../../../machines/webgis-create.machine.ts';
import * as Form from '../../forms/kit.tsx';
import type { FormDraft } from '../../forms/use-form-draft.ts';
import type { Locale } from '../../i18n/locale.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';
import { DomainFieldView } from './domain-field.view.tsx';
import { LocationCardsView } from './location-cards.view.tsx';

export interface CreateFormViewProps extends Form.ViewProps<WebgisCreateEvent> {
  domain: string;
  locations: WebgisLocation[];
  defaultSubdomain: string;
  /** The last creation failed (section 4): say so above the form. */
  failed: boolean;
  locale: Locale;
  /** The edit kept when the session ended, offered above the form (decision 0025). */
  draft: FormDraft;
}

/** Section 2's create form: the domain name with the instance-domain suffix, the data center. */
export function CreateFormView(props: CreateFormViewProps) {
  const { domain, locations, defaultSubdomain, failed, locale, draft } = props;
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { subdomain_name: defaultSubdomain, location_id: locations[0]?.id ?? '' },
    schema: WebgisCreateForm,
  });
  return (
    <Form.Root kit={kit} label={t`Create Web GIS`}>
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
        <Form.Field kit={kit} name="subdomain_name">
          {(field) => (
            <DomainFieldView
              value={field.value}
              domain={domain}
              error={field.error}
              onValueChange={field.change}
              onBlur={field.leave}
            />
          )}
        </Form.Field>
        <Form.Field kit={kit} name="location_id">
          {(field) => (
            <LocationCardsView
              locations={locations}
              value={field.value}
              locale={locale}
              error={field.error}
              onChange={(id) => {
                field.change(id);
                field.blur();
              }}
            />
          )}
        </Form.Field>
        <Form.Submit kit={kit} alignSelf="flex-start" busyText={t`Creating…`}>
          {t`Create`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
