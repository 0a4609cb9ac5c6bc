import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { products } from '../../../contract/software.ts';
import type { SoftwareProduct } from '../../../machines/software-list.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { productDescriptions, productTypes } from './labels.ts';
import { ExternalButton } from './external-button.tsx';
import { externalSiteOf } from './links.ts';
import { ProductIcon } from './product-icon.tsx';
import { SystemDownloadsView } from './system-downloads.view.tsx';

export interface ProductCardViewProps {
  product: SoftwareProduct;
  locale: Locale;
}

/** One product: what it is, then its files by system (or its store page, or its own site). */
export function ProductCardView({ product, locale }: ProductCardViewProps) {
  const { t, i18n } = useLingui();
  const { name, type } = products[product.id];
  const headingId = `product-${product.id}`;
  const site = externalSiteOf(product.id, locale);
  const host = site && new URL(site).hostname;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body gap="4">
        <HStack gap="3">
          <ProductIcon product={product.id} />
          <Stack gap="0">
            <Heading as="h2" textStyle="card-title" id={headingId}>
              {name}
            </Heading>
            <Text textStyle="caption" color="fg.muted">
              {i18n._(productTypes[type])}
            </Text>
          </Stack>
        </HStack>
        <Text>{i18n._(productDescriptions[product.id])}</Text>
        {site ? (
          <Stack gap="row" align="flex-start">
            <Text textStyle="caption" color="fg.muted">
              {t`${name} installers for every system are published on the project's own site.`}
            </Text>
            <ExternalButton href={site} context={name}>
              {t`Download from ${host}`}
            </ExternalButton>
          </Stack>
        ) : (
          product.systems.map((system) => (
            <SystemDownloadsView key={system.os} name={name} system={system} locale={locale} />
          ))
        )}
      </Card.Body>
    </Card.Root>
  );
}
