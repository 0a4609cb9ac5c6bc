import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { pageReads } from '../../../../contract/page-reads.ts';
import { isLocale } from '../../../i18n/locale.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { SoftwareScreen } from '../../../views/software/software-screen.tsx';

export const Route = createFileRoute('/$locale/_account/software')({
  staticData: {
    warmReads: (search) => pageReads('/software', search),
  },
  head: () => pageTitle(msg`Software`),
  component: SoftwarePage,
});

function SoftwarePage() {
  const { locale } = Route.useParams();
  return <SoftwareScreen locale={isLocale(locale) ? locale : 'en'} />;
}
