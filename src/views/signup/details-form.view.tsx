import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Country } from '../../../contract/countries.ts';
import { DetailsForm } from '../../../contract/identity.ts';
import type { DetailsEvent } from '../../../machines/signup-details.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { isLocale } from '../../i18n/locale.ts';
import { FirstNameField, LastNameField } from '../contact-fields.tsx';

export interface DetailsFormViewProps extends Form.ViewProps<DetailsEvent> {
  countries: Country[];
  country: string;
}

export function DetailsFormView(props: DetailsFormViewProps) {
  const { countries, country } = props;
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const options = useMemo(() => {
    const name = (c: Country) => (locale === 'ru' ? c.name_ru : c.name_en);
    const collator = new Intl.Collator(locale);
    return [...countries]
      .sort((a, b) => collator.compare(name(a), name(b)))
      .map((c) => ({ value: c.code, label: name(c) }));
  }, [countries, locale]);
  const kit = Form.useMachineForm(props, {
    defaultValues: { first_name: '', last_name: '', country },
    schema: DetailsForm,
  });

  return (
    <Form.Root kit={kit} label={t`About you`}>
      <Stack gap="row">
        <FirstNameField kit={kit} autoFocus required />
        <LastNameField kit={kit} required />
        <Form.SelectField
          kit={kit}
          name="country"
          label={t`Country`}
          required
          placeholder={t`Choose a country`}
          options={options}
        />
        <Form.Submit kit={kit} busyText={t`Saving…`}>
          {t`Finish`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
