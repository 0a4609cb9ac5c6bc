import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Webgis } from '../../../contract/webgis.ts';
import { planNames } from '../../components/plan-names.ts';
import type { DetailsState } from './details.view.tsx';
import { NewTabNote } from '../new-tab.tsx';
import { SectionCard } from './section-card.tsx';

export interface ActionsViewProps {
  webgis: Webgis;
  state: DetailsState;
}

/**
 * What the user can do with the instance, one row each: go to it (signed in with this
 * account) unless it is blocked, and change the plan: free and mini upgrade (what
 * unblocks a blocked one), premium changes it.
 */
export function ActionsView({ webgis, state }: ActionsViewProps) {
  const { t, i18n } = useLingui();
  const planName = i18n._(planNames[webgis.plan]);
  const premium = webgis.plan === 'premium';
  return (
    <SectionCard id="webgis-actions" title={t`Actions`}>
      {state === 'ready' && (
        <Action
          title={t`Open the Web GIS`}
          description={t`It opens in a new tab, signed in with this account.`}
        >
          <Button asChild colorPalette="blue">
            <a href={webgis.url_oauth} target="_blank" rel="noopener noreferrer">
              {t`Go to Web GIS`}
              <NewTabNote />
            </a>
          </Button>
        </Action>
      )}
      <Action
        title={t`Plan`}
        description={
          premium
            ? t`The Premium plan lifts the limits of your Web GIS.`
            : t`You are on the ${planName} plan. Upgrade for more storage, private resources, your own domain name and branding.`
        }
      >
        <Button
          asChild
          variant={premium || state === 'ready' ? 'outline' : 'solid'}
          colorPalette="blue"
        >
          <RouterLink to="/$locale/subscription/update" from="/$locale">
            {premium ? t`Change plan` : t`Upgrade`}
          </RouterLink>
        </Button>
      </Action>
    </SectionCard>
  );
}

/** One action: what it does on the start side, its button on the end side. */
function Action({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Flex
      gap="section"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'flex-start', sm: 'center' }}
      justify="space-between"
      py="4"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0, pt: 0 }}
      _last={{ pb: 0 }}
    >
      <Stack gap="1" maxW="lg">
        <Text textStyle="label">{title}</Text>
        <Text textStyle="caption" color="fg.muted">
          {description}
        </Text>
      </Stack>
      {children}
    </Flex>
  );
}
