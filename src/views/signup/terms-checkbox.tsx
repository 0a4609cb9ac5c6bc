import { Link } from '@chakra-ui/react';
import * as Checkbox from '../../components/checkbox.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { site } from '../../components/site.ts';
import { FieldFrame } from '../../forms/field-frame.tsx';
import { isLocale } from '../../i18n/locale.ts';

export interface TermsCheckboxProps {
  checked: boolean;
  error?: string | undefined;
  onCheckedChange: (checked: boolean) => void;
  onBlur: () => void;
}

/** The agreement to the terms and the privacy policy, with links to both. */
export function TermsCheckbox({ checked, error, onCheckedChange, onBlur }: TermsCheckboxProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <FieldFrame required error={error} size="caption">
      <Checkbox.Root
        name="agree"
        checked={checked}
        invalid={Boolean(error)}
        onCheckedChange={(e) => onCheckedChange(e.checked === true)}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput onBlur={onBlur} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          <Trans>
            I agree to the{' '}
            <Link href={site.termsUrl[locale]} target="_blank" colorPalette="blue">
              terms of service
            </Link>{' '}
            and the{' '}
            <Link href={site.privacyUrl[locale]} target="_blank" colorPalette="blue">
              privacy policy
            </Link>
          </Trans>
        </Checkbox.Label>
      </Checkbox.Root>
    </FieldFrame>
  );
}
