import { Button, Card, Group, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Badge } from '../../components/badge.tsx';
import { useLingui } from '@lingui/react/macro';
import type { Interval } from '../../../contract/billing.ts';
import type { PlanId } from '../../../contract/profile.ts';
import {
  annualDiscount,
  planCardButton,
  planPrice,
  type PlanCardButton,
  type SubscriptionUpdateEvent,
} from '../../../machines/subscription-update.machine.ts';
import type { SubscriptionData } from '../../../machines/subscription.machine.ts';
import { planNames } from '../../components/plan-names.ts';
import { formatDate } from '../../../contract/dates.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Locale } from '../../i18n/locale.ts';
import { FeatureList } from './feature-list.view.tsx';
import { priceLabel } from './money.ts';

export interface PlansViewProps {
  data: SubscriptionData;
  period: Interval;
  locale: Locale;
  send: (event: SubscriptionUpdateEvent) => void;
}

const order: PlanId[] = ['free', 'mini', 'premium'];

/** The period switch and a card per plan with its features and button (section 4). */
export function PlansView({ data, period, locale, send }: PlansViewProps) {
  const { t, i18n } = useLingui();
  const { subscription, plans } = data;
  const discount = annualDiscount(plans.plans);
  const since = subscription.expire_at ? formatDate(subscription.expire_at, locale) : '';
  const labels: Record<PlanCardButton, string> = {
    yourPlan: t`Your plan`,
    yourPlanSince: t`Your plan since ${since}`,
    changeInterval: t`Change interval`,
    renew: t`Renew`,
    select: t`Select`,
  };
  return (
    <Stack gap="6">
      <Group attached role="group" aria-label={t`Billing period`}>
        {(['monthly', 'yearly'] as const).map((p) => (
          <Button
            key={p}
            colorPalette="blue"
            variant={p === period ? 'solid' : 'outline'}
            aria-pressed={p === period}
            onClick={() => send({ type: 'period.change', period: p })}
          >
            {p === 'monthly' ? t`Monthly` : t`Yearly`}
            {p === 'yearly' && discount !== null && (
              <Badge colorPalette="green" ms="2">{`−${discount}%`}</Badge>
            )}
          </Button>
        ))}
      </Group>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {order.map((id) => {
          const plan = plans.plans.find((p) => p.id === id);
          const button = planCardButton(subscription, id, period);
          const price = plan ? planPrice(plan, period) : null;
          const perMonth = (amount: number) =>
            period === 'yearly' ? Math.round(amount / 12) : amount;
          const current = id === subscription.plan;
          return (
            <Card.Root
              key={id}
              borderWidth={current ? '2px' : '1px'}
              borderColor={current ? 'blue.solid' : 'border'}
            >
              <Card.Header>
                <Stack direction="row" justify="space-between" align="center" flexWrap="wrap">
                  <Card.Title>{i18n._(planNames[id])}</Card.Title>
                  {current && <Badge colorPalette="blue">{t`Current plan`}</Badge>}
                </Stack>
              </Card.Header>
              <Card.Body gap="4">
                {/* The same height on every card, so the feature lists start level. */}
                <Stack gap="0" minH="16">
                  {id === 'free' ? (
                    <Text textStyle="figure">
                      {priceLabel(0, price?.price.currency ?? subscription.currency, 'monthly')}
                    </Text>
                  ) : (
                    price && (
                      <>
                        <Text textStyle="figure">
                          {price.old && (
                            <Text
                              as="s"
                              color="fg.muted"
                              me="2"
                              textStyle="body"
                              fontWeight="normal"
                            >
                              {formatMoney(perMonth(price.old.amount), price.old.currency)}
                            </Text>
                          )}
                          {priceLabel(
                            perMonth(price.price.amount),
                            price.price.currency,
                            'monthly',
                          )}
                        </Text>
                        {period === 'yearly' && (
                          <Text textStyle="caption" color="fg.muted">
                            {t`Billed yearly: ${priceLabel(price.price.amount, price.price.currency, 'yearly')}`}
                          </Text>
                        )}
                      </>
                    )
                  )}
                </Stack>
                <FeatureList plan={id} locale={locale} />
              </Card.Body>
              <Card.Footer>
                <Button
                  width="full"
                  colorPalette="blue"
                  variant={button === 'select' ? 'solid' : 'outline'}
                  disabled={button === 'yourPlan' || button === 'yourPlanSince'}
                  onClick={() => send({ type: 'plan.select', plan: id })}
                >
                  {labels[button]}
                </Button>
              </Card.Footer>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
