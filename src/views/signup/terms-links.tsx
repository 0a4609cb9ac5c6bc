import { Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { site } from '../../components/site.ts';
import { isLocale } from '../../i18n/locale.ts';

/*
 * The links to the terms of service and the privacy policy in the user's language, in a
 * new tab, as the sign-up's agreement (its checkbox and the social consent) words them.
 */

function useLocale() {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

export function TermsLink({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <Link href={site.termsUrl[locale]} target="_blank" colorPalette="blue">
      {children}
    </Link>
  );
}

export function PrivacyLink({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <Link href={site.privacyUrl[locale]} target="_blank" colorPalette="blue">
      {children}
    </Link>
  );
}
