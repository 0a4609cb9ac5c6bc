import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Badge } from '../../components/badge.tsx';
import { FeatureList } from './feature-list.view.tsx';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Subscription } from '../../../contract/billing.ts';
import { planActions, type PlanAction } from '../../../machines/subscription.machine.ts';
import { planNames } from '../../components/plan-names.ts';
import { formatDate } from '../../../contract/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { priceLabel } from './money.ts';

export interface CurrentPlanViewProps {
  subscription: Subscription;
  /** The server will restore it: its autopayment was cancelled. */
  restorable: boolean;
  locale: Locale;
  busy: boolean;
  onRestore: () => void;
}

/** The current plan: name, price, next payment (or 'active until') and the actions of section 4. */
export function CurrentPlanView({
  subscription,
  restorable,
  locale,
  busy,
  onRestore,
}: CurrentPlanViewProps) {
  const { t, i18n } = useLingui();
  const { plan, interval, expire_at, canceled_at } = subscription;
  const date = expire_at ? formatDate(expire_at, locale) : null;
  const labels: Record<Exclude<PlanAction, 'restore'>, string> = {
    upgrade: t`Upgrade`,
    change: t`Change plan`,
    cancel: t`Cancel subscription`,
    renew: t`Renew ${i18n._(planNames[plan])}`,
  };
  const search = (action: Exclude<PlanAction, 'restore'>) => {
    if (action === 'cancel') return { plan: 'free' as const, period: 'monthly' as const };
    if (action === 'renew') return { plan, period: interval };
    if (action === 'upgrade' && plan === 'mini')
      return { plan: 'premium' as const, period: interval };
    return {};
  };
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Stack direction="row" align="center" gap="3">
          <Heading as="h2" textStyle="card-title">
            {i18n._(planNames[plan])}
          </Heading>
          {canceled_at && <Badge colorPalette="orange">{t`Cancelled`}</Badge>}
        </Stack>
        {plan === 'free' && (
          <Stack gap="row">
            <Text color="fg.muted">{t`Free includes:`}</Text>
            <FeatureList plan="free" locale={locale} />
          </Stack>
        )}
        {plan !== 'free' && (
          <Text textStyle="figure">
            {priceLabel(subscription.price, subscription.currency, interval)}
          </Text>
        )}
        {date && plan !== 'free' && (
          <Text color="fg.muted">
            {canceled_at ? t`Active until ${date}` : t`Next payment: ${date}`}
          </Text>
        )}
      </Card.Body>
      <Card.Footer gap="3" flexWrap="wrap">
        {planActions(subscription, restorable).map((action) =>
          action === 'restore' ? (
            <Button key={action} colorPalette="blue" loading={busy} onClick={onRestore}>
              {t`Restore`}
            </Button>
          ) : (
            <Button
              key={action}
              asChild
              variant={action === 'cancel' ? 'outline' : 'solid'}
              colorPalette={action === 'cancel' ? 'red' : 'blue'}
            >
              <RouterLink
                to="/$locale/subscription/update"
                params={{ locale }}
                search={search(action)}
              >
                {labels[action]}
              </RouterLink>
            </Button>
          ),
        )}
      </Card.Footer>
    </Card.Root>
  );
}
