import * as Checkbox from '../../components/checkbox.tsx';
import { Trans } from '@lingui/react/macro';
import { FieldFrame } from '../../forms/field-frame.tsx';
import { PrivacyLink, TermsLink } from './terms-links.tsx';

export interface TermsCheckboxProps {
  checked: boolean;
  error?: string | undefined;
  onCheckedChange: (checked: boolean) => void;
  onBlur: () => void;
}

/** The agreement to the terms and the privacy policy, with links to both. */
export function TermsCheckbox({ checked, error, onCheckedChange, onBlur }: TermsCheckboxProps) {
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
            I agree to the <TermsLink>terms of service</TermsLink> and the{' '}
            <PrivacyLink>privacy policy</PrivacyLink>
          </Trans>
        </Checkbox.Label>
      </Checkbox.Root>
    </FieldFrame>
  );
}
