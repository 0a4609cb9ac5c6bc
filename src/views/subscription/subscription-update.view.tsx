import { subscriptionWidth } from './width.ts';
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type { subscriptionUpdateMachine } from '../../../machines/subscription-update.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { PlansView } from './plans.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface UpdateViewProps extends MachineViewProps<typeof subscriptionUpdateMachine> {
  locale: Locale;
  /** The checkout of the selected plan (its own machine). */
  checkout?: ReactNode;
}

/** /subscription/update: breadcrumbs, the title, then the plans or the checkout. */
export function UpdateView({ snapshot, send, locale, checkout }: UpdateViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const { data, period, selected } = snapshot.context;
  const body = (() => {
    switch (state) {
      case 'loading':
        return <Busy quiet label={t`Loading…`} />;
      case 'unavailable':
        return (
          <RetryAlert
            message={t`Couldn't load your subscription. Please try again.`}
            onRetry={() => send({ type: 'load.retry' })}
          />
        );
      case 'choosing':
        return data && <PlansView data={data} period={period} locale={locale} send={send} />;
      case 'checkout':
        return checkout;
      default:
        return state satisfies never;
    }
  })();
  return (
    <Stack gap="page" maxW={subscriptionWidth}>
      <nav aria-label={t`Breadcrumbs`}>
        <Stack as="ol" direction="row" gap="2" listStyleType="none" textStyle="caption">
          <li>
            <Link asChild colorPalette="blue">
              <RouterLink to="/$locale/subscription" params={{ locale }}>
                {t`Subscription`}
              </RouterLink>
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <Text as="li" aria-current="page">
            {t`Change subscription`}
          </Text>
        </Stack>
      </nav>
      <Heading as="h1" textStyle="page-title">
        {selected === 'free' ? t`Cancel subscription` : t`Change subscription`}
      </Heading>
      {body}
    </Stack>
  );
}
