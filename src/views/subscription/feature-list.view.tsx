import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { PlanId } from '../../../contract/profile.ts';
import type { Locale } from '../../i18n/locale.ts';
import { planFeatures } from './features.ts';

/** A plan's features (section 9), each with a check mark; the Russian-only ones in Russian. */
export function FeatureList({ plan, locale }: { plan: PlanId; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <Stack as="ul" gap="1.5" listStyleType="none">
      {planFeatures[plan]
        .filter((f) => locale === 'ru' || !f.ruOnly)
        .map((f) => (
          <Stack as="li" key={f.text.id} direction="row" gap="2" align="baseline">
            <Text as="span" color="green.fg" fontWeight="bold" aria-hidden="true">
              ✓
            </Text>
            <Text as="span">{i18n._(f.text)}</Text>
          </Stack>
        ))}
    </Stack>
  );
}
