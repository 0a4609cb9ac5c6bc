import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SystemReleases } from '../../../machines/software-list.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { ExternalButton } from './external-button.tsx';
import { distributionNames, systemNames } from './labels.ts';
import { downloadHref, isStorePage, saveAsName, storeHref, storeName } from './links.ts';

export interface SystemDownloadsViewProps {
  /** The product's name, which screen readers hear with each link. */
  name: string;
  system: SystemReleases;
  locale: Locale;
}

/** One system of a product: its installers as downloads, or, on android, its store page. */
export function SystemDownloadsView({ name, system, locale }: SystemDownloadsViewProps) {
  const { t, i18n } = useLingui();
  const os = i18n._(systemNames[system.os]);
  const versions = [...new Set(system.releases.map((release) => release.version))].join(', ');
  const context = `${name}, ${os}`;
  // Every variant of a store release leads to the same page: one link each.
  const stores = [...new Set(system.releases.flatMap((r) => r.files.map((f) => f.link)))];
  return (
    <Stack gap="row">
      <HStack gap="2" align="baseline">
        <Heading as="h3" textStyle="label">
          {os}
        </Heading>
        <Text textStyle="caption" color="fg.muted">
          {versions}
        </Text>
      </HStack>
      <HStack gap="2" wrap="wrap">
        {isStorePage(system.os)
          ? stores.map((link) => {
              const store = storeName(link);
              return (
                <ExternalButton key={link} href={storeHref(link, locale)} context={context}>
                  {t`Get it on ${store}`}
                </ExternalButton>
              );
            })
          : system.releases.flatMap((release) =>
              release.files.map((file) => (
                <Button key={file.id} asChild size="sm" variant="outline">
                  <a href={downloadHref(release, file)} download={saveAsName(release, file)}>
                    <Text as="span" srOnly>{`${context}: `}</Text>
                    {i18n._(distributionNames[release.options.dist])}
                    {file.size !== null && (
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        {formatSize(file.size, locale)}
                      </Text>
                    )}
                  </a>
                </Button>
              )),
            )}
      </HStack>
    </Stack>
  );
}

/** 1.8 kB, 312 MB: in the page's language. */
function formatSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1024 ** 2 : bytes / 1024);
}
