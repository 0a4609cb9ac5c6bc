import { Grid, Stack, Text } from '@chakra-ui/react';
import { DisclosureButton } from '../../components/disclosure-button.tsx';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { EntityForm } from '../../../contract/billing.ts';
import type { Country } from '../../../contract/countries.ts';
import {
  CardForm,
  type CardValues,
  type CheckoutEvent,
  type EntityValues,
} from '../../../machines/checkout.machine.ts';
import * as Form from '../../forms/kit.tsx';

interface FormProps extends Form.ViewProps<CheckoutEvent> {
  /** The agreement and anything else shown above Pay. */
  footer: ReactNode;
  /** The total, shown on Pay; empty while it is not known. */
  amount: string;
}

/** The payer forms' two columns (one on a narrow screen). */
const twoColumns = {
  templateColumns: { base: '1fr', md: '1fr 1fr' },
  columnGap: '6',
  rowGap: '2',
} as const;

const cardFields = ['firstName', 'lastName', 'email', 'country'] as const;

/** The individual payer: name, read-only e-mail and country, then Pay by card. */
export function CardFormView(
  props: FormProps & { payer: CardValues; countries: Country[]; coupon: string },
) {
  const { busy, footer, amount, payer, countries, coupon } = props;
  const { t, i18n } = useLingui();
  const kit = Form.useMachineForm(props, {
    // The profile's details, the country only where payments are taken from it.
    defaultValues: {
      ...payer,
      country: countries.some((c) => c.code === payer.country) ? payer.country : '',
    } as CardValues,
    schema: CardForm,
    fields: cardFields,
    onSubmit: (values) => props.send({ type: 'pay.card', values, coupon }),
  });
  const ru = i18n.locale === 'ru';
  const options = countries.map((c) => ({ value: c.code, label: ru ? c.name_ru : c.name_en }));
  // These fields are checked as they are left, their trailing whitespace kept till Pay.
  const text = { kit, required: true, trimOnLeave: false } as const;
  return (
    <Form.Root kit={kit} label={t`Payer details`}>
      <Grid {...twoColumns}>
        <Form.TextField {...text} name="firstName" label={t`First name`} />
        <Form.TextField {...text} name="lastName" label={t`Last name`} />
        <Form.TextField {...text} name="email" label={t`Email`} readOnly />
        <Form.SelectField
          kit={kit}
          name="country"
          label={t`Country`}
          required
          placeholder={t`Not selected`}
          options={options}
        />
      </Grid>
      {footer}
      {/* Pay, with the total it pays. */}
      <Form.Submit kit={kit} mt="4" disabled={busy}>
        {amount ? t`Pay ${amount}` : t`Pay`}
      </Form.Submit>
    </Form.Root>
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
export function EntityFormView(
  props: Omit<FormProps, 'amount'> & {
    /** The smallest invoice, formatted (decision 0305); empty when not known. */
    minimum: string;
  },
) {
  const { busy, footer, minimum } = props;
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const kit = Form.useMachineForm(props, {
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
    schema: EntityForm,
    fields: requiredEntity,
    onSubmit: (values) => props.send({ type: 'pay.invoice', values }),
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
    <Form.TextField
      key={name}
      kit={kit}
      name={name}
      label={labels[name]}
      required={required}
      type={name === 'contact_phone' ? 'tel' : name === 'contact_email' ? 'email' : 'text'}
      trimOnLeave={false}
    />
  );
  return (
    <Form.Root kit={kit} label={t`Company details`}>
      <Grid {...twoColumns}>{requiredEntity.map((name) => fieldOf(name, true))}</Grid>
      <DisclosureButton open={open} onClick={() => setOpen((o) => !o)}>
        {open ? t`Hide extended requisites` : t`Add extended requisites`}
      </DisclosureButton>
      {open && (
        <Grid {...twoColumns} mt="2">
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
      {/* An invoice request pays nothing yet: its button asks for the invoice. */}
      <Form.Submit kit={kit} mt="4" disabled={busy}>
        {t`Request invoice`}
      </Form.Submit>
    </Form.Root>
  );
}
