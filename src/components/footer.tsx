import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { isLocale } from '../i18n/locale.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { PageWidth } from './page-width.tsx';
import { contactEmail, site } from './site.ts';

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const email = contactEmail();
  return (
    <Box as="footer" borderTopWidth="1px" textStyle="caption" color="fg.muted">
      <PageWidth
        display="flex"
        flexWrap="wrap"
        gap="4"
        alignItems="center"
        justifyContent="space-between"
        py="4"
      >
        <Text>
          © {year} {i18n._(site.name)}
        </Text>
        <Text>
          {t`Contact us:`}{' '}
          <Link href={`mailto:${email}`} colorPalette="blue">
            {email}
          </Link>
        </Text>
        <Flex gap="4" align="center" wrap="wrap">
          <Link href={site.termsUrl[locale]}>{t`Terms of service`}</Link>
          <Link href={site.privacyUrl[locale]}>{t`Privacy policy`}</Link>
          <LanguageSwitcher />
        </Flex>
      </PageWidth>
    </Box>
  );
}
