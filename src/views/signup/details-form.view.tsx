import { chakra, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type RefObject } from 'react';
import type { Country } from '../../../contract/countries.ts';
import { DetailsForm } from '../../../contract/identity.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { DetailsEvent, DetailsField } from '../../../machines/signup-details.machine.ts';
import { TextField } from '../../forms/field.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { useFieldError } from '../../forms/use-field-error.ts';
import { isLocale } from '../../i18n/locale.ts';
import { touchAndSubmit } from '../../forms/submit.ts';
import { leaveTrimmed } from '../../forms/trim.ts';

export interface DetailsFormViewProps {
  busy: boolean;
  countries: Country[];
  country: string;
  serverErrors: ServerErrors;
  send: (event: DetailsEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

const fields: DetailsField[] = ['first_name', 'last_name', 'country'];

export function DetailsFormView(props: DetailsFormViewProps) {
  const { busy, countries, country, serverErrors, send, formRef } = props;
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const fieldError = useFieldError(serverErrors);
  const options = useMemo(() => {
    const name = (c: Country) => (locale === 'ru' ? c.name_ru : c.name_en);
    const collator = new Intl.Collator(locale);
    return [...countries]
      .sort((a, b) => collator.compare(name(a), name(b)))
      .map((c) => ({ value: c.code, label: name(c) }));
  }, [countries, locale]);
  const form = useForm({
    defaultValues: { first_name: '', last_name: '', country },
    validators: { onChange: DetailsForm },
  });
  const labels = { first_name: t`First name`, last_name: t`Last name` };
  const auto = { first_name: 'given-name', last_name: 'family-name' };

  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`About you`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, fields, (values) => send({ type: 'form.submit', values }));
      }}
    >
      <Stack gap="row">
        {(['first_name', 'last_name'] as const).map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                name={name}
                label={labels[name]}
                autoComplete={auto[name]}
                autoFocus={name === 'first_name'}
                required
                value={field.state.value}
                error={fieldError(field.state.meta, name)}
                onValueChange={(value) => {
                  field.handleChange(value);
                  send({ type: 'field.edit', field: name });
                }}
                onBlur={() => leaveTrimmed(field)}
              />
            )}
          </form.Field>
        ))}
        <form.Field name="country">
          {(field) => (
            <SelectField
              name="country"
              label={t`Country`}
              required
              placeholder={t`Choose a country`}
              options={options}
              value={field.state.value}
              error={fieldError(field.state.meta, 'country')}
              onValueChange={(value) => {
                field.handleChange(value);
                send({ type: 'field.edit', field: 'country' });
              }}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Saving…`}>
          {t`Finish`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
