import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n/locale.ts';
import { relatedLinks } from './links.ts';
import { NewTabNote } from '../new-tab.tsx';

/** Section 2's related-info panel: a video, the demo, the docs and data to start with. */
export function RelatedInfoView({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const links = relatedLinks();
  const items = [
    { href: links.video[locale], label: t`Video: your first Web GIS in five minutes` },
    { href: links.demo[locale], label: t`Demo Web GIS` },
    { href: links.docs[locale], label: t`Documentation` },
    { href: links.data[locale], label: t`Sample data to upload` },
  ];
  return (
    <Card.Root as="aside" aria-labelledby="webgis-related" variant="subtle">
      <Card.Body gap="3">
        <Heading as="h2" textStyle="card-title" id="webgis-related">
          {t`Related information`}
        </Heading>
        <Text textStyle="caption">{t`A Web GIS publishes your maps and data on the web: share them, edit them together and connect them to QGIS and the mobile apps.`}</Text>
        <Stack as="ul" gap="2" listStyleType="none">
          {items.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="underline"
                colorPalette="blue"
              >
                {item.label}
                <NewTabNote />
              </Link>
            </li>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
