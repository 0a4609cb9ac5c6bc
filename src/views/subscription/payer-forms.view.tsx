import { chakra, Grid, Stack, Text } from '@chakra-ui/react';
import { DisclosureButton } from '../../components/disclosure-button.tsx';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode, type RefObject } from 'react';
import { EntityForm } from '../../../contract/billing.ts';
import type { Country } from '../../../contract/countries.ts';
import {
  CardForm,
  type CardValues,
  type CheckoutEvent,
  type EntityValues,
} from '../../../machines/checkout.machine.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import { TextField } from '../../forms/field.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { touchAndSubmit } from '../../forms/submit.ts';
import { useFieldError } from '../../forms/use-field-error.ts';

interface FormProps {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: CheckoutEvent) => void;
  formRef?: RefObject<HTMLFormElement | null> | undefined;
  /** The agreement and anything else shown above Pay. */
  footer: ReactNode;
  /** The total, shown on Pay; empty while it is not known. */
  amount: string;
}

/** Pay with the total it pays, keeping its word beside the spinner while busy. */
function PayButton({ busy, amount }: { busy: boolean; amount: string }) {
  const { t } = useLingui();
  return (
    <Button type="submit" colorPalette="blue" mt="4" loading={busy} disabled={busy}>
      {amount ? t`Pay ${amount}` : t`Pay`}
    </Button>
  );
}

/** An invoice request pays nothing yet: its button asks for the invoice. */
function RequestInvoiceButton({ busy }: { busy: boolean }) {
  const { t } = useLingui();
  return (
    <Button type="submit" colorPalette="blue" mt="4" loading={busy} disabled={busy}>
      {t`Request invoice`}
    </Button>
  );
}

const cardFields = ['firstName', 'lastName', 'email', 'country'] as const;

/** The individual payer: name, read-only e-mail and country, then Pay by card. */
export function CardFormView({
  busy,
  serverErrors,
  send,
  formRef,
  footer,
  amount,
  payer,
  countries,
  coupon,
}: FormProps & { payer: CardValues; countries: Country[]; coupon: string }) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    // The profile's details, the country only where payments are taken from it.
    defaultValues: {
      ...payer,
      country: countries.some((c) => c.code === payer.country) ? payer.country : '',
    } as CardValues,
    validators: { onChange: CardForm },
  });
  const labels = {
    firstName: t`First name`,
    lastName: t`Last name`,
    email: t`Email`,
    country: t`Country`,
  };
  const ru = i18n.locale === 'ru';
  const options = countries.map((c) => ({ value: c.code, label: ru ? c.name_ru : c.name_en }));
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Payer details`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, cardFields, (values) =>
          send({ type: 'pay.card', values: values as CardValues, coupon }),
        );
      }}
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2">
        {cardFields.map((name) => (
          <form.Field key={name} name={name}>
            {(field) =>
              name === 'country' ? (
                <SelectField
                  name={name}
                  label={labels[name]}
                  required
                  placeholder={t`Not selected`}
                  value={field.state.value}
                  options={options}
                  error={fieldError(field.state.meta, name)}
                  onValueChange={(value) => {
                    field.handleChange(value);
                    send({ type: 'field.edit', field: name });
                  }}
                  onBlur={field.handleBlur}
                />
              ) : (
                <TextField
                  name={name}
                  label={labels[name]}
                  required
                  readOnly={name === 'email'}
                  value={field.state.value}
                  error={fieldError(field.state.meta, name)}
                  onValueChange={(value) => {
                    field.handleChange(value);
                    send({ type: 'field.edit', field: name });
                  }}
                  onBlur={field.handleBlur}
                />
              )
            }
          </form.Field>
        ))}
      </Grid>
      {footer}
      <PayButton busy={busy} amount={amount} />
    </chakra.form>
  );
}

const requiredEntity = [
  'company_name',
  'contact_person',
  'contact_email',
  'contact_phone',
] as const;
const extended = ['registration_number', 'tax_number', 'company_address', 'bank_details'] as const;

/** The legal entity: contacts, optional requisites, then the invoice request. */
export function EntityFormView({
  busy,
  serverErrors,
  send,
  formRef,
  footer,
  minimum,
}: Omit<FormProps, 'amount'> & {
  /** The smallest invoice, formatted (decision 0305); empty when not known. */
  minimum: string;
}) {
  const { t } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const [open, setOpen] = useState(false);
  const form = useForm({
    defaultValues: {
      company_name: '',
      contact_person: '',
      contact_email: '',
      contact_phone: '',
      registration_number: '',
      tax_number: '',
      company_address: '',
      bank_details: '',
    } as EntityValues,
    validators: { onChange: EntityForm },
  });
  const labels: Record<(typeof requiredEntity)[number] | (typeof extended)[number], string> = {
    company_name: t`Company name`,
    contact_person: t`Contact person`,
    contact_email: t`Contact email`,
    contact_phone: t`Contact phone`,
    registration_number: t`Registration number`,
    tax_number: t`Tax number`,
    company_address: t`Company address`,
    bank_details: t`Bank details`,
  };
  const fieldOf = (name: keyof typeof labels, required: boolean) => (
    <form.Field key={name} name={name}>
      {(field) => (
        <TextField
          name={name}
          label={labels[name]}
          required={required}
          type={name === 'contact_phone' ? 'tel' : name === 'contact_email' ? 'email' : 'text'}
          value={field.state.value ?? ''}
          error={fieldError(field.state.meta, name)}
          onValueChange={(value) => {
            field.handleChange(value);
            send({ type: 'field.edit', field: name });
          }}
          onBlur={field.handleBlur}
        />
      )}
    </form.Field>
  );
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Company details`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, requiredEntity, (values) =>
          send({ type: 'pay.invoice', values: values as EntityValues }),
        );
      }}
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2">
        {requiredEntity.map((name) => fieldOf(name, true))}
      </Grid>
      <DisclosureButton open={open} onClick={() => setOpen((o) => !o)}>
        {open ? t`Hide extended requisites` : t`Add extended requisites`}
      </DisclosureButton>
      {open && (
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="2" mt="2">
          {extended.map((name) => fieldOf(name, false))}
        </Grid>
      )}
      <Stack gap="1" mt="4" textStyle="caption" color="fg.muted">
        {minimum && (
          <Text>{t`Payment by invoice is available for orders of ${minimum} or more.`}</Text>
        )}
        <Text>{t`Invoices are sent within 2 working days.`}</Text>
      </Stack>
      {footer}
      <RequestInvoiceButton busy={busy} />
    </chakra.form>
  );
}
