import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type {
  SoftwareProduct,
  softwareListMachine,
} from '../../../machines/software-list.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { PluginInfoView } from './plugin-info.view.tsx';
import { ProductCardView } from './product-card.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface SoftwareViewProps extends MachineViewProps<typeof softwareListMachine> {
  locale: Locale;
}

/**
 * /software: the products with a spinner while they load, or the alert; the plugin block
 * below them once they have settled. Drawn beside the spinner, the block was pushed down
 * by the whole list when it came: a layout shift the user sees whenever the releases
 * answer after the first draw (the page's CLS over HTTP/1.1).
 */
export function SoftwareView({ snapshot, send, locale }: SoftwareViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const body = (() => {
    switch (state) {
      case 'loading':
        return <Busy label={t`Loading software…`} />;
      case 'loaded':
        return <ProductListView products={snapshot.context.products} locale={locale} />;
      case 'empty':
      case 'failed':
        return (
          <RetryAlert
            message={t`Couldn't load software data`}
            onRetry={() => send({ type: 'releases.retry' })}
          />
        );
      default:
        return state satisfies never;
    }
  })();
  return (
    <TitledPage title={t`Software`}>
      {body}
      {state !== 'loading' && <PluginInfoView />}
    </TitledPage>
  );
}

function ProductListView({ products, locale }: { products: SoftwareProduct[]; locale: Locale }) {
  return (
    // Side by side, every row is as tall as the tallest card: the cards are even.
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="section" gridAutoRows={{ xl: '1fr' }}>
      {products.map((product) => (
        <ProductCardView key={product.id} product={product} locale={locale} />
      ))}
    </SimpleGrid>
  );
}
