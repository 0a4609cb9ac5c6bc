import { chakra, Link } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Webgis } from '../../../contract/webgis.ts';
import { Badge } from '../../components/badge.tsx';
import { planNames } from '../../components/plan-names.ts';
import { formatDate } from '../../../contract/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { NewTabNote } from '../new-tab.tsx';
import { SectionCard } from './section-card.tsx';

/** The page's groups of states that show the details (section 3: no exact meaning). */
export type DetailsState = 'ready' | 'blocked';

const stateNames = {
  ready: { label: msg`Ready`, palette: 'green' },
  blocked: { label: msg`Blocked`, palette: 'red' },
} as const;

const languageNames = { en: msg`English`, ru: msg`Russian` } satisfies Record<Locale, unknown>;

export interface DetailsViewProps {
  webgis: Webgis;
  state: DetailsState;
  locale: Locale;
}

/** The instance at a glance: address, state, plan, data center, language, creation date. */
export function DetailsView({ webgis, state, locale }: DetailsViewProps) {
  const { t, i18n } = useLingui();
  const { label, palette } = stateNames[state];
  return (
    <SectionCard id="webgis-details" title={t`Details`}>
      <chakra.dl>
        <Row label={t`Address`}>
          <Link
            href={webgis.url}
            target="_blank"
            rel="noopener noreferrer"
            colorPalette="blue"
            variant="underline"
            wordBreak="break-all"
          >
            {webgis.url}
            <NewTabNote />
          </Link>
        </Row>
        <Row label={t`State`}>
          <Badge colorPalette={palette} size="md">
            {i18n._(label)}
          </Badge>
        </Row>
        <Row label={t`Plan`}>{i18n._(planNames[webgis.plan])}</Row>
        <Row label={t`Data center`}>{webgis.location.display_name[locale]}</Row>
        <Row label={t`Language`}>{i18n._(languageNames[webgis.language])}</Row>
        <Row label={t`Created`}>{formatDate(webgis.created_at, locale)}</Row>
      </chakra.dl>
    </SectionCard>
  );
}

/** A label and its value: side by side on a wide screen, the label above on a phone. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <chakra.div
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: '12rem 1fr' }}
      columnGap="section"
      rowGap="1"
      alignItems="baseline"
      py="3"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0, pt: 0 }}
      _last={{ pb: 0 }}
    >
      <chakra.dt textStyle="label" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd textStyle="body" minW="0">
        {children}
      </chakra.dd>
    </chakra.div>
  );
}
